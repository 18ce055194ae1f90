import WhatsNewModel
import WhatsNewReading

/// The git directory of the repository around a folder, found from files, with no git process:
/// `.git` itself, or the folder a worktree's or submodule's `.git` file names (`gitdir: …`),
/// and the common folder (`commondir`) where a worktree's config and tags live. The one reader
/// of `.git` for the tags a release is named by and the address issues link to.
package struct GitDirectory: Sendable {
    /// This work tree's git folder: `.git`, or the folder `gitdir:` names.
    package let path: String
    /// Where the config, the refs and `packed-refs` are: `commondir`, else ``path``.
    package let common: String

    /// The repository whose work tree holds `folder` (nearest `.git` from it up); nil outside one.
    package static func around(_ folder: String) -> GitDirectory? {
        var folder = Project.canonical(folder)
        while true {
            let dotGit = (folder == "/" ? "" : folder) + "/.git"
            if let kind = FileKind(of: dotGit) { return GitDirectory(dotGit: dotGit, kind: kind) }
            guard let slash = folder.lastIndex(of: "/"), folder != "/" else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }

    private init(dotGit: String, kind: FileKind) {
        // A `.git` file is a pointer, small and never a link; anything else is no repository's.
        guard kind != .directory, let text = Self.line(dotGit), text.hasPrefix("gitdir:") else {
            (path, common) = (dotGit, dotGit)
            return
        }
        var directory = text.dropFirst(7).trimmedWhitespace()
        if !directory.hasPrefix("/") { directory = Project.sibling(directory, of: dotGit) }
        path = directory
        guard let shared = Self.line(directory + "/commondir") else {
            common = directory
            return
        }
        common = shared.hasPrefix("/") ? shared : directory + "/" + shared
    }

    /// The first line of a small file of git's, read without following a link.
    private static func line(_ file: String) -> String? {
        OwnFile.read(file, limit: 4096, owned: false).map {
            String(decoding: $0, as: UTF8.self).trimmedWhitespace()
        }
    }
}
