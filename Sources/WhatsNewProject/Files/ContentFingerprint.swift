#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's content told apart from any other by its size and a 64-bit FNV-1a hash: what a
/// release journal records of the notes before and after, and what a writer checks to know
/// that nothing else changed a file since it was read.
package struct ContentFingerprint: Equatable, Sendable {
    package var size: Int
    package var hash: UInt64

    /// The fingerprint of `bytes`.
    package init<Bytes: Sequence<UInt8>>(of bytes: Bytes) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var size = 0
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            size += 1
        }
        (self.size, self.hash) = (size, hash)
    }

    package init(size: Int, hash: UInt64) {
        (self.size, self.hash) = (size, hash)
    }

    /// The fingerprint of the file at `path` as it is now, byte for byte (a byte-order mark
    /// included); nil when it cannot be read.
    package init?(ofFileAt path: String) {
        guard let bytes = Self.contents(of: path) else { return nil }
        self.init(of: bytes)
    }

    /// `size:hash`, as the journal writes it.
    package var text: String { "\(size):\(String(hash, radix: 16))" }

    package init?(text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let size = Int(parts[0]), let hash = UInt64(parts[1], radix: 16) else { return nil }
        self.init(size: size, hash: hash)
    }

    /// A file's raw bytes; nil when it cannot be read.
    package static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}
