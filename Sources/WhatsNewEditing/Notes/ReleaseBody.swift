import WhatsNewModel
import WhatsNewReading

/// The body of the release being written: the notes' own unreleased content as written, with
/// each fragment added where it belongs. Featured rows follow the notes' own featured rows;
/// items join their kind's row, which is added, in the file's order of rows, where the
/// notes lack it. Within a row, fragments keep the order of their file names, which start with
/// the time each was written.
struct ReleaseBody {
    let file: NotesFile
    let dialect: NotesDialect
    let markdown: FragmentMarkdown
    let kinds: ChangeKinds

    /// A row of the release being put together.
    private struct Chunk {
        var key: RowKey?
        var lines: [String]
        var endsWithList: Bool
        var endsLoose: Bool
        /// Where the row's content starts in `lines`, after its heading.
        var contentStart = 0
        var startsWithList = false
        /// Where the row's first group (`#### Windows` under `### Fixed`) starts in `lines`, and
        /// whether the row's own list stands right above it.
        var groupStart: Int? = nil
        var listBeforeGroup = false
    }

    /// A release's own content: what stands before its first row, and its rows.
    private struct Part {
        var prelude: [String] = []
        var preludeEndsWithList = false
        var preludeStartsWithList = false
        var chunks: [Chunk] = []
    }

    /// The body's lines, without the heading; empty when there is nothing to say. The
    /// releases `gathering` (pre-releases, oldest first) come in before the unreleased
    /// changes, each row's items joining the row of the same kind.
    func lines(unreleased index: Int?, gathering: [Int] = [], fragments: [Fragment]) -> [String] {
        var merged = Part()
        for source in gathering + (index.map { [$0] } ?? []) {
            let part = part(of: source, gathered: source != index)
            // A category written twice in one release stays as written; a later release's rows join.
            let earlier = merged.chunks.count
            if merged.prelude.isEmpty {
                merged.prelude = part.prelude
                merged.preludeEndsWithList = part.preludeEndsWithList
            } else if !part.prelude.isEmpty {
                // Tight lists run on as one; anything else is a paragraph apart.
                let runsOn = merged.preludeEndsWithList && part.preludeStartsWithList && !dialect.looseLists
                merged.prelude += (runsOn ? [] : [""]) + part.prelude
                merged.preludeEndsWithList = part.preludeEndsWithList
            }
            for chunk in part.chunks {
                guard let key = chunk.key, let existing = merged.chunks[..<earlier].firstIndex(where: { $0.key == key })
                else {
                    merged.chunks.append(chunk)
                    continue
                }
                // A later release's items join the row: its content without its heading.
                let content = Array(
                    chunk.lines[chunk.contentStart...].drop { $0.allSatisfy { $0 == " " || $0 == "\t" } })
                let before = merged.chunks[existing]
                let runsOn = before.endsWithList && !before.endsLoose && chunk.startsWithList
                merged.chunks[existing].lines += (runsOn ? [] : [""]) + content
                merged.chunks[existing].endsWithList = chunk.endsWithList
                merged.chunks[existing].endsLoose = chunk.endsLoose
            }
        }
        var prelude = merged.prelude
        let preludeEndsWithList = merged.preludeEndsWithList
        var chunks = merged.chunks
        let sorted = fragments.sorted { ($0.name, $0.path) < ($1.name, $1.path) }
        let featured = sorted.filter(\.isFeatured).map(markdown.featuredRow)
        var items: [RowKey: [[String]]] = [:]
        for fragment in sorted where !fragment.isFeatured {
            items[RowKey(fragment: fragment), default: []] += markdown.items(of: fragment)
        }
        if dialect.isFlat && !chunks.contains(where: { $0.key != nil }) {
            let all = dialect.order(of: items.keys, kinds: kinds).flatMap { items[$0] ?? [] }
            if preludeEndsWithList, !all.isEmpty {
                prelude += (dialect.looseLists ? [""] : []) + list(all, loose: dialect.looseLists)
                return joined([prelude] + featured + chunks.map(\.lines))
            }
            return joined([prelude] + featured + [list(all, loose: dialect.looseLists)] + chunks.map(\.lines))
        }
        let order = dialect.order(of: chunks.compactMap(\.key) + items.keys, kinds: kinds)
        for key in order {
            guard let rowItems = items[key] else { continue }
            if let index = chunks.firstIndex(where: { $0.key == key }) {
                let chunk = chunks[index]
                if let group = chunk.groupStart {
                    // The row's own list, above the groups that say where their changes apply.
                    let isBlank = { (line: String) in line.allSatisfy { $0 == " " || $0 == "\t" } }
                    let own = Array(chunk.lines[..<group].reversed().drop(while: isBlank).reversed())
                    let runsOn = chunk.listBeforeGroup && !dialect.looseLists
                    chunks[index].lines =
                        own + (runsOn ? [] : [""]) + list(rowItems, loose: dialect.looseLists) + [""]
                        + chunk.lines[group...]
                    continue
                }
                let separator = chunk.endsWithList && !chunk.endsLoose ? [] : [""]
                chunks[index].lines +=
                    separator + list(rowItems, loose: chunk.endsWithList ? chunk.endsLoose : dialect.looseLists)
                continue
            }
            let chunk = Chunk(
                key: key,
                lines: heading(of: key) + Array(repeating: "", count: dialect.blankLinesAfterRowHeading)
                    + list(rowItems, loose: dialect.looseLists),
                endsWithList: true, endsLoose: dialect.looseLists)
            let rank = { (key: RowKey) in order.firstIndex(of: key) ?? order.count }
            if let later = chunks.firstIndex(where: { $0.key.map(rank) ?? -1 > rank(key) }) {
                chunks.insert(chunk, at: later)
            } else {
                chunks.append(chunk)
            }
        }
        // New featured rows follow the notes' own, which stand before the first kind's row.
        let leading = chunks.prefix { $0.key == nil }.count
        return joined([prelude] + chunks[..<leading].map(\.lines) + featured + chunks[leading...].map(\.lines))
    }

