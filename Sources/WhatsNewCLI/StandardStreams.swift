import Foundation

enum StandardOutput {
    /// Written straight from the renderer's bytes: a sheet can be tens of megabytes, and
    /// copying it into `Data` first doubled the memory it took.
    /// Returns the error number when the bytes could not all be written (a full disk).
    @discardableResult
    static func write(_ text: String) -> Int32? { write(Array(text.utf8)) }

    @discardableResult
    static func write(_ text: [UInt8]) -> Int32? {
        text.withUnsafeBufferPointer { bytes -> Int32? in
            var written = 0
            while written < bytes.count {
                let count = Foundation.write(1, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
    }
}

enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
