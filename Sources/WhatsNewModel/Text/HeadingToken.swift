/// A heading's text cut into words, numbers, spaces and single symbols, so dates and versions
/// can be matched by shape without regular expressions.
package struct HeadingToken: Hashable {
    package enum Kind: Hashable { case word, number, space, symbol }

    package var kind: Kind
    package var text: String

    /// The token's first scalar: the whole of a symbol token.
    var first: Unicode.Scalar { text.unicodeScalars.first ?? " " }

    /// Compared as scalars: a symbol token is one scalar, and making a `Character` of it
    /// would run grapheme breaking on every comparison.
    package func isSymbol(_ scalar: Unicode.Scalar) -> Bool { kind == .symbol && first == scalar }

    /// For each token, whether it stands inside brackets from `opening` and `closing` (the
    /// brackets themselves included); an unmatched closing bracket is ignored.
    package static func enclosure(
        of tokens: [HeadingToken], opening: [Unicode.Scalar], closing: [Unicode.Scalar]
    ) -> [Bool] {
        var depth = 0
        return tokens.map { token in
            guard token.kind == .symbol else { return depth > 0 }
            let character = token.first
            if opening.contains(character) {
                depth += 1
                return true
            }
            if closing.contains(character) {
                depth = max(0, depth - 1)
                return true
            }
            return depth > 0
        }
    }

    /// Splits text into maximal runs of letters, of ASCII digits and of whitespace; anything
    /// else (punctuation, each scalar of an emoji) is a token of its own. Scalars, not
    /// characters: grapheme breaking costs more than any heading needs.
    package static func tokenize(_ text: String) -> [HeadingToken] {
        var tokens: [HeadingToken] = []
        for scalar in text.unicodeScalars {
            let kind = Self.kind(of: scalar)
            if kind != .symbol, let last = tokens.last, last.kind == kind {
                tokens[tokens.count - 1].text.unicodeScalars.append(scalar)
            } else {
                tokens.append(HeadingToken(kind: kind, text: String(scalar)))
            }
        }
        return tokens
    }

    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        if scalar.isASCII {  // most headings are ASCII; Unicode properties cost a table look-up
            switch scalar {
            case "0"..."9": return .number
            case "a"..."z", "A"..."Z": return .word
            case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}": return .space
            default: return .symbol
            }
        }
        if scalar.properties.isAlphabetic { return .word }
        if scalar.properties.isWhitespace { return .space }
        return .symbol
    }
}