    /// The prelude and rows of release `index` as written, each part running to the next: a
    /// comment after a part's last content (a template's `<!-- … -->` under an empty heading)
    /// goes with it, so nothing of the section is lost.
    private func part(of index: Int, gathered: Bool = false) -> Part {
        var part = Part()
        guard let span = file.outline.span(ofRelease: index) else { return part }
        let end = span.content?.upperBound ?? span.heading.upperBound
        let starts = span.rows.map(\.lines.lowerBound)
        func upTo(_ next: Int?) -> Int {
            var last = min(end, (next ?? end + 1) - 1)
            while last > 0, file.lines.isBlank(last) { last -= 1 }
            return last
        }
        func startsWithList(_ range: ClosedRange<Int>) -> Bool {
            file.blocks.first(where: { range.contains($0.line) && $0.isContent })?.isList ?? false
        }
        if let range = span.prelude {
            let last = max(range.upperBound, upTo(starts.first))
            // A template's empty category headings are no content of the release.
            var empty = emptyHeadings(in: range.lowerBound...last)
            // Nor is a gathered pre-release's `Released on …` line: the release writes its own.
            if gathered, dialect.heading.dateLines != nil,
                let first = file.blocks.first(where: { (range.lowerBound...last).contains($0.line) && $0.isContent }),
                ReleaseDetailLine.date(in: first) != nil
            {
                empty.append(first.line...max(first.line, min(first.endLine, last)))
            }
            part.prelude = Array(
                (range.lowerBound...last).filter { line in !empty.contains { $0.contains(line) } }
                    .map { file.lines[$0] }.drop { $0.allSatisfy { $0 == " " || $0 == "\t" } })
            if part.prelude.allSatisfy({ $0.allSatisfy { $0 == " " || $0 == "\t" } }) { part.prelude = [] }
            part.preludeEndsWithList =
                last == range.upperBound
                && (file.blocks.last(where: { range.contains($0.line) && $0.isContent })?.isList ?? false)
            part.preludeStartsWithList = startsWithList(range)
        }
        let sections = file.document.releases[index].sections
        part.chunks = span.rows.enumerated().map { position, row in
            var last = max(row.lines.upperBound, upTo(position + 1 < starts.count ? starts[position + 1] : nil))
            let extended = last > row.lines.upperBound
            let contentLine = (row.heading?.upperBound ?? row.lines.lowerBound - 1) + 1
            var endsWithList = row.endsWithList && !extended
            // Empty template headings after the row's own content stay behind (``templateTail(_:)``).
            if contentLine <= last, let tail = templateTail(contentLine...last) {
                last = tail - 1
                while last > contentLine, file.lines.isBlank(last) { last -= 1 }
                endsWithList =
                    file.blocks.last(where: { (contentLine...last).contains($0.line) && $0.isContent })?.isList ?? false
            }
            let own = min(row.lines.upperBound, last)
            var chunk = Chunk(
                key: RowKey(section: sections[row.index], kinds: kinds), lines: file.text(row.lines.lowerBound...last),
                endsWithList: endsWithList, endsLoose: row.endsLoose,
                contentStart: min(contentLine - row.lines.lowerBound, last - row.lines.lowerBound + 1),
                startsWithList: contentLine <= own && startsWithList(contentLine...own))
            if row.heading != nil, contentLine <= own {
                let content = file.blocks.filter { (contentLine...own).contains($0.line) && $0.isContent }
                if let group = content.firstIndex(where: \.isHeading) {
                    chunk.groupStart = content[group].line - row.lines.lowerBound
                    chunk.listBeforeGroup = group > 0 && content[group - 1].isList
                }
            }
            return chunk
        }
        return part
    }

