import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering
import WhatsNewSheet

/// `whatsnew preview`: one release in every size family, light and dark, on one page.
package struct PreviewFamilies {
    /// Which notes, release and rows.
    package var notes = NotesRequest()
    /// `--output`: a file written atomically; nil for standard output.
    package var output: String?
    /// Whether standard output is a terminal: 700 lines of HTML are no use there, so the page
    /// goes to ``pageOnTerminal`` and its path is printed instead.
    package var outputIsTerminal = TerminalEnvironment.current.standardOutputIsTerminal

    /// Where the page goes when standard output is a terminal and no `--output` is given.
    package static let pageOnTerminal = "whatsnew-preview.html"

    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try self.notes.oneRelease("a preview")
        try project.settings?.check(on: console)
        try self.notes.resolved(in: project).oneRelease("a preview")
        let notes = try Notes(self.notes, in: project, console: console)
        var request = try SheetRequest(today: notes.request.day(now: .today), filter: notes.request.filter(in: project))
        request.fillsCards = true
        let sheet = try request.sheet(of: try notes.edition(nil), selection: notes.request.selection(), in: notes)
        guard !sheet.releases.isEmpty else { return }
        let page: String
        do {
            page = try PreviewPage().render(sheet)
        } catch {
            throw CommandFailure(error)
        }
        if let output, output != "-" { try project.boundary.admit(output, from: .commandLine, what: "the output") }
        guard output == nil, outputIsTerminal else { return try OutputTarget(path: output).write(page) }
        try project.boundary.admit(Self.pageOnTerminal, from: .commandLine, what: "the preview page")
        try OutputTarget(path: Self.pageOnTerminal).write(page)
        try console.deliver(Self.pageOnTerminal + "\n")
    }
}

/// `whatsnew locales`: the translations found for the notes, and how much of them each covers.
package struct ListLocales {
    /// The notes whose translations to list; nil for the project's.
    package var input: String?
    /// `--locales-dir`.
    package var localesDirectory: String?
    /// `--max-size`.
    package var maximumSize: Int?

    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try project.settings?.check(on: console)
        var request = NotesRequest()
        request.input = input
        request.localesDirectory = localesDirectory
        request.maximumSize = maximumSize
        request.includesFragments = false
        let notes = try Notes(request, in: project, console: console)
        let files = notes.translations
        var lines = [
            "\(files.originalLocale)\t\(notes.path)\t(the original: \(notes.document.releases.count) releases)"
        ]
        for candidate in files.candidates {
            guard let locale = candidate.locale, locale.isKnownLanguage else { continue }
            let sheet = try notes.edition(locale).document
            let releases = sheet.releases.filter { $0.locale == locale.description }.count
            let sections = sheet.releases.flatMap(\.sections)
            let covered = sections.filter { $0.locale == locale.description }.count
            let words =
                SheetWords.builtIn(for: locale, formatDate: { $0.iso }) != nil
                ? "" : ", whatsnew's own words in English"
            lines.append(
                "\(locale)\t\(candidate.path)\t\(releases) of \(sheet.releases.count) releases, \(covered) of \(sections.count) sections translated\(words)"
            )
        }
        try console.deliver(lines.joined(separator: "\n") + "\n")
    }
}

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
