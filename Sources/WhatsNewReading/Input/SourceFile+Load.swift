import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file read, or standard input: with `DirectoryListing` and `FileKind`, the only place
/// the library's stages touch the file system (the project layer has its own file edge).
extension SourceFile {
    /// The largest input read unless the caller says otherwise: 8 MB. The largest public
    /// changelogs are 1–3 MB; the worst shape under the limit (hundreds of thousands of
    /// one-line releases) stays within a few seconds and under a gigabyte.
    public static let defaultMaximumSize = 8 << 20

    /// Reads a file, or standard input for `-`, refusing anything over `maximumSize` bytes.
    public static func load(path: String, maximumSize: Int = defaultMaximumSize) throws(Diagnostic) -> SourceFile {
        if path == "-" {
            let bytes = try readAll(descriptor: 0, path: "<stdin>", maximumSize: maximumSize)
            return try SourceFile(path: "<stdin>", bytes: bytes)
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw fileError(path: path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw Diagnostic(.unreadableFile, at: SourceLocation(path: path), "is a directory, not a Markdown file")
        }
        // A regular file says its size up front: refuse before reading a byte.
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > maximumSize {
            throw tooLarge(path: path, size: Int(status.st_size), maximumSize: maximumSize)
        }
        let expectedSize = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        return try SourceFile(
            path: path,
            bytes: try readAll(
                descriptor: descriptor, path: path, maximumSize: maximumSize, expectedSize: expectedSize))
    }

    /// Everything up to the limit; a pipe that goes on past it is refused, not read to the end.
    private static func readAll(
        descriptor: Int32, path: String, maximumSize: Int, expectedSize: Int = 0
    ) throws(Diagnostic) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expectedSize)
        // A regular file's size and a byte to see its end, not 64 KB zeroed for each of ten
        // thousand small fragments (7 % of releasing them).
        var chunk = [UInt8](repeating: 0, count: expectedSize > 0 ? min(expectedSize + 1, 1 << 16) : 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw fileError(path: path, errno: errno)
            }
            if count == 0 { return bytes }  // the end of the input
            bytes += chunk[0..<count]
            if bytes.count > maximumSize { throw tooLarge(path: path, size: nil, maximumSize: maximumSize) }
        }
    }

    private static func tooLarge(path: String, size: Int?, maximumSize: Int) -> Diagnostic {
        func megabytes(_ bytes: Int) -> String {
            let tenths = (bytes * 10 + (1 << 20) - 1) >> 20
            return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
        }
        let what = size.map { "is \(megabytes($0)), over" } ?? "is larger than"
        return Diagnostic(
            .inputTooLarge, at: SourceLocation(path: path),
            "this input \(what) the \(megabytes(maximumSize)) limit; raise it with --max-size (or max-size: in .whatsnew.yml) if it is meant to be this big"
        )
    }

    private static func fileError(path: String, errno code: Int32) -> Diagnostic {
        let reason =
            switch code {
            case ENOENT: "no such file"
            case EACCES: "permission denied"
            case EISDIR: "is a directory, not a Markdown file"
            default: String(cString: strerror(code)).lowercased()
            }
        return Diagnostic(.unreadableFile, at: SourceLocation(path: path), "cannot read: \(reason)")
    }
}
