import WhatsNewModel
import WhatsNewReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written in full beside the one it replaces, with that file's permissions and owner
/// (or the umask's for a new file), flushed to disk, not yet in its place: several are
/// prepared before any is committed, so a failure while writing leaves every target as it was.
///
/// The temporary file is a sealed leftover of its target (``LeftoverName``), locked while this
/// run lives, so a later run removes what a killed one left, and never what a running one is
/// writing or a file that merely has such a name.
package final class PreparedFile {
    /// The path as the user named it, for messages.
    package let path: String
    /// The regular file replaced: `path` with every symbolic link resolved.
    package let target: String
    private let temporary: String
    /// The finished file's name until it is committed.
    var temporaryPath: String { temporary }
    private var committed = false
    /// The temporary file, open and locked while this run owns it (``OwnFile/isAbandoned(_:)``).
    private var descriptor: Int32 = -1

    /// Writes what `produce` writes to a temporary file beside `target`, or in `staging` (a
    /// folder on the same file system) when `target`'s own folder is yet to be made.
    package init(
        _ path: String, target: String, staging: String? = nil,
        with produce: (inout DescriptorStream) throws(CommandFailure) -> Void
    ) throws(CommandFailure) {
        self.path = path
        self.target = target
        let (directory, name) = (staging ?? Self.split(target).directory, Self.split(target).name)
        try Self.removeAbandoned(of: name, in: directory)
        temporary = directory + "/" + LeftoverName.make(for: name)
        descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            committed = true  // nothing to remove
            throw FileDestination.failure(
                path, "cannot create a temporary file in \(directory): \(describe(errno: errno))")
        }
        // Where the file system has no such locks, no later run takes the file for a dead run's.
        flock(descriptor, LOCK_EX | LOCK_NB)
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
        if let failure {
            unlink(temporary)
            closeTemporary()
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
        closeTemporary()
        Self.flushFolder(of: target)
    }

    /// Puts the file in place under `name` in its folder only if nothing has that name yet,
    /// as `O_EXCL` would, but whole: a kill leaves either no file or the finished one. Returns
    /// false when the name is taken.
    package func commitAsNew(_ name: String) throws(CommandFailure) -> Bool {
        let destination = Self.split(target).directory + "/" + name
        if systemLink(temporary, destination) != 0 {
            let code = errno
            if code == EEXIST { return false }
            // File systems without hard links: a rename, once the name is seen to be free.
            guard code == EPERM || code == ENOTSUP || code == ENOSYS, !ProjectFiles.exists(destination) else {
                throw FileDestination.failure(destination, "cannot write: \(describe(errno: code))")
            }
            guard rename(temporary, destination) == 0 else {
                throw FileDestination.failure(destination, "cannot write: \(describe(errno: errno))")
            }
        }
        unlink(temporary)
        committed = true
        closeTemporary()
        Self.flushFolder(of: destination)
        return true
    }

    deinit {
        if !committed { unlink(temporary) }
        closeTemporary()
    }

    /// Closes the temporary file, which lets its lock go.
    private func closeTemporary() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
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

    /// What dead runs left in `directory`: their lists of renames are carried out first
    /// (``FileCommitJournal``), then their leftovers (of `name` only, or of any file) removed. A
    /// leftover is removed only when its name carries this user's seal and its writer is gone;
    /// anything else is left as it is.
    package static func removeAbandoned(of name: String? = nil, in directory: String) throws(CommandFailure) {
        let entries = DirectoryListing.names(in: directory, where: LeftoverName.looksLikeOne)
        guard !entries.isEmpty else { return }
        try FileCommitJournal.finishAbandoned(in: directory, entries: entries)
        removeAbandonedTemporaries(of: name, in: directory, entries: entries)
    }

    /// The temporary files and folders of `name` (any name when nil) dead runs left in
    /// `directory`, removed; lists of renames are left to ``removeAbandoned(of:in:)``.
    static func removeAbandonedTemporaries(of name: String?, in directory: String, entries: [String]? = nil) {
        for entry in entries ?? DirectoryListing.names(in: directory, where: LeftoverName.looksLikeOne) {
            guard let target = LeftoverName.target(of: entry), name == nil || target == name else { continue }
            let path = "\(directory)/\(entry)"
            guard OwnFile.isAbandoned(path) else { continue }
            // A folder made whole before its rename (the first fragment's, a journal's) holds
            // files only; anything else in it stays, and so does the folder.
            if FileKind(of: path) == .directory {
                for inner in DirectoryListing.names(in: path) where FileKind(of: path + "/" + inner) != .directory {
                    unlink(path + "/" + inner)
                }
                rmdir(path)
            } else {
                unlink(path)
            }
        }
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
