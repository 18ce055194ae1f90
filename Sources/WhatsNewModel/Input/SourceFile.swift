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
}

extension Diagnostic: Error {}
