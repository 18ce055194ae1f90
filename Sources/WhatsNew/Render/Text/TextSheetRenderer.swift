/// The What's New sheet for a terminal: the sheet's title and a version line, then a row per
/// section, with the icons in one column as wide as the widest icon and every title and
/// wrapped summary line starting at the same column.
public struct TextSheetRenderer: Sendable, ByteRenderer {
    public var options: TerminalOptions

    public init(options: TerminalOptions = TerminalOptions()) {
        self.options = options
    }

    public func render(_ document: Document, releases: [Release]) -> String {
        String(decoding: renderUTF8(document, releases: releases), as: UTF8.self)
    }

    /// The same as UTF-8 bytes, never made into a String (see `HTMLRenderer.renderUTF8`).
    public func renderUTF8(_ document: Document, releases: [Release]) -> [UInt8] {
        gathered(document, releases: releases)
    }

    /// The same handed to `sink` as it is laid out.
    public func render(_ document: Document, releases: [Release], to sink: OutputSink) {
        stream(document, releases: releases, to: sink)
    }

    func expectedSize(of releases: [Release]) -> Int { releases.count * 2048 }

    func write(_ document: Document, releases: [Release], into output: inout ByteWriter) {
        let layout = SheetLayout(releases: releases, width: options.width, displayWidth: options.displayWidth)
        let writer = ANSIWriter(options: options)
        let title = titleLines(document, layout: layout)
        writer.write(title, to: &output)
        // Releases are laid out apart from one another, so a long changelog's are shared out
        // over the cores and their text added in order as it is done.
        let parts = ParallelWork.streamingRanges(of: releases.count)
        ParallelWork.forEach(parts: parts.count, into: &output) { part in
            var output = ByteWriter()
            for index in parts[part] {
                writer.write(lines(of: releases, at: index, after: title, layout: layout), to: &output)
            }
            return output
        } inOrder: { output, part in
            output.write(part)
        }
    }

    /// The whole sheet as laid-out lines.
    func lines(_ document: Document, releases: [Release], layout: SheetLayout) -> [StyledLine] {
        let title = titleLines(document, layout: layout)
        return releases.indices.reduce(into: title) { lines, index in
            lines += self.lines(of: releases, at: index, after: title, layout: layout)
        }
    }

    private func titleLines(_ document: Document, layout: SheetLayout) -> [StyledLine] {
        var lines = wrapped([Span(clean(document.title) ?? "What's New", .bold)], measure: layout.width)
        if let subtitle = clean(document.subtitle) { lines += wrapped([Span(subtitle, .dim)], measure: layout.width) }
        return lines
    }

    /// One release's lines, from the blank line that sets it apart.
    private func lines(of releases: [Release], at index: Int, after title: [StyledLine], layout: SheetLayout)
        -> [StyledLine]
    {
        let release = releases[index]
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
            let note = release.isUnreleased ? "Nothing listed yet." : "No changes listed."
            lines.append(StyledLine(spans: [Span(note, .dim)]))
        }
        return lines
    }

    /// `Version 2024.03 · 18 March 2024`: dim under the sheet's title, bold above each of several releases.
    private func header(of release: Release, standsAlone: Bool, width: Int) -> [StyledLine] {
        let name = clean(release.displayName) ?? ""
        var date = release.date.map { $0.longText }
        if release.version != nil && release.isUnreleased && date == nil { date = "Unreleased" }
        let spans =
            standsAlone
            ? [Span([name, date].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · "), .dim)]
            : [Span(name, .bold)] + (date.map { [Span(" · \($0)", .dim)] } ?? [])
        return wrapped(spans, measure: width)
    }

    /// icon · title, then the summary, every line at the text column.
    private func row(_ section: Section, layout: SheetLayout) -> [StyledLine] {
        var text: [StyledLine] = []
        if let title = clean(section.title) {
            text += wrapped([Span(title, .bold)], measure: layout.measure)
        }
        text += blockText.lines(section.lead.blocks, measure: layout.measure)
        if let link = clean(section.link) {
            text += blockText.lines(
                [Block(.paragraph([.link(destination: link, title: "", [.text(link)])]), line: section.line)],
                measure: layout.measure)
        }
        var lines = text.map { line in
            line.spans.isEmpty ? line : StyledLine(indent: layout.textColumn + line.indent, spans: line.spans)
        }
        if let icon = section.appearance.icon {
            var style = TextStyle()
            style.color = section.appearance.color
            let iconSpan = Span(TerminalSanitizer.clean(icon.glyph), style)
            if lines.isEmpty { lines.append(StyledLine()) }
            lines[0].icon = iconSpan
            lines[0].indent = layout.textColumn + (text.first?.indent ?? 0)
        }
        return lines
    }

    private var blockText: BlockText {
        BlockText(inline: InlineText(hyperlinks: options.styling), width: options.displayWidth)
    }

    private func wrapped(_ spans: [Span], measure: Int) -> [StyledLine] {
        LineWrapper(width: options.displayWidth, measure: measure).wrap(spans).map { StyledLine(spans: $0) }
    }

    /// Text from the notes, safe for the terminal; nil when nothing is left.
    private func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        // Most titles are printable ASCII with nothing to trim: they come back as they are.
        if let first = text.utf8.first, let last = text.utf8.last, first != 0x20, last != 0x20,
            text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
        {
            return text
        }
        let cleaned = TerminalSanitizer.clean(text).replacing("\n", with: " ").trimmedWhitespace()
        return cleaned.isEmpty ? nil : cleaned
    }
}
