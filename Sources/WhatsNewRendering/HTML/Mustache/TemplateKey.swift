/// A name in a template or in its context, with a word made of its length and first seven
/// bytes: looking a name up compares words, and only names longer than seven bytes whose
/// words agree compare their text. A million-release sheet looks names up tens of millions
/// of times.
struct TemplateKey: Sendable, ExpressibleByStringLiteral {
    /// The name, where the word does not hold all of it (empty for a short literal).
    let name: String
    private let word: UInt64

    init(_ name: String) {
        self.name = name
        var name = name
        word = name.withUTF8(Self.word)
    }

    /// A context's own names are literals: their bytes are read where the compiler put them,
    /// and made a string only when the word cannot tell them apart (longer than seven bytes).
    init(stringLiteral name: StaticString) {
        word = name.withUTF8Buffer(Self.word)
        self.name = word >> 56 <= 7 ? "" : name.description
    }

    private static func word(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var word = UInt64(min(bytes.count, 255)) << 56  // a longer name compares its text anyway
        for index in 0..<min(bytes.count, 7) { word |= UInt64(bytes[index]) << (8 * UInt64(index)) }
        return word
    }

    /// Whether both are the same name.
    func matches(_ other: TemplateKey) -> Bool {
        word == other.word && (word >> 56 <= 7 || name == other.name)
    }
}