    /// Where empty headings (with their comments) close a row's content in `range`, each
    /// followed by nothing or by a heading no deeper: template left under a category written
    /// above it (black's `### Highlights` after `### Stable style`'s list). Nil when the row has
    /// nothing else, or no such tail.
    private func templateTail(_ range: ClosedRange<Int>) -> Int? {
        let content = file.blocks.filter { range.contains($0.line) && $0.isContent }
        var start: Int?
        var following: Int?
        var index = content.count - 1
        while index >= 0, let level = Self.templateLevel(of: content[index]), following.map({ $0 <= level }) ?? true {
            start = content[index].line
            following = level
            index -= 1
        }
        return index >= 0 ? start : nil
    }

    /// A heading's level, or 7 for a bold label standing in for one (`**API Changes:**`): the
    /// category headings a template may leave empty, one rule for both.
    private static func templateLevel(of block: Block) -> Int? {
        if let level = block.headingLevel { return level }
        guard case .paragraph(let inlines) = block.content, case .strong? = inlines.first,
            PseudoHeading.title(of: block, followedBy: nil) != nil
        else { return nil }
        return 7
    }

    /// The lines of the category headings with nothing under them in `range` (Keep a
    /// Changelog's template under Unreleased: `### Added`, `### Fixed`, …; or bold labels).
    func emptyHeadings(in range: ClosedRange<Int>) -> [ClosedRange<Int>] {
        let blocks = file.blocks.filter { range.contains($0.line) && $0.isContent }
        return blocks.indices.compactMap { index in
            let block = blocks[index]
            guard Self.templateLevel(of: block) != nil,
                index + 1 == blocks.count || Self.templateLevel(of: blocks[index + 1]) != nil
            else { return nil }
            // With the comment that says what goes under it (black's `<!-- Changes that … -->`).
            let next = index + 1 < blocks.count ? blocks[index + 1].line : range.upperBound + 1
            let end =
                file.blocks.filter { $0.line > block.endLine && $0.line < next }.map { max($0.line, $0.endLine) }.max()
                ?? block.endLine
            return block.line...max(block.line, min(end, range.upperBound))
        }
    }

    /// The template under the release in progress (its empty category headings), which stays
    /// there when the release is written.
    func template(unreleased index: Int?) -> [String] {
        guard let index, let span = file.outline.span(ofRelease: index) else { return [] }
        var empty: [ClosedRange<Int>] = []
        if let prelude = span.prelude {
            let last =
                span.rows.first.map { $0.lines.lowerBound - 1 } ?? (span.content?.upperBound ?? prelude.upperBound)
            if last >= prelude.lowerBound { empty += emptyHeadings(in: prelude.lowerBound...last) }
        }
        // And those closing a row, which its release leaves behind.
        let end = span.content?.upperBound ?? span.heading.upperBound
        for (position, row) in span.rows.enumerated() {
            var last = position + 1 < span.rows.count ? span.rows[position + 1].lines.lowerBound - 1 : end
            while last > row.lines.lowerBound, file.lines.isBlank(last) { last -= 1 }
            let contentLine = (row.heading?.upperBound ?? row.lines.lowerBound - 1) + 1
            if contentLine <= last, let tail = templateTail(contentLine...last) { empty.append(tail...last) }
        }
        return empty.enumerated().flatMap { position, lines in (position > 0 ? [""] : []) + file.text(lines) }
    }

    /// Items one after another, with a blank line between them in a loose list.
    private func list(_ items: [[String]], loose: Bool) -> [String] {
        items.enumerated().flatMap { index, item in (loose && index > 0 ? [""] : []) + item }
    }

    /// The heading the file last gave the row (in the file's usual style), else one in that
    /// style and Keep a Changelog's words.
    private func heading(of key: RowKey) -> [String] {
        if let heading = dialect.categoryHeadings[key] {
            if heading.style.hasShape(of: dialect.categoryStyle) { return heading.raw }
            let glyph = heading.icon.map { markdown.icons.resolve($0).glyph }
            return dialect.categoryStyle.lines(title: heading.title, glyph: glyph)
        }
        let kind = kinds.all.first { RowKey(kind: $0) == key }
        let title: String
        switch key {
        case .kind(let builtIn): title = kind?.headingTitle ?? builtIn.headingTitle
        case .named(let name): title = kind?.headingTitle ?? name
        }
        let icon = kind?.icon ?? kind?.builtIn.map { Icon.symbol($0.defaultSymbol) }
        return dialect.categoryStyle.lines(title: title, glyph: icon.map { markdown.icons.resolve($0).glyph })
    }

    /// Parts separated as the file separates its rows, each without blank lines at its ends;
    /// the body starts with the blank lines a release heading takes in the file.
    private func joined(_ parts: [[String]]) -> [String] {
        let isBlank = { (line: String) in line.allSatisfy { $0 == " " || $0 == "\t" } }
        let trimmed = parts.map { part in Array(part.drop(while: isBlank).reversed().drop(while: isBlank).reversed()) }
        let gap = Array(repeating: "", count: dialect.blankLinesBeforeRow)
        return trimmed.filter { !$0.isEmpty }.enumerated().flatMap { index, part in (index > 0 ? gap : []) + part }
    }
}
