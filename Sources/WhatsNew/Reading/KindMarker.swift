/// The kind a list item announces at its start, in the ways flat changelogs mark it:
/// `**New**: …`, `Fixed: …`, `[Added] …`, `feat(parser): …`, `feat!: …`, `BREAKING CHANGE: …`,
/// or a leading kind emoji (`🐛 …`).
struct KindMarker: Equatable {
    var kind: SectionKind
    /// The row title the marker gives: the label as written (`New`), or a plain name for a
    /// commit type (`feat` → `Features`) or an emoji (`🐛` → `Fixed`).
    var title: String
    /// An emoji marker is the row's icon.
    var icon: Icon?
    /// The item with the marker taken off its first paragraph.
    var item: ListItem

    /// The marker `item` opens with, or nil when it has none.
    init?(_ item: ListItem) {
        guard case .paragraph(let inlines)? = item.blocks.first?.content else { return nil }
        guard let found = Self.bold(inlines) ?? Self.leadingText(inlines) else { return nil }
        kind = found.kind
        title = found.title
        icon = found.icon
        var item = item
        item.blocks[0].content = .paragraph(found.rest)
        self.item = item
    }

    private typealias Found = (kind: SectionKind, title: String, icon: Icon?, rest: [Inline])

    /// `**New**: …`, `**Fixed:** …`, `**Breaking Change** - …`.
    private static func bold(_ inlines: [Inline]) -> Found? {
        guard case .strong(let children)? = inlines.first else { return nil }
        let label = PlainText.of(children).trimmedWhitespace()
        let rest = Array(inlines.dropFirst())
        let after = Inlines.leadingText(rest).drop { $0 == " " }
        let separated = label.hasSuffix(":") || after.first.map { ":-–—".contains($0) } == true
        guard separated, let kind = labelKind(label) else { return nil }
        return (kind, cleanedLabel(label), nil, Inlines.droppingLeading(rest, while: { ":-–— ".contains($0) }))
    }

    /// `New: …`, `[Added] …`, `fix(parser): …`, `🐛 …`: read from the item's opening text.
    private static func leadingText(_ inlines: [Inline]) -> Found? {
        let text = Inlines.leadingText(inlines)
        if let emoji = text.first, CategoryHeading.isEmoji(emoji), let kind = emojiKinds[emoji] {
            let rest = Inlines.droppingPrefix(inlines, count: 1)
            return (kind, kind.markerTitle, .glyph(String(emoji)), Inlines.droppingLeading(rest, while: { $0 == " " }))
        }
        if text.first == "[", let close = text.firstIndex(of: "]") {
            let label = String(text[text.index(after: text.startIndex)..<close])
            guard let kind = labelKind(label) else { return nil }
            let rest = Inlines.droppingPrefix(inlines, count: text.distance(from: text.startIndex, to: close) + 1)
            return (kind, cleanedLabel(label), nil, Inlines.droppingLeading(rest, while: { ":-–— ".contains($0) }))
        }
        guard let colon = text.prefix(40).firstIndex(of: ":") else { return nil }
        let label = text[..<colon]
        let afterColon = text.index(after: colon)
        guard afterColon == text.endIndex || text[afterColon] == " " else { return nil }  // not `http://`
        let count = text.distance(from: text.startIndex, to: afterColon)
        if let commit = ConventionalCommit(label) {
            var rest = Inlines.droppingLeading(Inlines.droppingPrefix(inlines, count: count), while: { $0 == " " })
            if let scope = commit.scope { rest.insert(.text("\(scope): "), at: 0) }
            return (commit.kind, commit.title, nil, rest)
        }
        guard let kind = labelKind(String(label)) else { return nil }
        let rest = Inlines.droppingLeading(Inlines.droppingPrefix(inlines, count: count), while: { $0 == " " })
        return (kind, cleanedLabel(String(label)), nil, rest)
    }

    /// A label that names a kind other than `other`, in at most four words.
    private static func labelKind(_ label: String) -> SectionKind? {
        let cleaned = cleanedLabel(label)
        guard !cleaned.isEmpty, cleaned.split(separator: " ").count <= 4,
            let kind = SectionKind.named(cleaned), kind != .other
        else { return nil }
        return kind
    }

    private static func cleanedLabel(_ label: String) -> String {
        label.trimmingCharacters(from: " :-–—").collapsingWhitespace()
    }

    /// Emoji that changelogs (gitmoji among them) put before an item to say its kind.
    private static let emojiKinds: [Character: SectionKind] = [
        "✨": .added, "🎉": .added, "🚀": .added, "🆕": .added, "🐛": .fixed, "🐞": .fixed, "🩹": .fixed,
        "🔒": .security, "🔐": .security, "⚡": .performance, "⚡️": .performance, "🐎": .performance,
        "📝": .docs, "📚": .docs, "📖": .docs, "💥": .breaking, "🔥": .removed, "🗑": .deprecated,
        "🗑️": .deprecated, "⬆️": .dependencies, "⬆": .dependencies, "📦": .dependencies, "♻️": .changed,
        "💄": .changed, "🔧": .internal, "🔨": .internal, "✅": .internal, "👷": .internal, "🚨": .internal,
    ]
}

/// A conventional-commit subject's type: `feat`, `fix(parser)`, `feat!`, `BREAKING CHANGE`.
private struct ConventionalCommit {
    var kind: SectionKind
    var title: String
    var scope: String?

    init?(_ label: Substring) {
        if label == "BREAKING CHANGE" || label == "BREAKING-CHANGE" || label == "BREAKING CHANGES" {
            (kind, title) = (.breaking, "Breaking changes")
            return
        }
        var type = label
        if type.hasSuffix("!") { type = type.dropLast() }
        if type.hasSuffix(")"), let open = type.firstIndex(of: "(") {
            let inner = type[type.index(after: open)..<type.index(before: type.endIndex)]
            guard !inner.isEmpty, !inner.contains(" ") else { return nil }
            scope = String(inner)
            type = type[..<open]
        }
        // `Feat:` and `FIX:` too; a capitalised `Fix:` reads the same as `fix:`.
        guard let known = Self.types[type.lowercased()] else { return nil }
        (kind, title) = label.hasSuffix("!") ? (.breaking, "Breaking changes") : known
    }

    private static let types: [String: (SectionKind, String)] = [
        "feat": (.added, "Features"), "feature": (.added, "Features"), "fix": (.fixed, "Fixes"),
        "perf": (.performance, "Performance"), "docs": (.docs, "Documentation"),
        "refactor": (.internal, "Refactoring"), "chore": (.internal, "Chores"), "test": (.internal, "Tests"),
        "tests": (.internal, "Tests"), "build": (.internal, "Build"), "ci": (.internal, "Continuous integration"),
        "style": (.internal, "Style"), "revert": (.changed, "Reverts"), "deps": (.dependencies, "Dependencies"),
        "security": (.security, "Security"),
    ]
}

extension SectionKind {
    /// The row title for items marked only by an emoji.
    var markerTitle: String {
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
        case .other: "Changes"
        }
    }
}
