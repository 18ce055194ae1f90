import WhatsNewModel

/// Words that stand where a list of changes would be (`None.`, `No significant changes.`) and
/// say nothing a reader needs.
enum Placeholder {
    static func matches(_ text: String) -> Bool {
        // Every placeholder is short; most list items are not, and need no closer look.
        guard text.utf8.count <= longest + 8 else { return false }
        // Nor those whose first ASCII letter opens no phrase ("x", "Fixed …"); other text goes on.
        guard let first = text.utf8.first(where: { !Self.skipped.contains($0) }), mayOpen(first) else { return false }
        let key = text.lowercased().trimmingCharacters(from: " .!*_~`()[]").collapsingWhitespace()
        return phrases.contains(key)
    }

    static func matches(_ block: Block) -> Bool {
        switch block.content {
        // Its words alone can show a paragraph too long for a placeholder, without its plain
        // text made: every item of every release comes here.
        case .paragraph(let inlines): wordsFit(inlines) && mayOpen(inlines) && matches(PlainText.of(inlines))
        case .list(let list): list.items.allSatisfy(matches)
        default: false
        }
    }

    static func matches(_ item: ListItem) -> Bool {
        guard item.blocks.count == 1 else { return false }
        return matches(item.blocks[0])
    }

    /// Whether a text whose first byte after the skipped marks is `first` may be a phrase: any
    /// byte beyond ASCII may, an ASCII one only if some phrase opens with it.
    private static func mayOpen(_ first: UInt8) -> Bool {
        first >= 0x80 || openings.contains((0x41...0x5A).contains(first) ? first | 0x20 : first)
    }

    /// The same look at a paragraph's first text, which opens its plain text: most items are
    /// passed over without their plain text made.
    private static func mayOpen(_ inlines: [Inline]) -> Bool {
        guard case .text(let words)? = inlines.first, let first = words.utf8.first(where: { !skipped.contains($0) })
        else { return true }
        return mayOpen(first)
    }

    /// Whether the text and code directly in `inlines`, which their plain text holds as they
    /// are, are short enough for a placeholder.
    private static func wordsFit(_ inlines: [Inline]) -> Bool {
        var length = 0
        for inline in inlines {
            switch inline {
            case .text(let words), .code(let words): length += words.utf8.count
            default: continue
            }
            if length > longest + 8 { return false }
        }
        return true
    }

    private static let longest = phrases.map(\.utf8.count).max() ?? 0
    private static let openings = ByteSet(phrases.compactMap(\.utf8.first))
    /// What the key drops before its first letter: the trimmed marks and ASCII whitespace.
    private static let skipped = ByteSet(" .!*_~`()[]\t\n\r\u{0B}\u{0C}".utf8)

    private static let phrases: Set<String> = [
        "none", "nothing", "n/a", "na", "-", "—", "no changes", "no significant changes", "no notable changes",
        "no user-facing changes", "no user facing changes", "none yet", "nothing yet", "nothing to report",
        "no changes yet", "tbd", "no changes in this release",
    ]
}
