import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering
import WhatsNewSheet

/// `whatsnew icons [QUERY]`: the icon names whatsnew knows, with their glyphs, to pick from.
package struct ListIcons {
    /// Names containing this text.
    package var query = ""
    /// Which tables: SF Symbols, shortcodes, or both.
    package var symbols = true
    package var shortcodes = true
    /// `--icons`.
    package var iconMap: String?

    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        var request = NotesRequest()
        request.iconMap = iconMap
        let found = try Notes.catalog(request, Project(settings: nil, root: "")).search(query)
        var groups: [(title: String, rows: [IconTable.Entry])] = []
        if symbols, !found.symbols.isEmpty { groups.append(("SF Symbols", found.symbols)) }
        if shortcodes, !found.shortcodes.isEmpty {
            groups.append(
                ("Shortcodes", found.shortcodes.map { IconTable.Entry(name: ":\($0.name):", glyph: $0.glyph) }))
        }
        guard !groups.isEmpty else {
            throw CommandFailure(message: "whatsnew: no icon name contains `\(query)`")
        }
        // One glyph column for every row, as wide as the widest glyph, as on the sheet itself.
        let width = DisplayWidth()
        let column = groups.flatMap(\.rows).map { width.of($0.glyph) }.max() ?? 1
        let text = groups.map { group in
            let rows = group.rows.map { row in
                row.glyph + String(repeating: " ", count: column - width.of(row.glyph) + 2) + row.name
            }
            return ([group.title] + rows).joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
        try console.deliver(text)
    }
}
