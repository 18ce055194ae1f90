/// Paragraphs under a release heading that describe the release rather than change it.
enum ReleaseDetailLine {
    /// `Released on 2023-05-16.`, `Released February 15, 2025`, `Release date: 2024-01-02`,
    /// `> Published 18 December 2024`, and a date alone however wrapped: `_2023-12-13_`,
    /// `*2023-12-13*`, `(2024-01-05)`.
    static func date(in block: Block) -> DateScanner.Match? {
        switch block.content {
        case .paragraph(let inlines):
            guard inlines.count <= 8 else { return nil }  // a date line is short; most paragraphs are not
            return date(inText: PlainText.of(inlines).trimmedWhitespace())
        case .blockQuote(let blocks):
            guard blocks.count == 1 else { return nil }
            return date(in: blocks[0])
        default:
            return nil
        }
    }

    private static func date(inText text: String) -> DateScanner.Match? {
        guard text.utf8.count <= 120 else { return nil }
        let start = text.prefix(12).lowercased()
        if datePrefixes.contains(where: start.hasPrefix) {
            return DateScanner(tokens: HeadingToken.tokenize(String(text.prefix(80)))).matches().first
        }
        // A date alone, however wrapped, is short: `(18 December 2024)`, `_2023-12-13_`.
        guard text.utf8.count <= 40 else { return nil }
        return DateScanner.date(in: text.trimmingCharacters(from: " ()[]_*.,"))
    }

    private static let datePrefixes = [
        "released", "release date", "release ", "release:", "date:", "date :", "published", "publication date",
    ]

    /// A list whose first item is only the release's date, `* Release Apr 17, 2022`, with the
    /// changes nested under it or in the items after it: the date, and the list without it.
    static func dateItem(in block: Block) -> (date: DateScanner.Match, list: Block?)? {
        guard case .list(var list) = block.content, let first = list.items.first, let opening = first.blocks.first,
            opening.isShortParagraph, let match = date(in: opening)
        else { return nil }
        let nested = first.blocks.dropFirst()
        list.items.removeFirst()
        if nested.allSatisfy(\.isList) {
            // The changes nested under the date take its place.
            let items = nested.flatMap { block -> [ListItem] in
                if case .list(let inner) = block.content { return inner.items }
                return []
            }
            list.items.insert(contentsOf: items, at: 0)
        } else {
            list.items.insert(ListItem(blocks: Array(nested), line: first.line), at: 0)
        }
        guard !list.items.isEmpty else { return (match, nil) }
        var copy = block
        copy.content = .list(list)
        return (match, copy)
    }

    /// A "Full Changelog", "diff" or "GitHub release" link paragraph, or a line of nothing but
    /// links (`[Burrow](…) • [burrow-core](…)`); returns the first destination.
    static func comparisonLink(in block: Block) -> String? {
        guard case .paragraph(let inlines) = block.content else { return nil }
        let text = PlainText.of(inlines).trimmedWhitespace().lowercased()
        let isComparison =
            linkTexts.contains(text.trimmingCharacters(from: " :")) || text.hasPrefix("full changelog")
            || isOnlyLinks(inlines)
        guard isComparison else { return nil }
        return firstDestination(in: inlines)
    }

    /// Links separated by nothing but spaces, line breaks and `•`, `|`, `·` or commas.
    private static func isOnlyLinks(_ inlines: [Inline]) -> Bool {
        var links = 0
        for inline in inlines {
            switch inline {
            case .link: links += 1
            case .softBreak, .lineBreak: continue
            case .text(let text) where text.allSatisfy({ $0.isWhitespace || "•|·,".contains($0) }): continue
            default: return false
            }
        }
        return links >= 2
    }

    static func firstDestination(in inlines: [Inline]) -> String? {
        for inline in inlines {
            switch inline {
            case .link(let destination, _, _): return destination
            case .emphasis(let children), .strong(let children):
                if let found = firstDestination(in: children) { return found }
            default: continue
            }
        }
        return nil
    }

    private static let linkTexts: Set<String> = [
        "full changelog", "diff", "compare", "changes", "commits", "github release", "full diff", "all changes",
        "release", "release notes", "changelog",
    ]
}
