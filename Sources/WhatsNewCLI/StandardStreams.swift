import Foundation

enum StandardOutput {
    /// Returns the error number when the text could not all be written (a full disk).
    @discardableResult
    static func write(_ text: String) -> Int32? {
        Array(text.utf8).withUnsafeBytes { FileDescriptor.writeAll($0, to: 1) }
    }
}

enum FileDescriptor {
    /// Writes all of `bytes`, however many calls it takes; the error number if one fails.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var written = 0
        while written < bytes.count {
            let count = Foundation.write(descriptor, base + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }
}

enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
