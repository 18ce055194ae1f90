/// A release's version as written (`1.4.0`, `10.0.0-rc.2`, `1.0.0rc4`, `2024.03`), ordered by
/// precedence: numbers first, then a pre-release sorts before the release it leads to.
public struct Version: Sendable, Hashable, CustomStringConvertible {
    /// The version as the notes spell it, without a leading `v`.
    public let text: String
    let numbers: [Int]
    /// Identifiers after the numbers: a pre-release (`beta.2`, `rc4`) sorts before the release,
    /// a post-release (`1.1.1w`, `2.0.post1`) after it.
    let prerelease: [String]
    let isPostRelease: Bool

    /// Nil unless `text` starts with a digit (after an optional `v`).
    public init?(_ text: String) {
        var text = Substring(text)
        if let first = text.first, first == "v" || first == "V" { text = text.dropFirst() }
        guard let first = text.first, first.isASCII, first.isNumber else { return nil }
        let (numbers, rest) = Version.leadingNumbers(of: text)
        self.text = String(text)
        self.numbers = numbers
        let suffix = rest.prefix { $0 != "+" }
        self.prerelease = Version.identifiers(in: suffix.drop { $0 == "-" || $0 == "." || $0 == " " })
        // OpenSSL's `1.1.1w` and PEP 440's `.post1` come after the release they follow.
        let isSingleLetter = suffix.count == 1 && suffix.first!.isLetter
        self.isPostRelease = isSingleLetter || Version.postReleaseMarkers.contains(prerelease.first ?? "")
    }

    public var description: String { text }

    private static let postReleaseMarkers: Set<String> = ["post", "patch", "pl"]

    /// The dot-separated numbers `text` starts with, and what follows them.
    static func leadingNumbers(of text: Substring) -> (numbers: [Int], rest: Substring) {
        var numbers: [Int] = []
        var rest = text[...]
        while true {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { break }
            numbers.append(Int(digits.prefix(18)) ?? 0)
            rest = rest.dropFirst(digits.count)
            guard rest.first == ".", let next = rest.dropFirst().first, next.isASCII, next.isNumber else { break }
            rest = rest.dropFirst()
        }
        return (numbers, rest)
    }

    /// Whether the user's `query` names this version (`v1.4.0` and `1.4.0` are the same).
    public func matches(_ query: String) -> Bool {
        guard let other = Version(query) else { return false }
        return other.text.lowercased() == text.lowercased()
    }

    /// Precedence order; versions equal in precedence (`1.0` and `1.0.0`) compare as `.same`.
    public func compare(to other: Version) -> Order {
        for index in 0..<max(numbers.count, other.numbers.count) {
            let left = index < numbers.count ? numbers[index] : 0
            let right = index < other.numbers.count ? other.numbers[index] : 0
            if left != right { return left < right ? .older : .newer }
        }
        switch (rank, other.rank) {
        case let (left, right) where left != right: return left < right ? .older : .newer
        case (1, _): return .same
        default: return Version.compare(prerelease, other.prerelease)
        }
    }

    public enum Order: Sendable { case older, same, newer }

    /// Pre-releases, then the release, then post-releases of the same numbers.
    private var rank: Int { prerelease.isEmpty ? 1 : isPostRelease ? 2 : 0 }

    /// Splits `beta.2`, `rc4` and `post1` into identifiers at dots, dashes and letter–digit seams.
    private static func identifiers(in text: Substring) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text {
            if character == "." || character == "-" || character == " " {  // `4.0.0 beta 2`
                if !current.isEmpty { result.append(current) }
                current = ""
                continue
            }
            if let last = current.last, last.isNumber != character.isNumber {
                result.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { result.append(current) }
        return result.map { $0.lowercased() }
    }

    private static func compare(_ left: [String], _ right: [String]) -> Order {
        for (a, b) in zip(left, right) where a != b {
            switch (Int(a), Int(b)) {
            case let (x?, y?): return x < y ? .older : .newer
            case (.some, nil): return .older
            case (nil, .some): return .newer
            case (nil, nil): return a < b ? .older : .newer
            }
        }
        return left.count == right.count ? .same : (left.count < right.count ? .older : .newer)
    }
}
