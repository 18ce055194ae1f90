/// The words that name a kind of change, in one table: the category headings people write,
/// their first words, the emoji and labels that mark an item, the commit types drafting and
/// flat changelogs read, and the words whatsnew writes for each kind. Reading, lint, drafting
/// and writing all ask here.
package enum KindWords {
    /// The category headings that name each kind, normalised (``SectionKind/normalized(_:)``).
    static let headingNames: [String: SectionKind] = {
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
    static let stems: [(String, SectionKind)] = [
        ("bug", .fixed), ("fix", .fixed), ("add", .added), ("new", .added), ("remov", .removed),
        ("deprecat", .deprecated), ("breaking", .breaking), ("secur", .security), ("perf", .performance),
        ("document", .docs), ("depend", .dependencies), ("improv", .changed), ("updat", .changed),
        ("chang", .changed), ("committers", .contributors), ("authors", .contributors),
        ("contributors", .contributors),
    ]

    /// The headings a misspelled category is hinted toward: Keep a Changelog's words for the
    /// kinds people write headings for, then the common other spellings.
    package static let hintedHeadings =
        SectionKind.allCases.prefix(12).map(\.headingTitle) + ["Bug Fixes", "Features", "New Features"]

    /// Emoji that changelogs (gitmoji among them) put before an item to say its kind.
    package static let emoji: [Character: SectionKind] = [
        "✨": .added, "🎉": .added, "🚀": .added, "🆕": .added, "🐛": .fixed, "🐞": .fixed, "🩹": .fixed,
        "🔒": .security, "🔐": .security, "⚡": .performance, "⚡️": .performance, "🐎": .performance,
        "📝": .docs, "📚": .docs, "📖": .docs, "💥": .breaking, "🔥": .removed, "🗑": .deprecated,
        "🗑️": .deprecated, "⬆️": .dependencies, "⬆": .dependencies, "📦": .dependencies, "♻️": .changed,
        "💄": .changed, "🔧": .internal, "🔨": .internal, "✅": .internal, "👷": .internal, "🚨": .internal,
    ]

    /// Conventional commits' footers for a breaking change, as written (upper case).
    package static let breakingFooters: Set<String> = ["BREAKING CHANGE", "BREAKING-CHANGE", "BREAKING CHANGES"]

    /// Labels that mark an item breaking (`Breaking:`), in lower case.
    package static let breakingLabels: Set<String> = [
        "breaking", "breaking change", "breaking changes", "breaking-change",
    ]

    /// Labels that open an item as incompatible (`Backwards incompatible: …`), in lower case.
    package static let incompatibleLabels = ["backwards incompatible", "backward incompatible"]

    /// Words that mark an item breaking in brackets (`[breaking]`, `(backwards incompatible)`).
    package static let breakingMarks = [
        "breaking", "breaking change", "backwards incompatible", "backward incompatible", "backwards-incompatible",
        "backward-incompatible",
    ]

    /// The scopes of a commit or label that say a dependency update (`chore(deps):`).
    package static let dependencyScopes: Set<String> = [
        "deps", "deps-dev", "dev-deps", "dependencies", "dependency", "deps dev", "dependabot",
    ]

    static let commitTypes: [CommitType] = [
        CommitType(name: "feat", kind: .added, title: "Features", isShown: true),
        CommitType(name: "feature", kind: .added, title: "Features", isShown: true),
        CommitType(name: "fix", kind: .fixed, title: "Fixes", isShown: true),
        CommitType(name: "perf", kind: .performance, title: "Performance", isShown: true),
        CommitType(name: "docs", kind: .docs, title: "Documentation", isShown: true),
        CommitType(name: "deprecate", kind: .deprecated, title: "Deprecations", isShown: true),
        CommitType(name: "security", kind: .security, title: "Security", isShown: true),
        CommitType(name: "deps", kind: .dependencies, title: "Dependencies", isShown: true),
        // A revert's note is the reverted change's, taken back; drafting decides it.
        CommitType(name: "revert", kind: .changed, title: "Reverts", isShown: true),
        CommitType(name: "refactor", kind: .internal, title: "Refactoring", isShown: false),
        CommitType(name: "chore", kind: .internal, title: "Chores", isShown: false),
        CommitType(name: "test", kind: .internal, title: "Tests", isShown: false),
        CommitType(name: "tests", kind: .internal, title: "Tests", isShown: false),
        CommitType(name: "build", kind: .internal, title: "Build", isShown: false),
        CommitType(name: "ci", kind: .internal, title: "Continuous integration", isShown: false),
        CommitType(name: "style", kind: .internal, title: "Style", isShown: false),
    ]
}

extension SectionKind {
    /// Keep a Changelog's word for the kind, and plain words for the others.
    public var headingTitle: String {
        switch self {
        case .added: "Added"
        case .changed: "Changed"
        case .deprecated: "Deprecated"
        case .removed: "Removed"
        case .fixed: "Fixed"
        case .security: "Security"
        case .breaking: "Breaking Changes"
        case .performance: "Performance"
        case .docs: "Documentation"
        case .dependencies: "Dependencies"
        case .internal: "Internal"
        case .knownIssues: "Known Issues"
        case .contributors: "Contributors"
        case .pullRequests: "Merged Pull Requests"
        case .other: "Other"
        }
    }

    /// The row title for items marked only by an emoji.
    package var markerTitle: String {
        switch self {
        case .added: "New"
        case .changed: "Changed"
        case .deprecated: "Deprecated"
        case .removed: "Removed"
        case .fixed: "Fixed"
        case .security: "Security"
        case .breaking: "Breaking changes"
        case .performance: "Performance"
        case .docs: "Documentation"
        case .dependencies: "Dependencies"
        case .internal: "Internal"
        case .knownIssues: "Known issues"
        case .contributors: "Contributors"
        case .pullRequests: "Merged pull requests"
        case .other: "Changes"
        }
    }
}
