import Foundation
import WhatsNewModel

/// The renames that put several finished files in place, written down before the first: a
/// run killed between two renames leaves the list, and the next run that writes in that folder
/// makes the rest. Every file is complete on disk before the list is written, so going
/// forward is always right.
struct FileCommitJournal {
    /// `.whatsnew-files-<pid>` in the first file's folder.
    let path: String

    static let prefix = ".whatsnew-files-"

    init(in directory: String) {
        path = "\(directory)/\(Self.prefix)\(getpid())"
    }

    private init(path: String) { self.path = path }

    /// Writes the list, ended by a line `end` so a list cut short is known for one.
    func begin(_ renames: [(from: String, to: String)]) -> Bool {
        let text = renames.map { "\(ReleaseJournal.escape($0.from))\t\(ReleaseJournal.escape($0.to))\n" }.joined() + "end\n"
        unlink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        let written = FileDescriptor.writeAll(text, to: descriptor) == nil && fsync(descriptor) == 0
        close(descriptor)
        if written { PreparedFile.flushFolder(of: path) } else { unlink(path) }
        return written
    }

    /// The renames are made, or undone: the list goes.
    func end() {
        unlink(path)
        PreparedFile.flushFolder(of: path)
    }

    /// Makes the renames a dead run listed in `directory` (whose names are `entries`) and did
    /// not make.
    static func finishAbandoned(in directory: String, entries: [String]) {
        for entry in entries where entry.hasPrefix(prefix) {
            guard let pid = pid_t(entry.dropFirst(prefix.count)), PreparedFile.isGone(pid) else { continue }
            let journal = FileCommitJournal(path: "\(directory)/\(entry)")
            let text = String(decoding: ContentFingerprint.contents(of: journal.path) ?? [], as: UTF8.self)
            let lines = text.split(separator: "\n")
            if lines.last == "end" {
                for line in lines.dropLast() {
                    let pair = line.split(separator: "\t", omittingEmptySubsequences: false)
                    guard pair.count == 2, let from = ReleaseJournal.unescape(String(pair[0])),
                        let to = ReleaseJournal.unescape(String(pair[1]))
                    else { continue }
                    if access(from, F_OK) == 0 { rename(from, to) }
                }
            }
            journal.end()
        }
    }
}
