import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names when something is written to it. A regular file is replaced atomically,
/// at the end of any symbolic links (the links stay); a device, a FIFO or `-` is written as a
/// stream, never replaced; anything else is refused before a byte is written.
package enum FileDestination: Equatable {
    /// Standard output (`-`, or no path).
    case standardOutput
    /// A character device, FIFO or socket: opened and written in order.
    case stream(String)
    /// A regular file, existing or new, to replace by renaming a finished file over it.
    case file(String)

    /// Where writing `path` goes.
    package init(_ path: String?) throws(CommandFailure) {
        guard let path, path != "-" else {
            self = .standardOutput
            return
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw Self.failure(path, "cannot write: \(describe(errno: errno))") }
            self = .file(path)
            return
        }
        var real = path
        if (status.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = Self.resolve(path) else {
                let target = Self.linkTarget(path) ?? "nowhere"
                throw Self.failure(
                    path,
                    "is a symbolic link to \(target), which does not exist; create \(target) or remove the link")
            }
            real = resolved
            guard stat(real, &status) == 0 else { throw Self.failure(path, "cannot write: \(describe(errno: errno))") }
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .file(real)
        case S_IFCHR, S_IFIFO, S_IFSOCK: self = .stream(real)
        case S_IFDIR: throw Self.failure(path, "is a directory; name a file to write")
        default: throw Self.failure(path, "is not a regular file, a device or a FIFO; nothing was written to it")
        }
    }

    /// The absolute path with every link resolved; nil for a dangling link.
    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What a symbolic link says it points to.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func failure(_ path: String, _ message: String) -> CommandFailure {
        CommandFailure(Diagnostic(.unwritableOutput, at: SourceLocation(path: path), message))
    }
}
