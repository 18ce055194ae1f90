import WhatsNewModel
import WhatsNewReading

/// Where each release of a notes file stands, by line, and, in a release, where each row
/// does: what an edit needs to put text between them without disturbing anything else.
struct NotesOutline: Sendable {
    /// Inclusive 1-based lines.
    typealias Lines = ClosedRange<Int>

    struct ReleaseSpan: Sendable {
        /// The release's index in the document.
        var index: Int
        var heading: Lines
        /// Everything under the heading up to the next release, without trailing blank lines,
        /// anchors or rules; nil when there is nothing.
        var content: Lines?
        /// What stands before the first row: a summary, a date line.
        var prelude: Lines?
        var rows: [RowSpan]
    }

    /// A row with a heading or front matter of its own.
    struct RowSpan: Sendable {
        /// The section's index in its release.
        var index: Int
        var lines: Lines
        /// The heading's own lines (two for a setext heading).
        var heading: Lines?
        /// The row ends with a list, so items can follow it directly; and whether it is loose.
        var endsWithList: Bool
        var endsLoose: Bool
    }

    private(set) var releases: [ReleaseSpan] = []
    /// Top-level blocks and front-matter blocks, as line spans in file order.
    let elements: [Element]

    struct Element: Sendable {
        var lines: Lines
        var block: Block?
        var isContent: Bool { block?.isContent ?? true }
        var headingLevel: Int? {
            if case .heading(let level, _)? = block?.content { return level }
            return nil
        }
    }

    init(document: Document, blocks: [Block], frontMatter: [FrontMatterBlock], lines: NotesLines) {
        // cmark counts the blank lines after a list as the list's; they are not.
        func trimmed(_ first: Int, _ last: Int) -> ClosedRange<Int> {
            var last = min(max(first, last), lines.count)
            while last > first, lines.isBlank(last) { last -= 1 }
            return first...last
        }
        // cmark ends a setext heading on the line after its underline when text follows it.
        func end(of block: Block) -> Int {
            guard block.isHeading, block.line <= lines.count, !ArraySlice(lines[block.line].utf8).opensATXHeading else {
                return block.isHeading ? block.line : block.endLine
            }
            return (block.line + 1...max(block.line + 1, min(block.endLine, lines.count))).first { line in
                let rule = lines[line].trimmedWhitespace()
                return !rule.isEmpty && (rule.allSatisfy { $0 == "=" } || rule.allSatisfy { $0 == "-" })
            } ?? block.endLine
        }
        var elements = blocks.map { Element(lines: trimmed($0.line, end(of: $0)), block: $0) }
        elements += frontMatter.map { Element(lines: $0.openingLine...$0.closingLine, block: nil) }
        elements.sort { $0.lines.lowerBound < $1.lines.lowerBound }
        self.elements = elements
        let releaseLines = document.releases.map(\.line)
        for (index, release) in document.releases.enumerated() {
            guard let heading = elements.first(where: { $0.lines.lowerBound == release.line && $0.block != nil })
            else { continue }
            let level = heading.headingLevel ?? 7
            let nextRelease = releaseLines.dropFirst(index + 1).first { $0 > release.line } ?? Int.max
            // A heading as high as the release's own ends it too (`## 5.x` over `### 5.7.2`).
            let end =
                elements.first { element in
                    element.lines.lowerBound > heading.lines.upperBound
                        && (element.lines.lowerBound >= nextRelease || (element.headingLevel ?? 7) <= level)
                }?.lines.lowerBound ?? Int.max
            let inside = elements.filter { $0.lines.lowerBound > heading.lines.upperBound && $0.lines.lowerBound < end }
            let content = Self.span(of: inside)
            var span = ReleaseSpan(index: index, heading: heading.lines, content: content, rows: [])
            span.rows = rows(of: release, within: content)
            let firstRow = span.rows.first?.lines.lowerBound ?? Int.max
            span.prelude = Self.span(of: inside.filter { $0.lines.lowerBound < firstRow })
            releases.append(span)
        }
    }

    /// The span of `release` in the document, when it has a heading of its own.
    func span(ofRelease index: Int) -> ReleaseSpan? { releases.first { $0.index == index } }

    /// From the first element to the last one a reader sees: anchors and rules at the end
    /// belong with what follows, but a comment after a closing empty heading says what goes
    /// under that heading (black's `### Highlights` over `<!-- Include … -->`).
    private static func span(of elements: [Element]) -> Lines? {
        guard let first = elements.first, let index = elements.lastIndex(where: \.isContent) else { return nil }
        var last = elements[index]
        if last.headingLevel != nil, let comment = elements[(index + 1)...].prefix(while: { !$0.isContent }).last {
            last = comment
        }
        return first.lines.lowerBound...max(first.lines.lowerBound, last.lines.upperBound)
    }

    private func rows(of release: Release, within content: Lines?) -> [RowSpan] {
        guard let content else { return [] }
        // In file order: the reader may show rows in another (dependency bumps last).
        let starts = release.sections.enumerated().filter { _, section in
            [.heading, .pseudoHeading, .frontMatter].contains(section.origin) && content.contains(section.line)
        }.sorted { $0.element.line < $1.element.line }
        return starts.enumerated().map { position, start in
            let next = position + 1 < starts.count ? starts[position + 1].element.line : content.upperBound + 1
            let inside = elements.filter { $0.lines.lowerBound >= start.element.line && $0.lines.lowerBound < next }
            let lines = Self.span(of: inside) ?? start.element.line...start.element.line
            let last = inside.last(where: \.isContent)?.block
            var endsWithList = false
            var endsLoose = false
            if case .list(let list)? = last?.content, inside.count > 1 {
                endsWithList = true
                endsLoose = !list.isTight
            }
            let heading = start.element.origin == .frontMatter ? nil : inside.first?.lines
            return RowSpan(
                index: start.offset, lines: lines, heading: heading, endsWithList: endsWithList, endsLoose: endsLoose)
        }
    }
}
