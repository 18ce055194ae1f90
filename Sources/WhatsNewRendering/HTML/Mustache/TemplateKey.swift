/// A name in a template or in its context, held as two words: its length and first fifteen
/// bytes. Looking a name up compares words; only names longer than fifteen bytes (none of the
/// built-in templates' names) compare their text. A million-release sheet looks names up tens
/// of millions of times.
struct TemplateKey: Sendable, ExpressibleByStringLiteral {
    /// The name, where the words do not hold all of it (empty otherwise).
    let name: String
    private let first: UInt64
    private let second: UInt64

    init(_ name: String) {
        var name = name
        (first, second) = name.withUTF8(Self.words)
        self.name = first >> 56 <= 15 ? "" : name
    }

    /// A context's own names are literals: their bytes are read where the compiler put them,
    /// and made a string only when the words cannot tell them apart.
    init(stringLiteral name: StaticString) {
        (first, second) = name.withUTF8Buffer(Self.words)
        self.name = first >> 56 <= 15 ? "" : name.description
    }

    /// The length (at most 255: a longer name compares its text anyway) and bytes 0–6, then
    /// bytes 7–14.
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var first = UInt64(min(bytes.count, 255)) << 56
        var second: UInt64 = 0
        // Two loops without a branch in them: every key of every release's context comes here.
        for index in 0..<min(bytes.count, 7) { first |= UInt64(bytes[index]) << (8 * UInt64(index)) }
        for index in min(bytes.count, 7)..<min(bytes.count, 15) {
            second |= UInt64(bytes[index]) << (8 * UInt64(index - 7))
        }
        return (first, second)
    }

    /// Whether both are the same name.
    func matches(_ other: TemplateKey) -> Bool {
        first == other.first && second == other.second && (first >> 56 <= 15 || name == other.name)
    }
}
