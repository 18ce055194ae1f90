import Foundation
import WhatsNewModel

/// The project's edge: the one rule for every path that comes with the repository. What a pull
/// request commits — `.whatsnew.yml`, the notes file, a symbolic link anywhere in the project —
/// must not lead a command to read or write anything outside the project's folder, or anything
/// inside `.git` (its hooks and config run code and hold a CI checkout's token). Paths the user
/// gives on the command line are the user's own choice, and may lead anywhere; a link inside the
/// project does not turn one of those into a way out of it.
package struct ProjectBoundary: Sendable {
    /// The project's folder, absolute, with its links resolved.
    package let root: String

    /// The edge of the project whose folder is `folder`.
    package init(folder: String) {
        root = Self.real(folder.isEmpty ? "." : folder)
    }

    /// Where a path comes from, which decides how far it is trusted.
    package enum Origin: Sendable {
        /// Given on the command line: trusted, unless it names a place inside the project that a
        /// link there leads out of.
        case commandLine
        /// From the repository (`.whatsnew.yml`, a file found in the project, one named in a
        /// file): must stay inside the project and outside `.git`.
        case repository
    }

    /// Where a path is, relative to the project.
    package enum Place: Equatable, Sendable {
        case inside, insideGit, outside
    }

    /// Refuses `path` unless it may be read or written: for a path from the repository, its
    /// real place (every link resolved) is inside the project and outside `.git`; for one from
    /// the command line, that holds whenever the path as written is inside the project.
    /// `setting` is where a setting named it, for the message; `what` says what the path is.
    package func admit(
        _ path: String, from origin: Origin, what: String, setting: SourceLocation? = nil
    ) throws(CommandFailure) {
        if let problem = problem(with: path, from: origin, what: what, shown: setting.map { _ in path }) {
            throw CommandFailure(
                Diagnostic(.outsideProject, at: setting ?? SourceLocation(path: path), problem),
                notes: ["nothing was read or written there"])
        }
    }

    /// Why `path` may not be used, or nil when it may; the message names it as `shown`.
    package func problem(with path: String, from origin: Origin, what: String, shown: String? = nil) -> String? {
        let named = place(of: Self.lexical(path))
        if origin == .commandLine, named != .inside { return nil }
        let real = Self.real(path)
        let path = shown ?? path
        switch place(of: real) {
        case .inside: return nil
        case .insideGit where named == .insideGit:
            return "\(what) \(path) is inside .git, which whatsnew never reads or writes for a repository's file"
        case .insideGit:
            return "\(what) \(path) leads into .git (\(real)) through a symbolic link; whatsnew never reads or writes .git for a repository's file"
        case .outside where named == .inside:
            return "\(what) \(path) leads outside the project (to \(real)) through a symbolic link; a link in the project cannot take whatsnew elsewhere, so give the place itself on the command line if it is meant"
        case .outside:
            return "\(what) \(path) is outside the project (\(root)); a path from the repository stays inside it, so give this one on the command line if it is meant"
        }
    }

    /// Where the absolute path `path` (without links) stands.
    package func place(of path: String) -> Place {
        let relative: Substring
        if root == "/" {
            relative = path.dropFirst()
        } else if path == root {
            return .inside
        } else if path.hasPrefix(root + "/") {
            relative = path.dropFirst(root.count + 1)
        } else {
            return .outside
        }
        return relative.split(separator: "/").contains { $0.lowercased() == ".git" } ? .insideGit : .inside
    }

    /// Whether `part` is one plain name in a folder: not empty, not `.` or `..`, without `/`,
    /// and not `.git` in any case.
    package static func isPlainName(_ part: String) -> Bool {
        !part.isEmpty && part != "." && part != ".." && !part.contains("/") && part.lowercased() != ".git"
    }

    /// `path` made absolute from here, with `.`, `..` and doubled slashes taken out as written,
    /// links left as they are.
    package static func lexical(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` made absolute with every link resolved; for a path that does not exist yet, its
    /// nearest existing folder's real place with the rest of the path after it. A dangling
    /// link counts as the place it points to.
    package static func real(_ path: String) -> String {
        var rest: [String] = []
        var current = path.isEmpty ? "." : path
        for _ in 0..<64 {
            if let resolved = FileDestination.resolve(current) {
                var parts = resolved.split(separator: "/").map(String.init)
                for part in rest.reversed() where part != "." {
                    if part == ".." { _ = parts.popLast() } else { parts.append(part) }
                }
                return "/" + parts.joined(separator: "/")
            }
            // A dangling link: where it points, from its folder.
            if FileKind(of: current) == .symbolicLink, let target = FileDestination.linkTarget(current) {
                current = target.hasPrefix("/") ? target : PreparedFile.split(current).directory + "/" + target
                continue
            }
            let (directory, name) = PreparedFile.split(current)
            guard directory != current else { break }
            rest.append(name)
            current = directory
        }
        return lexical(path)
    }
}

extension Project {
    /// The project's edge: the folder of its settings, else its own folder.
    package var boundary: ProjectBoundary {
        ProjectBoundary(folder: settings.map { PreparedFile.split($0.config.path).directory } ?? root)
    }
}
