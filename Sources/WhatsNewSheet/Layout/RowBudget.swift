import WhatsNewModel

/// Fits a release to a size family: which rows it shows, and each summary shortened to the
/// family's lines at its width, at a word, with an ellipsis.
///
/// Rows are chosen featured first (front-matter sections, a higher `priority` first, then as
/// the notes list them), then the kinds' rows, breaking changes first, then as listed. The
/// rows shown plus ``PresentedRelease/omitted`` are all the release's rows.
public struct RowBudget: Sendable {
    /// The family fitted to.
    public var family: SizeFamily
    /// How text is measured in cells.
    public var displayWidth: DisplayWidth
    /// whatsnew's own words, for the heading an inline line starts with.
    public var words: SheetWords

    /// A budget for a family, in English unless other words are given.
    public init(family: SizeFamily, displayWidth: DisplayWidth = DisplayWidth(), words: SheetWords = .english) {
        self.family = family
        self.displayWidth = displayWidth
        self.words = words
    }

    /// The release with the rows the family shows, their summaries shortened, and what was
    /// left out and shortened in its ``PresentedRelease/fitting``.
    public func apply(to presented: PresentedRelease) -> PresentedRelease {
        fitInRoom(presented).release
    }

    /// The release with the most rows, up to the family's, that its card has room for; one row
    /// at least. The accessory families count rows, having no room to fill.
    private func fitInRoom(_ presented: PresentedRelease) -> (release: PresentedRelease, room: Double) {
        guard family != .inline, family != .rectangular else { return fit(presented, rows: family.rows) }
        var fitted = fit(presented, rows: family.rows)
        var rows = family.rows
        while fitted.room > family.room, rows > 1 {
            rows -= 1
            fitted = fit(presented, rows: rows)
        }
        return fitted
    }

    /// `first` fitted, then the rows of `earlier` releases (the ones before it, newest first)
    /// while the family's card has room, each headed by its version: a card shows what the
    /// reader has not seen rather than blank space, and never more than its room
    /// (``SizeFamily/room``). The small card, too narrow for a version's line, and the
    /// accessory families show the first release alone.
    public func apply(to first: PresentedRelease, filling earlier: [PresentedRelease]) -> [PresentedRelease] {
        let (fitted, used) = fitInRoom(first)
        guard family != .inline, family != .rectangular, family != .small else { return [fitted] }
        var shown = [fitted]
        var room = family.room - used
        for release in earlier where !release.sections.isEmpty {
            // Its version's line, parted from the release above, then as many of its rows as the
            // room left holds: the most rows first, each with the family's summary lines, then fewer.
            room -= SizeFamily.Room.releaseHeading
            let tries = (1...family.rows).reversed().flatMap { rows in
                (min(1, family.summaryLines)...family.summaryLines).reversed().map { (rows, $0) }
            }
            guard room > 0,
                let next = tries.lazy.map({ fit(release, rows: $0.0, summaryLines: $0.1) }).first(where: {
                    $0.room <= room
                })
            else { break }
            var filling = next.release
            filling.fitting?.fills = true
            shown.append(filling)
            room -= next.room
        }
        return shown
    }

    /// The release with at most `rows` of its rows, fitted, and the room it takes in the
    /// family's card (``SizeFamily/Room``): each row, and a line for the rows left out.
    private func fit(_ presented: PresentedRelease, rows: Int, summaryLines: Int? = nil) -> (
        release: PresentedRelease, room: Double
    ) {
        var release = presented.release
        let ranked = Self.ranked(release.sections)
        let shown = family == .inline ? inlineRows(ranked, of: release) : Array(ranked.prefix(rows))
        let measure = SheetLayout(sections: shown, width: family.width, displayWidth: displayWidth).measure
        let wrapper = LineWrapper(width: displayWidth, measure: measure)
        var room = shown.count < ranked.count ? SizeFamily.Room.moreLine : 0
        var truncated: Set<Int> = []
        release.sections = shown.enumerated().map { index, section in
            var section = section
            if let widest = family.widestIcon, let icon = section.appearance.icon,
                SheetLayout.cells(of: icon.glyph, displayWidth) > widest
            {
                section.appearance.icon = nil
            }
            let (summary, summaryTruncated) = self.summary(
                of: section, measure: measure, lines: summaryLines ?? family.summaryLines)
            section.summary = summary.map {
                MarkdownContent(blocks: [Block(.paragraph([.text($0)]), line: section.line)])
            }
            room += SizeFamily.Room.row(summaryLines: summary.map { wrapper.wrap([Span($0)]).count } ?? 0)
            section.body = MarkdownContent()
            section.link = nil
            var titleTruncated = false
            if family != .inline, let title = section.title {
                // Bold type in proportional fonts runs wider than cells count: a tenth is left spare.
                (section.title, titleTruncated) = shortened(
                    title, lines: family.titleLines, measure: measure - measure / 10)
            }
            if summaryTruncated || titleTruncated { truncated.insert(index) }
            return section
        }
        release.summary = nil
        let fitting = PresentedRelease.Fitting(
            family: family, omitted: ranked.count - shown.count, truncatedRows: truncated)
        // Rows are parted by gaps: none after the last.
        if !shown.isEmpty { room -= SizeFamily.Room.rowGap }
        return (PresentedRelease(release, isScheduled: presented.isScheduled, fitting: fitting), room)
    }

