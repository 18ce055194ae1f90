import Foundation
import WhatsNewModel

/// The files a release changes, changed all together or not at all: the fragments are first
/// moved aside within their folder, then the notes file is replaced atomically, and only then
/// are the fragments deleted. Any failure puts the fragments back and leaves the notes as
/// they were.
package struct ReleaseFiles {
    /// The notes file to replace.
    package let notes: String
    /// The fragments to remove once the notes are written.
    package let fragments: [String]
    /// The fragments' folder, where they are set aside meanwhile.
    package let folder: String

    package init(notes: String, fragments: [String], folder: String) {
        self.notes = notes
        self.fragments = fragments
        self.folder = folder
    }

    package func commit(_ bytes: [UInt8]) throws(CommandFailure) {
        var staged: [(from: String, to: String)] = []
        var aside: String?
        if !fragments.isEmpty {
            var template = Array("\(folder)/.whatsnew-release-XXXXXX".utf8CString)
            guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw failure(folder, "cannot set the fragments aside in \(folder): \(describe(errno: errno))")
            }
            aside = String(cString: created)
            for path in fragments {
                let target = aside! + "/" + (path.split(separator: "/").last.map(String.init) ?? path)
                guard rename(path, target) == 0 else {
                    let reason = describe(errno: errno)
                    restore(staged, aside)
                    throw failure(path, "cannot move this fragment aside: \(reason); nothing was changed")
                }
                staged.append((path, target))
            }
        }
        do {
            try OutputTarget(path: notes).write(String(decoding: bytes, as: UTF8.self))
        } catch {
            restore(staged, aside)
            var failure = error
            failure.notes.append("nothing was changed: the fragments are back in \(folder)")
            throw failure
        }
        for move in staged { unlink(move.to) }
        if let aside { rmdir(aside) }
    }

    private func restore(_ staged: [(from: String, to: String)], _ aside: String?) {
        for move in staged.reversed() { rename(move.to, move.from) }
        if let aside { rmdir(aside) }
    }

    private func failure(_ path: String, _ message: String) -> CommandFailure {
        CommandFailure(Diagnostic(.unwritableOutput, at: SourceLocation(path: path), message))
    }
}
