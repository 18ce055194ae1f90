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
    }

    /// The body's lines, without the heading; empty when there is nothing to say.
    func lines(unreleased index: Int?, fragments: [Fragment]) -> [String] {
        var prelude: [String] = []
        var preludeEndsWithList = false
        var chunks: [Chunk] = []
        if let index, let span = file.outline.span(ofRelease: index) {
            // Each part runs to the next: a comment after a part's last content (a template's
            // `<!-- … -->` under an empty heading) goes with it, so nothing of the section is lost.
            let end = span.content?.upperBound ?? span.heading.upperBound
            let starts = span.rows.map(\.lines.lowerBound)
            func upTo(_ next: Int?) -> Int {
                var last = min(end, (next ?? end + 1) - 1)
                while last > 0, file.lines.isBlank(last) { last -= 1 }
                return last
            }
            if let range = span.prelude {
                let last = max(range.upperBound, upTo(starts.first))
                prelude = file.text(range.lowerBound...last)
                preludeEndsWithList =
                    last == range.upperBound
                    && (file.blocks.last(where: { range.contains($0.line) && $0.isContent })?.isList ?? false)
            }
            let sections = file.document.releases[index].sections
            chunks = span.rows.enumerated().map { position, row in
                let last = max(row.lines.upperBound, upTo(position + 1 < starts.count ? starts[position + 1] : nil))
                let extended = last > row.lines.upperBound
                return Chunk(
                    key: RowKey(section: sections[row.index], kinds: kinds), lines: file.text(row.lines.lowerBound...last),
                    endsWithList: row.endsWithList && !extended, endsLoose: row.endsLoose)
            }
        }
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
                let separator = chunk.endsWithList && !chunk.endsLoose ? [] : [""]
                chunks[index].lines += separator + list(rowItems, loose: chunk.endsWithList ? chunk.endsLoose : dialect.looseLists)
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
