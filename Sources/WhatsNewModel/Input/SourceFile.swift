#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of one input, checked to be UTF-8 text, with any byte-order mark removed.
public struct SourceFile: Sendable {
    /// The path as the user gave it, or `<stdin>` for `-`.
    public let path: String
    /// Valid UTF-8 without a byte-order mark.
    public let bytes: [UInt8]
    /// Whether the file began with a UTF-8 byte-order mark, which an edit of it writes back.
    public let hasByteOrderMark: Bool

    /// Checks `bytes` and keeps them; the thrown diagnostic names the first bad byte.
    public init(path: String, bytes: [UInt8]) throws(Diagnostic) {
        self.path = path
        if let nul = Self.firstNUL(in: bytes) {
            let place = TextPosition(of: nul, in: bytes)
            throw Diagnostic(
                .binaryFile, at: SourceLocation(path: path, line: place.line, column: place.column),
                "this looks like a binary file (NUL byte at offset \(nul)), not Markdown text")
        }
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            let place = TextPosition(of: bad, in: bytes)
            let hex = String(bytes[bad], radix: 16, uppercase: true)
            throw Diagnostic(
                .invalidEncoding, at: SourceLocation(path: path, line: place.line, column: place.column),
                "invalid UTF-8: byte 0x\(hex) at offset \(bad) is not part of a valid character; save the file as UTF-8"
            )
        }
        hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        self.bytes = hasByteOrderMark ? Array(bytes.dropFirst(3)) : bytes
    }

    /// The offset of the first NUL byte: libc's `memchr` scans words where `firstIndex` takes a
    /// byte at a time.
    private static func firstNUL(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress, let found = memchr(start, 0, buffer.count) else { return nil }
            return UnsafeRawPointer(found) - start
        }
    }

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

extension Diagnostic: Error {}
