import WhatsNewModel
import WhatsNewReading

/// A fragment as the lines a release holds: list items under its kind's row, or a featured
/// row of its own, in the notes file's dialect.
struct FragmentMarkdown {
    let dialect: NotesDialect
    let repository: RepositoryAddress?
    let icons: IconCatalog

    /// `(#212, [#9](…/pull/9))`, or nil when the fragment names none.
    func references(of fragment: Fragment) -> String? {
        guard !fragment.references.isEmpty else { return nil }
        return "(" + fragment.references.map { $0.markdown(repository: repository) }.joined(separator: ", ") + ")"
    }

    /// The fragment's items, each as its lines: a list's items as written, or the whole body
    /// as one item; the references close each item's first paragraph.
    func items(of fragment: Fragment) -> [[String]] {
        let body = fragment.body
        let content = body.blocks.filter(\.isContent)
        let references = self.references(of: fragment)
        if content.count == 1, case .list(let list) = content[0].content, !list.isOrdered {
            let end = content[0].endLine
            return list.items.enumerated().map { position, item in
                let next = position + 1 < list.items.count ? list.items[position + 1].line - 1 : end
                var lines = Self.trimmed((item.line...max(item.line, next)).compactMap(body.line))
                let indent = lines.first?.prefix { $0 == " " }.count ?? 0
                lines = lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
                if let marker = lines.first?.first, "-*+".contains(marker) {
                    lines[0] = String(dialect.bullet) + lines[0].dropFirst()
                }
                if let references {
                    Self.append(references, to: &lines, at: Self.firstParagraphEnd(of: item.blocks, from: item.line))
                }
                return lines
            }
        }
        guard let first = content.first, let last = content.last else { return [] }
        var lines = Self.trimmed((first.line...max(first.line, last.endLine)).compactMap(body.line))
        if let references {
            Self.append(references, to: &lines, at: Self.firstParagraphEnd(of: content, from: first.line))
        }
        return [
            lines.enumerated().map { index, line in
                index == 0 ? "\(dialect.bullet) " + line : (line.isEmpty ? "" : "  " + line)
            }
        ]
    }

    /// A featured row: front matter and body where the file keeps featured rows that way,
    /// else a heading with its icon, then the summary and the body.
    func featuredRow(_ fragment: Fragment) -> [String] {
        var summary = fragment.summary
        var body = bodyLines(of: fragment)
        if let references = references(of: fragment) {
            if body.isEmpty {
                summary = (summary.map { $0 + " " } ?? "") + references
            } else {
                let content = fragment.body.blocks.filter(\.isContent)
                let offset = content.first.map(\.line) ?? fragment.body.firstLine
                Self.append(references, to: &body, at: Self.firstParagraphEnd(of: content, from: offset))
            }
        }
        let icon = fragment.icon ?? fragment.kind.icon.map(Self.spec)
        let color = fragment.color ?? fragment.kind.color
        guard dialect.featuredInFrontMatter else {
            // With no icon of its own, the kind's, so the row keeps its look in a heading.
            let kind = fragment.isBreaking ? .breaking : fragment.kind.builtIn
            let own = icon.flatMap(Icon.init) ?? kind.map { Icon.symbol($0.defaultSymbol) }
            let glyph = own.map { icons.resolve($0).glyph }
            var lines = dialect.featuredStyle.lines(title: fragment.title ?? "", glyph: glyph, showsGlyph: true)
            if let summary {
                lines += [""] + summary.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            if !body.isEmpty { lines += [""] + body }
            return lines
        }
        var fields: [(key: FrontMatterKey, value: FrontMatterWriter.Value)] = []
        if let icon { fields.append((.icon, .text(icon))) }
        if let color { fields.append((.color, .text(color))) }
        if let title = fragment.title { fields.append((.title, .text(title))) }
        if let summary { fields.append((.summary, .text(summary))) }
        if fragment.isBreaking {
            fields.append((.kind, .text(SectionKind.breaking.rawValue)))
        } else if let kind = fragment.kind.builtIn {
            fields.append((.kind, .text(kind.rawValue)))
        }
        if let link = fragment.link { fields.append((.link, .text(link))) }
        if let id = fragment.id { fields.append((.id, .text(id))) }
        return FrontMatterWriter.lines(fields) + body
    }

    /// The body's lines from its first content block to its last (comments around it left out).
    private func bodyLines(of fragment: Fragment) -> [String] {
        let content = fragment.body.blocks.filter(\.isContent)
        guard let first = content.first, let last = content.last else { return [] }
        return Self.trimmed((first.line...max(first.line, last.endLine)).compactMap(fragment.body.line))
    }

    /// An icon as front matter writes it.
    private static func spec(_ icon: Icon) -> String {
        switch icon {
        case .glyph(let glyph): glyph
        case .symbol(let name): name
        case .shortcode(let name): ":\(name):"
        }
    }

    /// The index, in lines starting at file line `first`, of the line ending the first
    /// paragraph among `blocks`; nil when they hold none.
    private static func firstParagraphEnd(of blocks: [Block], from first: Int) -> Int? {
        guard let paragraph = blocks.first(where: { if case .paragraph = $0.content { true } else { false } }) else {
            return nil
        }
        return paragraph.endLine - first
    }

    /// `text` at the end of line `index`, or as a paragraph of its own after the lines.
    private static func append(_ text: String, to lines: inout [String], at index: Int?) {
        guard let index, lines.indices.contains(index) else {
            lines += ["", text]
            return
        }
        var line = lines[index]
        while line.last == " " || line.last == "\t" { line.removeLast() }
        lines[index] = line + " " + text
    }

    /// Without blank lines at the end.
    private static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
        return lines
    }
}
