import Foundation
import WhatsNewModel

/// A file written in full beside the one it replaces, with that file's permissions and owner
/// (or the umask's for a new file), flushed to disk, not yet in its place: several are
/// prepared before any is committed, so a failure while writing leaves every target as it was.
///
/// The temporary file's name carries the process number (`.CHANGELOG.md.whatsnew-4242-Xq3Ab1`),
/// so a later run removes what a killed one left, and never what a running one is writing.
package final class PreparedFile {
    /// The path as the user named it, for messages.
    package let path: String
    /// The regular file replaced: `path` with every symbolic link resolved.
    package let target: String
    private let temporary: String
    /// The finished file's name until it is committed.
    var temporaryPath: String { temporary }
    private var committed = false

    /// Writes what `produce` writes to a temporary file beside `target`.
    package init(
        _ path: String, target: String, with produce: (inout DescriptorStream) throws(CommandFailure) -> Void
    ) throws(CommandFailure) {
        self.path = path
        self.target = target
        let (directory, name) = Self.split(target)
        Self.removeAbandoned(of: name, in: directory)
        var template = Array("\(directory)/.\(name).whatsnew-\(getpid())-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw FileDestination.failure(path, "cannot create a temporary file in \(directory): \(describe(errno: errno))")
        }
        temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var stream = DescriptorStream(descriptor: descriptor)
        var failure: CommandFailure?
        do {
            try Self.keepAttributes(of: target, on: descriptor)
            try produce(&stream)
            if let error = stream.error {
                failure = FileDestination.failure(path, "cannot write: \(describe(errno: error))")
            } else if fsync(descriptor) != 0 {
                failure = FileDestination.failure(path, "cannot write: \(describe(errno: errno))")
            }
        } catch {
            failure = error
        }
        if close(descriptor) != 0, failure == nil {
            failure = FileDestination.failure(path, "cannot write: \(describe(errno: errno))")
        }
        if let failure {
            unlink(temporary)
            committed = true  // nothing left to remove
            throw failure
        }
    }

    /// Renames the file over its target and flushes the folder, so the new name survives a
    /// power cut before anything that depends on it (deleting the fragments) happens.
    package func commit() throws(CommandFailure) {
        guard rename(temporary, target) == 0 else {
            let code = errno
            let hint =
                code == EBUSY || code == EXDEV
                ? " (it is a mount point of its own, where a file cannot be replaced atomically; mount its folder instead)"
                : ""
            throw FileDestination.failure(path, "cannot replace \(path): \(describe(errno: code))\(hint)")
        }
        committed = true
        Self.flushFolder(of: target)
    }

    /// Puts the file in place under `name` in its folder only if nothing has that name yet,
    /// as `O_EXCL` would, but whole: a kill leaves either no file or the finished one. Returns
    /// false when the name is taken.
    package func commitAsNew(_ name: String) throws(CommandFailure) -> Bool {
        let destination = Self.split(target).directory + "/" + name
        if Foundation.link(temporary, destination) != 0 {
            let code = errno
            if code == EEXIST { return false }
            // File systems without hard links: a rename, once the name is seen to be free.
            guard code == EPERM || code == ENOTSUP || code == ENOSYS, access(destination, F_OK) != 0 else {
                throw FileDestination.failure(destination, "cannot write: \(describe(errno: code))")
            }
            guard rename(temporary, destination) == 0 else {
                throw FileDestination.failure(destination, "cannot write: \(describe(errno: errno))")
            }
        }
        unlink(temporary)
        committed = true
        Self.flushFolder(of: destination)
        return true
    }

    deinit {
        if !committed { unlink(temporary) }
    }

    /// The target's mode, and its owner where this process may give it; a new file takes the
    /// umask's mode, as a shell's `>` would.
    private static func keepAttributes(of target: String, on descriptor: Int32) throws(CommandFailure) {
        var status = stat()
        guard stat(target, &status) == 0 else {
            guard fchmod(descriptor, 0o666 & ~umaskValue()) == 0 else {
                throw FileDestination.failure(target, "cannot set the permissions: \(describe(errno: errno))")
            }
            return
        }
        if status.st_uid != geteuid() || status.st_gid != getegid() {
            _ = fchown(descriptor, status.st_uid, status.st_gid)  // a user may not give files away
        }
        guard fchmod(descriptor, status.st_mode & 0o7777) == 0 else {
            throw FileDestination.failure(target, "cannot keep the permissions: \(describe(errno: errno))")
        }
    }

    /// Flushes a folder's entries to disk; file systems that cannot are left as they are.
    package static func flushFolder(of path: String) {
        let descriptor = open(split(path).directory, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Temporary files of `name` whose writer has died.
    /// Temporary files a dead run left in `directory`: of `name` only, or of any file. A list of
    /// renames a dead run left there is carried out first (``FileCommitJournal``).
    package static func removeAbandoned(of name: String? = nil, in directory: String) {
        let entries = DirectoryListing.names(in: directory)
        FileCommitJournal.finishAbandoned(in: directory, entries: entries)
        let prefix = name.map { ".\($0).whatsnew-" }
        for entry in entries where entry.hasPrefix(prefix ?? ".") {
            guard let marker = entry.range(of: ".whatsnew-", options: .backwards) else { continue }
            let rest = entry[marker.upperBound...]
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), isGone(pid) else { continue }
            let path = "\(directory)/\(entry)"
            // A folder made whole before its rename (the first fragment's) holds files only.
            if FileKind(of: path) == .directory {
                for inner in DirectoryListing.names(in: path) { unlink(path + "/" + inner) }
                rmdir(path)
            } else {
                unlink(path)
            }
        }
    }

    /// Whether process `pid` has ended. This process's own number on an old file counts as
    /// ended: a run before this one, in a container that numbers its processes the same way.
    static func isGone(_ pid: pid_t) -> Bool {
        pid > 0 && (pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH))
    }

    /// The folder (`.` for none) and the name.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// The process's umask, which `umask` only tells by setting it.
    static func umaskValue() -> mode_t {
        let current = umask(0)
        umask(current)
        return current
    }
}
