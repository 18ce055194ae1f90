/// A release's version as written (`1.4.0`, `10.0.0-rc.2`, `1.0.0rc4`, `2024.03`, `1.2.3.4`,
/// `2024-05-02`), ordered by precedence: numbers first, part by part (a missing part is 0, so
/// `1.0` and `1.0.0` are the same); then a pre-release (`-beta.2`, `rc4`) sorts before the
/// release it leads to, identifier by identifier, numbers numerically; a post-release (`1.1.1w`,
/// `2.0.post1`) after it. A date used as a version is read as its year, month and day. Build
/// metadata (`+build.7`) does not count.
///
/// whatsnew orders releases with this type, and so can an app:
///
/// ```swift
/// ReleaseVersion("2.0.0-rc.1")! < ReleaseVersion("2.0.0")!   // true
/// ```
public struct ReleaseVersion: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The version as the notes spell it, without a leading `v`.
    public let text: String
    package let numbers: [Int]
    /// Identifiers after the numbers: a pre-release (`beta.2`, `rc4`) sorts before the release,
    /// a post-release (`1.1.1w`, `2.0.post1`) after it.
    package let prerelease: [String]
    package let isPostRelease: Bool

    /// Nil unless `text` starts with a digit (after an optional `v`).
    public init?(_ text: String) {
        var text = Substring(text)
        // Byte by byte where the first character is one byte, as in nearly every version: a
        // Character's properties cost a hundred times more, and every heading is tried.
        if let first = ReleaseVersion.firstByte(of: text) {
            if first == UInt8(ascii: "v") || first == UInt8(ascii: "V") {
                text = text[text.utf8.index(after: text.startIndex)...]
            }
        } else if let first = text.first, first == "v" || first == "V" {
            text = text.dropFirst()
        }
        if let first = ReleaseVersion.firstByte(of: text) {
            guard (0x30...0x39).contains(first) else { return nil }
        } else {
            guard let first = text.first, first.isASCII, first.isNumber else { return nil }
        }
        var (numbers, rest) = ReleaseVersion.leadingNumbers(of: text)
        guard !rest.isEmpty else {
            // `1.4.0`: numbers alone, as most versions are.
            self.text = String(text)
            self.numbers = numbers
            prerelease = []
            isPostRelease = false
            return
        }
        // `2024-05-02`: a date as a version is its year, month and day, not a pre-release of 2024.
        if numbers.count == 1, let date = ReleaseVersion.monthAndDay(rest) {
            numbers += date
            rest = rest.dropFirst(6)
        }
        self.text = String(text)
        self.numbers = numbers
        let suffix = rest.prefix { $0 != "+" }
        self.prerelease = ReleaseVersion.identifiers(in: suffix.drop { $0 == "-" || $0 == "." || $0 == " " })
        // OpenSSL's `1.1.1w` and PEP 440's `.post1` come after the release they follow.
        let isSingleLetter = suffix.count == 1 && suffix.first!.isLetter
        self.isPostRelease = isSingleLetter || ReleaseVersion.postReleaseMarkers.contains(prerelease.first ?? "")
    }

    /// A version of numbers alone (`1.4.0`) whose numbers the caller has read: the value
    /// `ReleaseVersion(text)` gives, without reading them again (every heading of a long
    /// changelog comes here).
    package init(plain text: String, numbers: [Int]) {
        self.text = text
        self.numbers = numbers
        prerelease = []
        isPostRelease = false
    }

    public var description: String { text }

    /// The text's first character when it is a single ASCII byte (an ASCII byte followed by
    /// another, or by nothing; not a carriage return, which a line feed joins); nil otherwise.
    private static func firstByte(of text: Substring) -> UInt8? {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), first < 0x80, first != UInt8(ascii: "\r") else { return nil }
        if let second = bytes.next(), second >= 0x80 { return nil }
        return first
    }

    /// Precedence; versions equal in precedence (`1.0`, `1.0.0`) are neither less nor greater.
    public static func < (lhs: ReleaseVersion, rhs: ReleaseVersion) -> Bool { lhs.compare(to: rhs) == .older }

    /// Equal in precedence, as ``compare(to:)`` says `.same`: `1.0` and `v1.0.0` are one version,
    /// so a set or a dictionary keyed by versions agrees with their order.
    public static func == (lhs: ReleaseVersion, rhs: ReleaseVersion) -> Bool { lhs.compare(to: rhs) == .same }

    /// Hashes what precedence reads: the numbers without trailing zeros, and the identifiers of a
    /// pre- or post-release.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(numbers.lastIndex { $0 != 0 }.map { numbers[...$0] } ?? [])
        hasher.combine(rank)
        if rank != 1 { hasher.combine(prerelease.map { Int($0).map(String.init) ?? $0 }) }
    }

    /// `-05-02` after a year: the month and day of a real calendar date shape.
    private static func monthAndDay(_ rest: Substring) -> [Int]? {
        let bytes = Array(rest.utf8.prefix(7))
        guard bytes.count >= 6, bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: "-"),
            [1, 2, 4, 5].allSatisfy({ (0x30...0x39).contains(bytes[$0]) }),
            bytes.count == 6 || !(0x30...0x39).contains(bytes[6]),
            let month = Int(String(decoding: bytes[1...2], as: UTF8.self)),
            let day = Int(String(decoding: bytes[4...5], as: UTF8.self)), (1...12).contains(month),
            (1...31).contains(day)
        else { return nil }
        return [month, day]
    }

    private static let postReleaseMarkers: Set<String> = ["post", "patch", "pl"]

    /// The dot-separated numbers `text` starts with, and what follows them.
    package static func leadingNumbers(of text: Substring) -> (numbers: [Int], rest: Substring) {
        // Byte by byte where the text is ASCII, as versions are: a heading's version is read
        // once per release, and Character checks cost a hundred times more.
        let scanned = text.utf8.withContiguousStorageIfAvailable { bytes -> (numbers: [Int], end: Int)? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var numbers: [Int] = []
            var index = 0
            func isDigit(_ position: Int) -> Bool { position < bytes.count && (0x30...0x39).contains(bytes[position]) }
            while isDigit(index) {
                var value = 0
                var count = 0
                while isDigit(index) {
                    if count < 18 { value = value * 10 + Int(bytes[index] - 0x30) }
                    count += 1
                    index += 1
                }
                numbers.append(value)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "."), isDigit(index + 1) else { break }
                index += 1
            }
            return (numbers, index)
        }
        guard let scanned = scanned ?? nil else { return leadingNumbers(ofUnicode: text) }
        return (scanned.numbers, text[text.utf8.index(text.utf8.startIndex, offsetBy: scanned.end)...])
    }

    private static func leadingNumbers(ofUnicode text: Substring) -> (numbers: [Int], rest: Substring) {
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
        guard let other = ReleaseVersion(query) else { return false }
        return other.text.lowercased() == text.lowercased()
    }

    /// Precedence order; versions equal in precedence (`1.0` and `1.0.0`) compare as `.same`.
    public func compare(to other: ReleaseVersion) -> Order {
        if let difference = Self.firstDifference(numbers, other.numbers) { return difference.order }
        switch (rank, other.rank) {
        case let (left, right) where left != right: return left < right ? .older : .newer
        case (1, _): return .same
        default: return ReleaseVersion.compare(prerelease, other.prerelease)
        }
    }

    /// Where two runs of version numbers first differ, a missing number counting as 0 (`1.4`
    /// and `1.4.0` do not differ), and which way: the one rule every comparison of version
    /// numbers uses (precedence, bumps, release lines, the next version). Nil when equal.
    package static func firstDifference(_ left: [Int], _ right: [Int]) -> (position: Int, order: Order)? {
        for position in 0..<max(left.count, right.count) {
            let one = position < left.count ? left[position] : 0
            let other = position < right.count ? right[position] : 0
            if one != other { return (position, one < other ? .older : .newer) }
        }
        return nil
    }

    /// How one version stands to another.
    public enum Order: Sendable {
        /// Released before the other: lower numbers, or a pre-release of the same numbers.
        case older
        /// Equal in precedence, though perhaps written differently (`1.0` and `1.0.0`).
        case same
        /// Released after the other.
        case newer
    }

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
            case let (x?, y?) where x == y: continue  // `beta.01` and `beta.1`
            case let (x?, y?): return x < y ? .older : .newer
            case (.some, nil): return .older
            case (nil, .some): return .newer
            case (nil, nil): return a < b ? .older : .newer
            }
        }
        return left.count == right.count ? .same : (left.count < right.count ? .older : .newer)
    }
}
