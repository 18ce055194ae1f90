#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a run reads back from an earlier one (a rename list, a release plan, a saved file, a
/// temporary to remove), looked at as a stranger's until proven otherwise: never through a
/// symbolic link, only a regular file or folder, only this user's, never more than a limit.
package enum OwnFile {
    /// The bytes of the regular file at `path`, when it is one (not a link, a device or a FIFO),
    /// holds at most `limit` bytes and, with `owned`, is this user's; with `private`, no one else
    /// may read or write it either. Nil otherwise.
    package static func read(_ path: String, limit: Int, owned: Bool = true, private: Bool = false) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= limit,
            !owned || status.st_uid == geteuid(), !`private` || status.st_mode & 0o077 == 0
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            count += got
        }
        // A file that grew past its size while read is not the one looked at.
        guard count <= limit, count <= Int(status.st_size) else { return nil }
        return Array(bytes[0..<count])
    }

    /// Whether the entry at `path` is this user's own regular file or folder, looked at
    /// without following a link. Root's runs give a file they replace its owner's name, so for
    /// root any owner will do: the seal on the name tells whose it is.
    package static func isOwned(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return (kind == S_IFREG || kind == S_IFDIR) && (status.st_uid == geteuid() || geteuid() == 0)
    }

    /// Whether the entry at `path` is this user's, and the run that wrote it has ended: a live
    /// run holds the kernel's lock on each thing it leaves while it works (``HeldLock``), and
    /// the kernel lets it go when the run ends however it ends (even as a zombie not yet
    /// reaped, or a process in another container), so a free lock proves the writer gone.
    package static func isAbandoned(_ path: String) -> Bool {
        guard isOwned(path) else { return false }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
}

/// The kernel's lock on a file or folder a run leaves while it works, held until the run lets
/// it go or ends: what ``OwnFile/isAbandoned(_:)`` asks.
package final class HeldLock {
    private var descriptor: Int32

    /// Locks the entry at `path` (not through a link); nil when it cannot be opened or locked.
    package init?(_ path: String) {
        descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            release()
            return nil
        }
    }

    /// Locks the open file `descriptor`, which the lock then owns and closes, locked or not.
    package init?(descriptor: Int32) {
        self.descriptor = descriptor
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            release()
            return nil
        }
    }

    /// Lets the lock go.
    package func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
