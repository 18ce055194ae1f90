// Text helpers for headings and short values. They walk Unicode scalars, not characters:
// grapheme breaking is the expensive part of Swift strings, and none of these need it. They
// are inlinable so every stage that calls them gets them specialized for its own strings.
extension StringProtocol {
    /// The text without leading and trailing whitespace.
    @inlinable package func trimmedWhitespace() -> String {
        trimmingScalars(where: \.isWhitespace)
    }

    /// The text without any of `characters` at either end (each a single scalar).
    @inlinable package func trimmingCharacters(from characters: String) -> String {
        let set = characters.unicodeScalars
        return trimmingScalars { set.contains($0) }
    }

    /// Runs of whitespace folded to one space, ends trimmed.
    @inlinable package func collapsingWhitespace() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.isWhitespace {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(UInt8(ascii: " ")) }
                pendingSpace = false
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @inlinable func trimmingScalars(where shouldTrim: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !shouldTrim($0) }),
            let last = scalars.lastIndex(where: { !shouldTrim($0) })
        else { return "" }
        return String(self[first..<scalars.index(after: last)])
    }
}

extension Unicode.Scalar {
    /// Unicode's White_Space property; ASCII is answered without the property table, whose
    /// look-up costs more than the rest of a short heading's handling.
    @inlinable package var isWhitespace: Bool {
        isASCII ? (self == " " || (0x09...0x0D).contains(value)) : properties.isWhitespace
    }
}
