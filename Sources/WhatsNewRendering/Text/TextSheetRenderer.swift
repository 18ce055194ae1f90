import WhatsNewModel
import WhatsNewSheet

/// The What's New sheet for a terminal: the sheet's title and a version line, then a row per
/// section, with the icons in one column as wide as the widest icon and every title and
/// wrapped summary line starting at the same column.
public struct TextSheetRenderer: SheetRenderer {
    /// Width, styling, colour depth, measure and link display.
    public var options: TerminalOptions

    /// A renderer with the given options.
    public init(options: TerminalOptions = TerminalOptions()) {
        self.options = options
    }

    /// The sheet written to `output` a release at a time: each release is laid out, written
    /// and let go before the next, so a long changelog's lines are never all held at once.
    public func render(_ sheet: Presentation, to output: inout some TextOutputStream) {
        let (document, releases) = (sheet.document, sheet.releases)
        let lines = SheetLines(options: options, words: sheet.words)
        let layout = SheetLayout(releases: releases, width: options.width, displayWidth: options.displayWidth)
        let writer = ANSIWriter(options: options)
        // A sheet fitted to a size family says what it is in its own heading line.
        let isSized = sheet.size != nil
        let title = isSized ? [] : lines.titleLines(document, layout: layout)
        var text = ""
        writer.write(title, to: &text)
        for index in releases.indices {
            writer.write(lines.lines(of: releases, at: index, after: title, layout: layout), to: &text)
            if text.utf8.count >= StreamedOutput.chunkSize {
                output.write(text)
                text.removeAll(keepingCapacity: true)
            }
        }
        if !isSized, !document.archives.isEmpty, sheet.showsEveryRelease {
            writer.write(lines.archiveLines(document.archives, width: layout.width), to: &text)
        }
        output.write(text)
    }
}

/// The lines of one sheet, in its words.
private struct SheetLines {
    let options: TerminalOptions
    let words: SheetWords

    /// Older notes kept elsewhere, after the whole changelog: each heading's words and address.
    func archiveLines(_ archives: [Archive], width: Int) -> [StyledLine] {
        guard !archives.isEmpty else { return [] }
        let blocks = archives.map { archive in
            Block(.paragraph([.link(destination: archive.link, title: "", [.text(archive.title)])]), line: archive.line)
        }
        let full = BlockText(inline: InlineText(hyperlinks: options.styling, links: .full), width: options.displayWidth)
        return [.blank] + blocks.flatMap { full.lines([$0], measure: width) }
    }

    func titleLines(_ document: Document, layout: SheetLayout) -> [StyledLine] {
        var lines = wrapped([Span(clean(document.title) ?? words.whatsNew, .bold)], measure: layout.width)
        if let subtitle = clean(document.subtitle) { lines += wrapped([Span(subtitle, .dim)], measure: layout.width) }
        return lines
    }

    /// One release's lines, from the blank line that sets it apart.
    func lines(of releases: Presentation.Releases, at index: Int, after title: [StyledLine], layout: SheetLayout)
        -> [StyledLine]
    {
        let release = releases[index]
        if let size = release.size { return sized(release, family: size, first: index == 0, layout: layout) }
        var lines: [StyledLine] = []
        if releases.count > 1 || (index == 0 && title.isEmpty) { lines.append(.blank) }
        lines += header(of: release, standsAlone: releases.count == 1, width: layout.width)
        if let summary = release.summary {
            lines.append(.blank)
            lines += blockText.lines(summary.blocks, measure: layout.width)
        }
        for section in release.sections {
            lines.append(.blank)
            lines += row(section, layout: layout)
        }
        if release.summary == nil && release.sections.isEmpty {
            lines.append(.blank)
            lines.append(StyledLine(spans: [Span(release.emptyNote(words), .dim)]))
        }
        return lines
    }

