import WhatsNewModel

/// How the renderers that write as they go hand their output on.
enum StreamedOutput {
    /// How much output is gathered before it is handed on: large enough that a write costs
    /// little per byte, small enough that a long sheet is never held whole.
    static let chunkSize = 1 << 16
}

/// A stream that takes UTF-8 bytes as they are, as the process's output and files do.
///
/// The renderers that gather bytes (HTML, JSON) hand them to it without making a string of
/// them first: a string checks every byte again, a tenth of the time of a long HTML sheet.
public protocol UTF8OutputStream: TextOutputStream {
    /// Writes `bytes`, which hold whole UTF-8 characters.
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
}

extension TextOutputStream {
    /// Writes whole UTF-8 characters: as bytes to a stream that takes them, else as a string.
    mutating func writeUTF8(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if var stream = self as? any UTF8OutputStream {
            bytes.withUnsafeBufferPointer { stream.write(utf8: $0) }
            // The stream is this one, mutated: written back, it keeps what writing changed.
            if let written = stream as? Self {
                self = written
                return
            }
        }
        write(String(decoding: bytes, as: UTF8.self))
    }
}
