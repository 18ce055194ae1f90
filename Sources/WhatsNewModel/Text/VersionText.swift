/// Finding a version where it stands as a whole in text, by one rule for every place whatsnew
/// looks for one: a heading or an address it edits (`1.4.0` in `[1.4.0]`, `v1.4.0` and
/// `v1.3.1...v1.4.0`, but not in `1.4.0-beta`, `11.4.0` or `1.4.01`), and the name of an
/// update archive (`Inkwell_v1.4.0.zip`, `Inkwell-1.4.0-arm64.dmg`).
package enum VersionText {
    /// What may follow a version and still leave it whole.
    package enum Suffix: Sendable {
        /// Nothing that carries it on: `1.4.0-beta` is another version.
        case none
        /// A build's variant after `-`, `_` or `+`, as archive names have them (`-arm64`).
        case variant
    }

    /// `text` with every whole occurrence of `version` replaced.
    package static func replacing(_ version: String, with replacement: String, in text: String) -> String {
        let characters = Array(text)
        var result = ""
        var next = 0
        for start in starts(of: version, in: characters, suffix: .none) {
            result += String(characters[next..<start]) + replacement
            next = start + version.count
        }
        return next == 0 ? text : result + String(characters[next...])
    }

    /// Whether `version` stands whole in `text`.
    package static func contains(_ version: String, in text: String, suffix: Suffix = .none) -> Bool {
        !starts(of: version, in: Array(text), suffix: suffix).isEmpty
    }

    /// What leads each whole occurrence of `version` in an address, back to its `/`, `...` or
    /// `=`: `socket.io@` of `compare/socket.io@4.8.2...socket.io@4.8.3`, `v` of `tag/v1.4.0`.
    package static func leads(of version: String, in address: String) -> [String] {
        let characters = Array(address)
        return starts(of: version, in: characters, suffix: .none).map { start in
            var lead = start
            while lead > 0, !"/=#".contains(characters[lead - 1]),
                !(lead >= 3 && characters[(lead - 3)..<lead].allSatisfy { $0 == "." })
            {
                lead -= 1
            }
            return String(characters[lead..<start])
        }
    }

    /// Where each whole occurrence of `version` starts, in characters.
    private static func starts(of version: String, in characters: [Character], suffix: Suffix) -> [Int] {
        let needle = Array(version)
        guard !needle.isEmpty, needle.count <= characters.count else { return [] }
        var found: [Int] = []
        var index = 0
        while index + needle.count <= characters.count {
            if characters[index..<(index + needle.count)].elementsEqual(needle),
                isBoundary(before: index, in: characters),
                isBoundary(after: index + needle.count, in: characters, suffix: suffix)
            {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// Before a version: the start, or anything but a letter, digit or dot, a lone `v`, or a
    /// percent-encoded character in an address (`milestone%3A4.0.0`).
    private static func isBoundary(before index: Int, in characters: [Character]) -> Bool {
        guard index > 0 else { return true }
        if index >= 3, characters[index - 3] == "%", characters[index - 2].isHexDigit, characters[index - 1].isHexDigit
        {
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

    /// After a version: the end, or anything that does not carry the version on (`.5`, `0`,
    /// and unless a variant may follow, `-beta`).
    private static func isBoundary(after index: Int, in characters: [Character], suffix: Suffix) -> Bool {
        guard index < characters.count else { return true }
        let next = characters[index]
        if next.isLetter || next.isNumber { return false }
        if next == "." || next == "-" || next == "+" {
            if suffix == .variant && next != "." { return true }
            guard index + 1 < characters.count else { return true }
            let following = characters[index + 1]
            return !(following.isLetter || following.isNumber)
        }
        return true
    }
}
