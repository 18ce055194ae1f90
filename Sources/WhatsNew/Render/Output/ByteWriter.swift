/// Output built as UTF-8 bytes in one growing buffer.
///
/// Renderers append here rather than to a `String`: a String append costs a call and a
/// capacity check per piece, and escaping scalar by scalar costs one per character, which on a
/// large changelog was most of the run (callgrind: 1.49 G of 2.22 G instructions for JSON).
///
/// With a sink, the bytes are handed on whenever a finished part is added and at `flush`, so
/// a large sheet goes out while the rest is rendered instead of being held whole.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []
    private let sink: OutputSink?

    init(capacity: Int = 0) {
        sink = nil
        bytes.reserveCapacity(capacity)
    }

    init(sink: OutputSink) {
        self.sink = sink
        bytes.reserveCapacity(1 << 16)
    }

    /// Hands everything written so far to the sink; without one the bytes stay here.
    mutating func flush() {
        guard let sink, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes(sink.write)
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Up to four bytes one by one: `append(contentsOf:)` costs about a hundred instructions
    /// a call, and most of JSON's punctuation and indentation is one to four bytes.
    private mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count > 4 else {
            for byte in utf8 { bytes.append(byte) }
            return
        }
        bytes.append(contentsOf: utf8)
    }

    mutating func write(_ text: Substring) {
        var text = text
        text.withUTF8 { append($0) }
    }

    mutating func write(byte: UInt8) { bytes.append(byte) }

    /// A part written elsewhere, added after what is here: with a sink, handed on as it is.
    mutating func write(_ other: ByteWriter) {
        guard let sink else { return bytes.append(contentsOf: other.bytes) }
        flush()
        other.bytes.withUnsafeBytes(sink.write)
    }

    /// Takes back everything written after the first `count` bytes; only without a sink, which
    /// may have handed them on.
    mutating func truncate(to count: Int) {
        guard count < bytes.count else { return }
        bytes.removeSubrange(count...)
    }

    mutating func write(_ value: Int) { write(String(value)) }

    mutating func write(spaces count: Int) {
        guard count > 0 else { return }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// Appends `text` in one pass: runs of bytes that need nothing are copied whole, and each
    /// byte `needsEscape` picks is handed to `escape` instead. Inlined, so the test is not a
    /// closure call per byte.
    @inline(__always)
    mutating func write(
        _ text: Substring, escapingWhere needsEscape: (UInt8) -> Bool, with escape: (inout ByteWriter, UInt8) -> Void
    ) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count where needsEscape(utf8[index]) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(&self, utf8[index])
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    /// The bytes as a String; they are valid UTF-8 because only Strings were written.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
