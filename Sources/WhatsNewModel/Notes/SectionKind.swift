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
        if let kind = names[key] { return kind }
        let firstWord = key.split(separator: " ").first.map(String.init) ?? key
        for (stem, kind) in stems where firstWord.hasPrefix(stem) { return kind }
        return .other
    }

    /// The kind a heading names exactly (`Fixed`, `Bug Fixes`), or nil for any other heading.
    public static func named(_ title: String) -> SectionKind? { names[normalized(title)] }

    /// Reads a `kind:` value from front matter: a kind's own name or any heading name.
    public init?(frontMatter value: String) {
        if let kind = SectionKind(rawValue: value.lowercased()) {
            self = kind
        } else if let kind = SectionKind.names[SectionKind.normalized(value)] {
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

    private static let names: [String: SectionKind] = {
        var table: [String: SectionKind] = [:]
        func add(_ kind: SectionKind, _ names: String...) { for name in names { table[name] = kind } }
        add(
            .added, "added", "add", "additions", "addition", "new", "new features", "features", "feature", "feat",
            "enhancements", "enhancement", "implemented enhancements", "what's new", "new stuff", "minor changes")
        add(
            .changed, "changed", "changes", "change", "updated", "updates", "update", "improvements", "improved",
            "improvement", "modified", "what's changed", "behaviour changes", "behavior changes", "other changes",
            "notable changes")
        add(.deprecated, "deprecated", "deprecations", "deprecation", "deprecated features")
        add(.removed, "removed", "removals", "removal", "deleted", "removed features")
        add(
            .fixed, "fixed", "fixes", "fix", "bug fixes", "bugfixes", "bugfix", "bug fix", "bugs fixed", "fixed bugs",
            "bugs", "bug", "patch changes", "fixed issues", "resolved issues")
        add(.security, "security", "security fixes", "security updates", "vulnerabilities", "security advisories")
        add(
            .breaking, "breaking", "breaking changes", "breaking change", "backwards incompatible changes",
            "backward incompatible changes", "incompatible changes",
            "major changes", "compatibility notes", "api changes")
        add(
            .performance, "performance", "perf", "performance improvements", "optimizations", "optimisations",
            "speed")
        add(
            .docs, "documentation", "docs", "doc", "documentation changes", "documentation updates",
            "improved documentation", "documentation improvements")
        add(
            .dependencies, "dependencies", "dependency", "deps", "dependency updates", "dependency changes",
            "dependencies updated", "packaging", "build dependencies", "upgrades", "dependency upgrades",
            "dependency updates", "updated dependencies", "dependencies and packaging", "dependency bumps")
        add(
            .contributors, "new contributors", "contributors", "committers", "authors", "thanks", "thank you",
            "acknowledgements", "acknowledgments", "notable contributors", "credits", "first time contributors")
        add(.pullRequests, "merged pull requests", "pull requests", "merged prs", "prs merged")
        add(
            .internal, "internal", "internal changes", "internal improvements", "internals", "chore", "chores",
            "chore & maintenance",
            "maintenance", "refactor", "refactoring", "code refactoring", "tests", "testing", "ci", "build",
            "build system", "continuous integration", "miscellaneous chores", "miscellaneous tasks", "infrastructure",
            "tooling")
        add(.knownIssues, "known issues", "known issue", "known bugs", "known limitations", "known problems")
        // Headings that are plainly categories but of no particular kind; listed so a first
        // word such as "new" in "New Contributors" does not give them one.
        add(
            .other, "other", "others", "misc", "miscellaneous", "highlights", "notes", "commits", "experimental",
            "upgrade notes", "migration notes", "migration guide", "compatibility", "closed issues")
        return table
    }()

    /// First-word stems for headings no table lists, such as Prettier's change titles.
    private static let stems: [(String, SectionKind)] = [
        ("bug", .fixed), ("fix", .fixed), ("add", .added), ("new", .added), ("remov", .removed),
        ("deprecat", .deprecated), ("breaking", .breaking), ("secur", .security), ("perf", .performance),
        ("document", .docs), ("depend", .dependencies), ("improv", .changed), ("updat", .changed),
        ("chang", .changed), ("committers", .contributors), ("authors", .contributors),
        ("contributors", .contributors),
    ]
}