    /// A release fitted to a size family: its rows close together and a last line for those
    /// left out; the accessory families as a heading and titles, or one line.
    private func sized(_ release: PresentedRelease, family: SizeFamily, first: Bool, layout: SheetLayout)
        -> [StyledLine]
    {
        // A release filling the card's room goes under its version; the card's own under its heading.
        let heading = clean(release.fills ? release.displayName(words) : release.sizedHeading(words)) ?? ""
        let titles = release.sections.compactMap { clean($0.title) }
        let scheduled = release.isScheduled ? [Span(" · " + words.scheduled, .dim)] : []
        switch family {
        case .inline:
            let line = InlineSheet.line(heading: heading, titles: titles, more: release.omitted)
            return (first ? [] : [.blank]) + wrapped([Span(line)], measure: layout.width)
        case .rectangular:
            var lines = wrapped(
                [Span(heading, .bold)] + (release.omitted > 0 ? [Span(" +\(release.omitted)", .dim)] : []) + scheduled,
                measure: layout.width)
            for section in release.sections { lines += row(section, layout: layout) }
            return (first ? [] : [.blank]) + lines
        default:
            var lines: [StyledLine] =
                (first ? [] : [.blank]) + wrapped([Span(heading, .bold)] + scheduled, measure: layout.width)
            lines.append(.blank)
            for section in release.sections { lines += row(section, layout: layout) }
            if release.omitted > 0 {
                lines.append(StyledLine(indent: layout.textColumn, spans: [Span(words.more(release.omitted), .dim)]))
            }
            return lines
        }
    }

    /// `Version 2024.03 · 18 March 2024`: dim under the sheet's title, bold above each of several releases.
    private func header(of release: PresentedRelease, standsAlone: Bool, width: Int) -> [StyledLine] {
        let name = clean(release.displayName(words)) ?? ""
        var date = release.date.map(words.formatDate)
        if release.version != nil && release.isUnreleased && date == nil { date = words.unreleased }
        if release.isScheduled { date = [date, words.scheduled].compactMap { $0 }.joined(separator: " · ") }
        var spans =
            standsAlone
            ? [Span([name, date].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · "), .dim)]
            : [Span(name, .bold)] + (date.map { [Span(" · \($0)", .dim)] } ?? [])
        // The comparison with the release before: the heading a hyperlink where the terminal
        // follows one; its address after the heading only with `--links full`.
        if let compare = release.compare.map(TerminalSanitizer.clean), InlineText.isFollowable(compare) {
            if options.styling {
                spans[0].style.link = compare
            } else if options.links == .full {
                spans.append(Span(" (\(compare))", .dim))
            }
        }
        return wrapped(spans, measure: width)
    }

    /// icon · title, then the summary, every line at the text column.
    private func row(_ section: Section, layout: SheetLayout) -> [StyledLine] {
        // Each part's lines go straight into the row, moved to the text column: no array of
        // the parts joined first and then copied to move it.
        var lines: [StyledLine] = []
        var firstIndent: Int?
        func add(_ part: [StyledLine]) {
            if firstIndent == nil { firstIndent = part.first?.indent }
            for line in part {
                lines.append(
                    line.spans.isEmpty ? line : StyledLine(indent: layout.textColumn + line.indent, spans: line.spans))
            }
        }
        if let title = clean(section.title) {
            add(wrapped([Span(title, .bold)], measure: layout.measure))
        }
        add(blockText.lines(section.lead.blocks, measure: layout.measure))
        if let link = clean(section.link) {
            add(
                blockText.lines(
                    [Block(.paragraph([.link(destination: link, title: "", [.text(link)])]), line: section.line)],
                    measure: layout.measure))
        }
        if let icon = section.appearance.icon {
            var style = TextStyle()
            style.color = section.appearance.color
            let iconSpan = Span(TerminalSanitizer.clean(icon.glyph), style)
            if lines.isEmpty { lines.append(StyledLine()) }
            lines[0].icon = iconSpan
            lines[0].indent = layout.textColumn + (firstIndent ?? 0)
        }
        return lines
    }

    private var blockText: BlockText {
        BlockText(inline: InlineText(hyperlinks: options.styling, links: options.links), width: options.displayWidth)
    }

    private func wrapped(_ spans: [Span], measure: Int) -> [StyledLine] {
        LineWrapper(width: options.displayWidth, measure: measure).wrap(spans).map { StyledLine(spans: $0) }
    }

    /// Text from the notes, safe for the terminal; nil when nothing is left.
    private func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        // Printable ASCII that neither starts nor ends with a space, as most titles are, is
        // clean as it stands.
        if let first = text.utf8.first, first != 0x20, text.utf8.last != 0x20,
            text.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
        {
            return text
        }
        let cleaned = TerminalSanitizer.clean(text).replacing(ascii: "\n", with: " ").trimmedWhitespace()
        return cleaned.isEmpty ? nil : cleaned
    }
}
