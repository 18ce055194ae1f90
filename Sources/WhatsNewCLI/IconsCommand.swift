import ArgumentParser
import WhatsNewProject

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
        var list = ListIcons()
        (list.query, list.iconMap) = (query, icons.iconMap)
        (list.symbols, list.shortcodes) = (table != .shortcodes, table != .symbols)
        try perform { () throws(CommandFailure) in try list.run(in: Project(settings: nil, root: "")) }
    }
}

enum IconTableChoice: String, ArgumentChoice {
    case all, symbols, shortcodes
}
