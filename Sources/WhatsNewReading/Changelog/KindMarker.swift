import WhatsNewModel

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

    /// The separator after a label, one of `:`, `-`, `–`, `—` with the spaces around it, and no
    /// more: `**New**: :star: #1405` keeps its `:star:`.
    private static func droppingSeparator(_ inlines: [Inline]) -> [Inline] {
        var rest = Inlines.droppingLeading(inlines, while: { $0 == " " })
        if case .text(let text)? = rest.first, let first = text.first, ":-–—".contains(first) {
            rest = Inlines.droppingPrefix(rest, count: 1)
        }
        return Inlines.droppingLeading(rest, while: { $0 == " " })
    }

    /// `**New**: …`, `**Fixed:** …`, `**Breaking Change** - …`.
    private static func bold(_ inlines: [Inline]) -> Found? {
        guard case .strong(let children)? = inlines.first, children.count == 1, case .text(let text) = children[0],
            text.utf8.count <= 40
        else { return nil }
        let label = cleanedLabel(text)
        let endsInColon = text.utf8.reversed().first { $0 != UInt8(ascii: " ") } == UInt8(ascii: ":")
        guard endsInColon || Self.opensWithSeparator(inlines.dropFirst().first), let kind = labelKind(label) else {
            return nil
        }
        return (kind, label, nil, droppingSeparator(Array(inlines.dropFirst())))
    }

    /// The text after a bold label goes on with `:` or a dash: `**New**: …`, `**New** - …`.
    private static func opensWithSeparator(_ inline: Inline?) -> Bool {
        guard case .text(let text)? = inline, let first = text.unicodeScalars.first(where: { $0 != " " }) else {
            return false
        }
        return first == ":" || first == "-" || first == "–" || first == "—"
    }

    /// `New: …`, `[Added] …`, `fix(parser): …`, `🐛 …`: read from the item's opening text.
    private static func leadingText(_ inlines: [Inline]) -> Found? {
        // Most items have no marker: look at the opening bytes before building any text.
        guard case .text(let opening)? = inlines.first, let firstByte = opening.utf8.first,
            firstByte >= 0x80 || firstByte == UInt8(ascii: "[") || Self.hasEarlyColon(inlines)
        else { return nil }
        let text = Inlines.leadingText(inlines)
        // Emoji are not ASCII; asking Unicode's tables only then keeps plain items cheap.
        if firstByte >= 0x80, let emoji = text.first, emoji.isEmoji, let kind = KindWords.emoji[emoji] {
            let rest = Inlines.droppingPrefix(inlines, count: 1)
            return (kind, kind.markerTitle, .glyph(String(emoji)), Inlines.droppingLeading(rest, while: { $0 == " " }))
        }
        if text.first == "[", let close = text.firstIndex(of: "]") {
            let label = cleanedLabel(String(text[text.index(after: text.startIndex)..<close]))
            guard let kind = labelKind(label) else { return nil }
            let rest = Inlines.droppingPrefix(inlines, count: text.distance(from: text.startIndex, to: close) + 1)
            return (kind, label, nil, droppingSeparator(rest))
        }
        guard let colon = text.utf8.prefix(40).firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let label = text[..<colon]
        let afterColon = text.index(after: colon)
        guard afterColon == text.endIndex || text[afterColon] == " " else { return nil }  // not `http://`
        let count = text.distance(from: text.startIndex, to: afterColon)
        if let commit = ConventionalCommit(label) {
            var rest = Inlines.droppingLeading(Inlines.droppingPrefix(inlines, count: count), while: { $0 == " " })
            if let scope = commit.scope { rest.insert(.text("\(scope): "), at: 0) }
            return (commit.kind, commit.title, nil, rest)
        }
        let cleaned = cleanedLabel(String(label))
        guard let kind = labelKind(cleaned) else { return nil }
        let rest = Inlines.droppingLeading(Inlines.droppingPrefix(inlines, count: count), while: { $0 == " " })
        return (kind, cleaned, nil, rest)
    }

    /// A `:` within the first 40 bytes of the opening text, where a label's colon stands.
    private static func hasEarlyColon(_ inlines: [Inline]) -> Bool {
        var budget = 40
        for inline in inlines {
            guard case .text(let piece) = inline else { return false }
            for byte in piece.utf8.prefix(budget) where byte == UInt8(ascii: ":") { return true }
            budget -= piece.utf8.count
            if budget <= 0 { return false }
        }
        return false
    }

    /// A cleaned label (`cleanedLabel`) that names a kind other than `other`, in at most four words.
    private static func labelKind(_ cleaned: String) -> SectionKind? {
        guard !cleaned.isEmpty, cleaned.utf8.lazy.filter({ $0 == UInt8(ascii: " ") }).count <= 3,
            let kind = SectionKind.named(cleaned), kind != .other
        else { return nil }
        return kind
    }

    private static func cleanedLabel(_ label: String) -> String {
        label.trimmingCharacters(from: " :-–—").collapsingWhitespace()
    }
}

/// A conventional-commit label's kind, from the one table of commit types: `feat`,
/// `fix(parser)`, `feat!`, `BREAKING CHANGE`.
private struct ConventionalCommit {
    var kind: SectionKind
    var title: String
    var scope: String?

    init?(_ label: Substring) {
        if KindWords.breakingFooters.contains(String(label)) {
            (kind, title) = (.breaking, SectionKind.breaking.markerTitle)
            return
        }
        // `Feat:` and `FIX:` too; a capitalised `Fix:` reads the same as `fix:`.
        guard let parsed = CommitLabel(label), let type = CommitType.named(parsed.type) else { return nil }
        scope = parsed.scope
        (kind, title) = parsed.isBreaking ? (.breaking, SectionKind.breaking.markerTitle) : (type.kind, type.title)
    }
}
