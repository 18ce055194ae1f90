/// Words that stand where a list of changes would be (`None.`, `No significant changes.`) and
/// say nothing a reader needs.
enum Placeholder {
    static func matches(_ text: String) -> Bool {
        // Every placeholder is short; most list items are not, and need no closer look.
        guard text.utf8.count <= longest + 8 else { return false }
        let key = text.lowercased().trimmingCharacters(from: " .!*_~`()[]").collapsingWhitespace()
        return phrases.contains(key)
    }

    static func matches(_ block: Block) -> Bool {
        switch block.content {
        case .paragraph(let inlines): isShort(inlines) && matches(PlainText.of(inlines))
        case .list(let list): list.items.allSatisfy(matches)
        default: false
        }
    }

    static func matches(_ item: ListItem) -> Bool {
        guard item.blocks.count == 1 else { return false }
        return matches(item.blocks[0])
    }

    private static let longest = phrases.map(\.utf8.count).max() ?? 0

    /// Whether the inlines' text could be a placeholder, found without flattening a long item:
    /// every list item is asked, and nearly all are longer.
    private static func isShort(_ inlines: [Inline]) -> Bool {
        var budget = longest + 8
        func fits(_ inlines: [Inline]) -> Bool {
            for inline in inlines {
                switch inline {
                case .text(let text), .code(let text): budget -= text.utf8.count
                case .emphasis(let children), .strong(let children), .link(_, _, let children),
                    .image(_, _, let children):
                    guard fits(children) else { return false }
                case .softBreak, .lineBreak: budget -= 1
                case .html: break
                }
                if budget < 0 { return false }
            }
            return true
        }
        return fits(inlines)
    }

    private static let phrases: Set<String> = [
        "none", "nothing", "n/a", "na", "-", "—", "no changes", "no significant changes", "no notable changes",
        "no user-facing changes", "no user facing changes", "none yet", "nothing yet", "nothing to report",
        "no changes yet", "tbd", "no changes in this release",
    ]
}
