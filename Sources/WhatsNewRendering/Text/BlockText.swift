import WhatsNewModel
import WhatsNewSheet

/// Markdown blocks as terminal lines within a measure: paragraphs wrapped, lists with bullets
/// and hanging indents (deeper for nested lists), block quotes behind a bar, code kept as is.
struct BlockText {
    let inline: InlineText
    let width: DisplayWidth

    /// Blocks separated by a blank line, or by none inside a tight list item.
    func lines(_ blocks: [Block], measure: Int, depth: Int = 0, tight: Bool = false) -> [StyledLine] {
        var result: [StyledLine] = []
        for block in blocks {
            let lines = lines(block, measure: measure, depth: depth)
            guard !lines.isEmpty else { continue }
            if !result.isEmpty && !tight { result.append(.blank) }
            result += lines
        }
        return result
    }

    private func lines(_ block: Block, measure: Int, depth: Int) -> [StyledLine] {
        switch block.content {
        case .paragraph(let inlines):
            return wrapped(inline.spans(inlines), measure: measure)
        case .heading(_, let inlines):
            return wrapped(inline.spans(inlines, style: .bold), measure: measure)
        case .list(let list):
            return lines(list, measure: measure, depth: depth)
        case .blockQuote(let blocks):
            let bar = Span("│", .dim)
            return lines(blocks, measure: Self.inner(measure, less: 2), depth: depth).map { line in
                guard !line.spans.isEmpty else { return StyledLine(spans: [bar]) }
                return StyledLine(spans: [Span("│ ", .dim), Self.spaces(line.indent)] + line.spans)
            }
        case .codeBlock(_, let code):
            var style = TextStyle()
            style.code = true
            var codeLines = code.split(separator: "\n", omittingEmptySubsequences: false)
            if codeLines.last == "" { codeLines.removeLast() }
            // Kept as written, never wrapped; tabs become spaces so the width can be measured.
            return codeLines.map { line in
                let text = TerminalSanitizer.clean(String(line)).replacing(ascii: "\t", with: "    ")
                return StyledLine(spans: text.isEmpty ? [] : [Span(text, style)])
            }
        case .html:
            return []
        case .thematicBreak:
            return [StyledLine(spans: [Span(String(repeating: "─", count: max(1, min(measure, 24))), .dim)])]
        }
    }

    private func lines(_ list: ListBlock, measure: Int, depth: Int) -> [StyledLine] {
        let markers = list.items.indices.map { index in
            list.isOrdered ? "\(list.start + index)." : Self.bullets[min(depth, Self.bullets.count - 1)]
        }
        // One hanging indent for the whole list, so every item's text starts at one column.
        let markerWidth = (markers.map { width.of($0) }.max() ?? 1) + 1
        var result: [StyledLine] = []
        for (item, marker) in zip(list.items, markers) {
            if !result.isEmpty && !list.isTight { result.append(.blank) }
            let itemLines = lines(
                item.blocks, measure: Self.inner(measure, less: markerWidth), depth: depth + 1, tight: list.isTight)
            guard let first = itemLines.first else {
                result.append(StyledLine(spans: [Span(marker, .dim)]))
                continue
            }
            let padding = markerWidth - width.of(marker) + first.indent
            result.append(StyledLine(spans: [Span(marker, .dim), Self.spaces(padding)] + first.spans))
            for line in itemLines.dropFirst() {
                result.append(
                    line.spans.isEmpty ? .blank : StyledLine(indent: line.indent + markerWidth, spans: line.spans))
            }
        }
        return result
    }

    private func wrapped(_ spans: [Span], measure: Int) -> [StyledLine] {
        LineWrapper(width: width, measure: measure).wrap(spans).map { StyledLine(spans: $0) }
    }

    /// The measure inside a quote or list item. Deep nesting would drive it to nothing (or
    /// below, which the fuzzer found); it stops at one cell and the lines run wide instead.
    static func inner(_ measure: Int, less indent: Int) -> Int { max(1, measure - indent) }

    /// Bullets by depth: solid, hollow, then square.
    static let bullets = ["•", "◦", "▪"]

    static func spaces(_ count: Int) -> Span { Span(String(repeating: " ", count: max(0, count))) }
}
