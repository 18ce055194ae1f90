/// Finding a version where it stands as a whole in a heading or an address: `1.4.0` in
/// `[1.4.0]`, `v1.4.0` and `v1.3.1...v1.4.0`, but not in `1.4.0-beta`, `11.4.0` or `1.4.01`.
package enum VersionText {
    /// `text` with every whole occurrence of `version` replaced.
    package static func replacing(_ version: String, with replacement: String, in text: String) -> String {
        guard !version.isEmpty else { return text }
        let characters = Array(text)
        let needle = Array(version)
        var result = ""
        var index = 0
        while index < characters.count {
            if index + needle.count <= characters.count, Array(characters[index..<(index + needle.count)]) == needle,
                isBoundary(before: index, in: characters), isBoundary(after: index + needle.count, in: characters)
            {
                result += replacement
                index += needle.count
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }

    package static func contains(_ version: String, in text: String) -> Bool {
        replacing(version, with: "\u{E000}", in: text) != text
    }

    /// Before a version: the start, or anything but a letter, digit or dot, a lone `v`, or a
    /// percent-encoded character in an address (`milestone%3A4.0.0`).
    private static func isBoundary(before index: Int, in characters: [Character]) -> Bool {
        guard index > 0 else { return true }
        if index >= 3, characters[index - 3] == "%", characters[index - 2].isHexDigit, characters[index - 1].isHexDigit {
            return true
        }
        let previous = characters[index - 1]
        if previous == "v" || previous == "V" {
            return index < 2 || !(characters[index - 2].isLetter || characters[index - 2].isNumber)
        }
        // `4.2.0...4.2.1` compares two versions; `2.1.4.0` is one.
        if previous == "." { return index >= 2 && characters[index - 2] == "." }
        return !(previous.isLetter || previous.isNumber)
    }

    /// After a version: the end, or anything that does not carry the version on (`.5`, `-beta`, `0`).
    private static func isBoundary(after index: Int, in characters: [Character]) -> Bool {
        guard index < characters.count else { return true }
        let next = characters[index]
        if next.isLetter || next.isNumber { return false }
        if next == "." || next == "-" || next == "+" {
            guard index + 1 < characters.count else { return true }
            let following = characters[index + 1]
            return !(following.isLetter || following.isNumber)
        }
        return true
    }
}
