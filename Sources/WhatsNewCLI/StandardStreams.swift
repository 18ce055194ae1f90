import Foundation

enum StandardOutput {
    /// Returns the error number when the text could not all be written (a full disk).
    @discardableResult
    static func write(_ text: String) -> Int32? {
        FileDescriptor.writeAll(Array(text.utf8), to: STDOUT_FILENO)
    }
}

enum FileDescriptor {
    /// Writes all of `bytes`, however many calls it takes; the error number if one fails.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
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
