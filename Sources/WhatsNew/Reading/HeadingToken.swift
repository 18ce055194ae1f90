/// A heading's text cut into words, numbers, spaces and single symbols, so dates and versions
/// can be matched by shape without regular expressions.
struct HeadingToken: Hashable {
    enum Kind: Hashable { case word, number, space, symbol }

    var kind: Kind
    var text: String

    func isSymbol(_ character: Character) -> Bool { kind == .symbol && text.first == character }

    /// Splits text into maximal runs of letters, of ASCII digits and of whitespace; anything
    /// else (punctuation, emoji) is a token of its own.
    static func tokenize(_ text: String) -> [HeadingToken] {
        var tokens: [HeadingToken] = []
        for character in text {
            let kind: Kind =
                character.isASCII && character.isNumber
                ? .number
                : character.isLetter
                    ? .word
                    : character.isWhitespace
                        ? .space
                        : .symbol
            if kind != .symbol, let last = tokens.last, last.kind == kind {
                tokens[tokens.count - 1].text.append(character)
            } else {
                tokens.append(HeadingToken(kind: kind, text: String(character)))
            }
        }
        return tokens
    }
}
