/// What a section is about, so it gets a fitting icon and colour by default.
///
/// Keep a Changelog's six kinds plus the ones changelogs in the wild keep using.
public enum SectionKind: String, Sendable, Hashable, CaseIterable {
    /// New features: Keep a Changelog's Added.
    case added
    /// Changes in existing behaviour.
    case changed
    /// Features to be removed in a later release.
    case deprecated
    /// Features removed in this release.
    case removed
    /// Bug fixes.
    case fixed
    /// Fixed vulnerabilities.
    case security
    /// Changes that break what users rely on.
    case breaking
    /// Faster or lighter.
    case performance
    /// Documentation.
    case docs
    /// Dependency updates, including the rows gathered from bump lines.
    case dependencies
    /// Work users do not see: refactoring, tests, build.
    case `internal`
    /// Problems known and not yet fixed.
    case knownIssues = "known-issues"
    /// Bookkeeping generators add: who contributed (`New Contributors`, `Committers: 2`) and
    /// the list of merged pull requests.
    case contributors
    /// A generator's list of merged pull requests.
    case pullRequests = "pull-requests"
    /// Anything else: a heading whatsnew cannot place, or a release's plain list.
    case other

    /// Rows generators add for the record rather than for the user: dependency updates,
    /// contributors and merged pull requests. They come after the other rows, and
    /// `--hide` leaves them out.
    public var isBookkeeping: Bool {
        switch self {
        case .dependencies, .contributors, .pullRequests: true
        default: false
        }
    }

    /// The kind a category heading names (`Bug Fixes`, `New Features`, `⚠ BREAKING CHANGES`).
    ///
    /// Exact names first, then the first word, so `Fix crash on launch` is still a fix.
    public static func classify(_ title: String) -> SectionKind {
        let key = normalized(title)
        if let kind = KindWords.headingNames[key] { return kind }
        let firstWord = key.split(separator: " ").first.map(String.init) ?? key
        for (stem, kind) in KindWords.stems where firstWord.hasPrefix(stem) { return kind }
        return .other
    }

    /// The kind a heading names exactly (`Fixed`, `Bug Fixes`), or nil for any other heading.
    public static func named(_ title: String) -> SectionKind? { KindWords.headingNames[normalized(title)] }

    /// Reads a `kind:` value from front matter: a kind's own name or any heading name.
    public init?(frontMatter value: String) {
        if let kind = SectionKind(rawValue: value.lowercased()) {
            self = kind
        } else if let kind = KindWords.headingNames[SectionKind.normalized(value)] {
            self = kind
        } else {
            return nil
        }
    }

    /// Lowercase words and digits, apostrophes straightened, everything else a single space.
    package static func normalized(_ title: String) -> String {
        if title.utf8.allSatisfy({ $0 < 0x80 }) { return asciiNormalized(title) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(title.utf8.count)
        for scalar in title.lowercased().unicodeScalars {
            switch scalar {
            case "\u{2019}", "\u{2018}", "'": bytes.append(UInt8(ascii: "'"))
            case "&": bytes.append(UInt8(ascii: "&"))
            case _ where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar):
                UTF8.encode(scalar) { bytes.append($0) }
            default: bytes.append(UInt8(ascii: " "))
            }
        }
        return String(decoding: bytes, as: UTF8.self).collapsingWhitespace()
    }

    /// `normalized` for ASCII titles, most of them, in one pass and without Unicode's tables.
    private static func asciiNormalized(_ title: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(title.utf8.count)
        var pendingSpace = false
        for byte in title.utf8 {
            let kept: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): kept = byte | 0x20
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "'"),
                UInt8(ascii: "&"):
                kept = byte
            default:
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace { bytes.append(UInt8(ascii: " ")) }
            pendingSpace = false
            bytes.append(kept)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