    /// As many titles as fit on the line after the heading, with room for `+N` for the rest;
    /// always the first, however long.
    private func inlineRows(_ ranked: [Section], of release: Release) -> [Section] {
        var shown: [Section] = []
        let heading = release.sizedHeading(words)
        for (index, section) in ranked.enumerated() {
            let titles = (shown + [section]).compactMap(\.title)
            let rest = ranked.count - index - 1
            let line = InlineSheet.line(heading: heading, titles: titles, more: rest)
            if displayWidth.of(line) <= family.width {
                shown.append(section)
                continue
            }
            if shown.isEmpty, let title = section.title {
                // The first title alone is too long: shortened to what the line leaves it, unless
                // that is too little to say anything; then the line is the heading and a count.
                let room = family.width - displayWidth.of(InlineSheet.line(heading: heading, titles: [""], more: rest))
                guard room >= Self.shortestInlineTitle else { break }
                var first = section
                first.title = shortened(title, lines: 1, measure: room).0
                shown.append(first)
            }
            break
        }
        return shown
    }

    /// The fewest cells a shortened inline title may have: a word's start and an ellipsis.
    static let shortestInlineTitle = 6

    /// Featured rows by priority, then kind rows with breaking changes first; otherwise as listed.
    static func ranked(_ sections: [Section]) -> [Section] {
        sections.enumerated().sorted { left, right in
            func rank(_ section: Section) -> (Int, Int) {
                if section.origin == .frontMatter { return (0, -(section.priority ?? 0)) }
                return (section.kind == .breaking ? 1 : 2, 0)
            }
            let (a, b) = (rank(left.element), rank(right.element))
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    /// The row's summary as one paragraph of plain text within the family's lines, and whether
    /// it had to be shortened; nil when the family shows none.
    func summary(of section: Section, measure: Int, lines: Int? = nil) -> (String?, Bool) {
        let lines = lines ?? family.summaryLines
        guard lines > 0 else { return (nil, false) }
        let text = Self.plainSummary(of: section)
        guard !text.isEmpty else { return (nil, false) }
        let (kept, truncated) = shortened(text, lines: lines, measure: measure)
        return (Optional(kept), truncated)
    }

    /// `text` within `count` lines at `measure` cells: as it is, or its longest run of whole
    /// words that fits with an ellipsis. The kept text is a prefix of `text`, never rejoined
    /// from wrapped lines, so a word the wrapper had to break is not split by a space.
    func shortened(_ text: String, lines count: Int, measure: Int) -> (String, Bool) {
        let wrapper = LineWrapper(width: displayWidth, measure: measure)
        func fits(_ candidate: String) -> Bool { wrapper.wrap([Span(candidate)]).count <= count }
        guard !fits(text) else { return (text, false) }
        func closed(_ prefix: Substring) -> String {
            var kept = String(prefix)
            while let end = kept.last, end == " " || ",;:.-–—·".contains(end) { kept.removeLast() }
            return kept + "…"
        }
        // Where each word ends, so a prefix of words is a prefix of the text as written.
        var ends: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] != " ", text.index(after: index) == text.endIndex || text[text.index(after: index)] == " " {
                ends.append(text.index(after: index))
            }
            index = text.index(after: index)
        }
        if let words = Self.longestFitting(ends.count, { fits(closed(text[..<ends[$0 - 1]])) }), words > 0 {
            return (closed(text[..<ends[words - 1]]), true)
        }
        // One word wider than the lines: cut it between characters.
        let first = text.drop { $0 == " " }.prefix { $0 != " " }
        let cut = Self.longestFitting(first.count) { fits(String(first.prefix($0)) + "…") } ?? 0
        return (String(first.prefix(cut)) + "…", true)
    }

    /// The largest `n` in `1...count` for which `fits(n)` holds (fitting shrinks as `n` grows),
    /// or nil when none does: a binary search, so a long text is wrapped a few times, not once
    /// per word.
    private static func longestFitting(_ count: Int, _ fits: (Int) -> Bool) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return low == 0 ? nil : low
    }

    /// What the row says under its title, flattened: its summary, else its items joined by
    /// ` · `, else its text.
    static func plainSummary(of section: Section) -> String {
        if let summary = section.summary { return summary.plainText.collapsingWhitespace() }
        let items = section.items
        if !items.isEmpty, section.body.blocks.allSatisfy(\.isList) {
            return items.map { $0.collapsingWhitespace() }.joined(separator: " · ")
        }
        return section.body.plainText.collapsingWhitespace()
    }
}
