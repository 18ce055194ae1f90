import WhatsNewModel

/// Paragraphs under a release heading that describe the release rather than change it.
package enum ReleaseDetailLine {
    /// `Released on 2023-05-16.`, `Released February 15, 2025`, `Release date: 2024-01-02`,
    /// `> Published 18 December 2024`, and a date alone however wrapped: `_2023-12-13_`,
    /// `*2023-12-13*`, `(2024-01-05)`.
    package static func date(in block: Block) -> DateScanner.Match? {
        switch block.content {
        case .paragraph(let inlines):
            guard inlines.count <= 8 else { return nil }  // a date line is short; most paragraphs are not
            let text = PlainText.of(inlines)
            // Every date has a year: text without a digit (most items) is not trimmed to be looked at.
            guard text.utf8.contains(where: { (0x30...0x39).contains($0) }) else { return nil }
            return date(inText: text.trimmedWhitespace())
        case .blockQuote(let blocks):
            guard blocks.count == 1 else { return nil }
            return date(in: blocks[0])
        default:
            return nil
        }
    }

    /// A paragraph that dates the release: a date line (`date(in:)`), one followed by a link
    /// (`_2019-10-04_ [GitHub Diff](…)`), or a sentence that opens the paragraph
    /// (`Released on 2019-10-26. All issues closed…`), the rest kept as the release's words.
    static func dateLine(
        in block: Block
    ) -> (date: DateScanner.Match, link: String?, compares: Bool, rest: Block?)? {
        guard case .paragraph(let inlines) = block.content else {
            return date(in: block).map { ($0, nil, false, nil) }
        }
        // Links at the end of the line, after the date.
        var end = inlines.count
        while end > 0, isTrailing(inlines[end - 1]) { end -= 1 }
        if case .text(let first)? = inlines.first, datePrefixes.contains(where: first.prefix(12).lowercased().hasPrefix)
        {
            return sentence(in: block, inlines: inlines).map { ($0.0, nil, false, $0.2) }
        }
        let lead = Array(inlines[..<end])
        if !lead.isEmpty, lead.count <= 8, let match = date(inText: PlainText.of(lead).trimmedWhitespace()) {
            return (match, firstDestination(in: Array(inlines[end...])), true, nil)
        }
        // The date may be the link's own text: `**Date**: [15th July 2019][3.10.0-milestone]`;
        // that link is the release's page, and compares only when its address says so.
        if end < inlines.count, inlines.count <= 8, let match = date(inText: PlainText.of(inlines).trimmedWhitespace())
        {
            let link = firstDestination(in: Array(inlines[end...]))
            return (match, link, link.map(isComparison) ?? false, nil)
        }
        return sentence(in: block, inlines: inlines).map { ($0.0, nil, false, $0.2) }
    }

    private static func isTrailing(_ inline: Inline) -> Bool {
        switch inline {
        case .link, .softBreak, .lineBreak: true
        case .text(let text): text.allSatisfy { $0.isWhitespace || "•|·,-–".contains($0) }
        default: false
        }
    }

    /// `Released on 2019-10-26. All issues…`: the date from the first sentence, and the
    /// paragraph without that sentence; whole when the sentence says more than the date
    /// (`Released 3 March 2024 by the core team`), nothing when it says only that.
    private static func sentence(in block: Block, inlines: [Inline]) -> (DateScanner.Match, String?, Block?)? {
        guard case .text(let first)? = inlines.first else { return nil }
        let end = first.firstRange(ofText: ". ")
        let sentence = end.map { first[..<$0.lowerBound] } ?? first[...]
        let tokens = HeadingToken.tokenize(String(sentence.prefix(120)))
        guard let match = DateScanner(tokens: tokens).matches().first else { return nil }
        guard let end else {
            let after = tokens[match.range.upperBound...].map(\.text).joined()
            let saysMore = !after.trimmingCharacters(from: " .,;:").isEmpty || inlines.count > 1
            return (match, nil, saysMore ? block : nil)
        }
        var rest = inlines
        let after = first[end.upperBound...].drop(while: \.isWhitespace)
        rest[0] = .text(String(after))
        if after.isEmpty { rest.removeFirst() }
        while let head = rest.first, head == .softBreak || head == .lineBreak { rest.removeFirst() }
        guard !PlainText.of(rest).trimmedWhitespace().isEmpty else { return (match, nil, nil) }
        var copy = block
        copy.content = .paragraph(rest)
        return (match, nil, copy)
    }

    private static func date(inText text: String) -> DateScanner.Match? {
        // Every date form has a year, so text without a digit (most items) is passed over at once.
        guard text.utf8.count <= 120, text.utf8.contains(where: { (0x30...0x39).contains($0) }) else { return nil }
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
    /// links (`[Burrow](…) • [burrow-core](…)`): the first destination, and whether the line
    /// compares the release with the one before.
    static func comparisonLink(in block: Block) -> (destination: String, isComparison: Bool)? {
        guard case .paragraph(let inlines) = block.content else { return nil }
        let text = PlainText.of(inlines).trimmedWhitespace().lowercased()
        let words = text.trimmingCharacters(from: " :")
        let isComparison =
            comparisonTexts.contains(words) || text.hasPrefix("full changelog") || text.hasPrefix("full diff")
        // `**Full Changelog**: https://…/compare/v1...v2`, the address bare as GitHub writes it.
        guard isComparison || linkTexts.contains(words) || isOnlyLinks(inlines),
            let destination = firstDestination(in: inlines) ?? (isComparison ? bareAddress(in: text) : nil)
        else { return nil }
        return (destination, LinkSafety.isWeb(destination) && (isComparison || Self.isComparison(destination)))
    }

    /// The first web address written out in the text.
    private static func bareAddress(in text: String) -> String? {
        guard let start = text.firstRange(ofText: "https://") ?? text.firstRange(ofText: "http://") else { return nil }
        let address = text[start.lowerBound...].prefix { !$0.isWhitespace }
        return String(address.reversed().drop { ".,;:)".contains($0) }.reversed())
    }

    /// An address that compares two versions: `…/compare/v1.2.0...v1.3.0`, GitLab's
    /// `…/-/compare/…`, or any `a...b` range.
    static func isComparison(_ destination: String) -> Bool {
        // Only a web address: the notes are untrusted, and apps follow the JSON's `compare`.
        guard LinkSafety.isWeb(destination) else { return false }
        return destination.contains(text: "/compare/") || destination.contains(text: "/compare?")
            || destination.contains(text: "...")
            || destination.contains(text: "/diff/")
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

    private static let comparisonTexts: Set<String> = [
        "full changelog", "diff", "compare", "changes", "commits", "full diff", "all changes", "github diff",
        "compare changes", "see all changes", "source diff",
    ]
    private static let linkTexts: Set<String> = ["github release", "release", "release notes", "changelog"]
}
