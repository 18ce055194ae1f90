import ArgumentParser
import WhatsNewModel
import WhatsNewReading
import WhatsNewSheet

/// `whatsnew icons [QUERY]`: the icon names whatsnew knows, with their glyphs, to pick from.
struct IconsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icons",
        abstract: "List the SF Symbol names and :shortcodes: whatsnew can show, with their glyphs."
    )

    @Argument(help: "Show only names containing this text, such as star or arrow.")
    var query = ""

    @Option(help: "Which table to list: all, symbols or shortcodes.")
    var table: IconTableChoice = .all

    @OptionGroup var icons: IconOptions

    func run() throws {
        let found = try icons.catalog().search(query)
        var groups: [(title: String, rows: [IconTable.Entry])] = []
        if table != .shortcodes, !found.symbols.isEmpty { groups.append(("SF Symbols", found.symbols)) }
        if table != .symbols, !found.shortcodes.isEmpty {
            groups.append(
                ("Shortcodes", found.shortcodes.map { IconTable.Entry(name: ":\($0.name):", glyph: $0.glyph) }))
        }
        guard !groups.isEmpty else {
            StandardError.write("whatsnew: no icon name contains `\(query)`\n")
            throw ExitCode(1)
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
        StandardOutput.write(text)
    }
}

enum IconTableChoice: String, ArgumentChoice {
    case all, symbols, shortcodes
}
