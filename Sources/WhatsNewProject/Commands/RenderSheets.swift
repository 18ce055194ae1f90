import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering
import WhatsNewSheet

/// `whatsnew` (`whatsnew render`): the notes as a sheet in one format, or, with neither a
/// format nor an output asked for, in every format the project's `outputs:` list — all from
/// one read of the notes.
package struct RenderSheets {
    /// Which notes, releases, rows, locale.
    package var notes = NotesRequest()
    /// `--format`; nil for the settings' `format:`, else text.
    package var format: OutputFormat?
    /// `--output`: a file written atomically; nil for standard output (or a folder with `locales`).
    package var output: String?
    /// `--size`: a size family to fit each release to.
    package var size: SizeFamily?
    /// `--width`, `--color`, `--cjk`, `--links`.
    package var text = TextChoices()
    /// `--truncate`: a store text cut to fit rather than refused.
    package var truncates = false
    /// `--strict`: what the sheet could not show as asked fails the run.
    package var strict = false
    /// `--standalone`, `--style`, `--template`.
    package var html = HTMLChoices()
    /// `--entries`, `--feed-url`.
    package var feed = FeedChoices()
    /// `--locales`: several locales at once (`all`, or `de,ja`).
    package var locales: String?
    /// The process's terminal and environment.
    package var terminal = TerminalEnvironment.current

    package init() {}

    /// What the options ask, checked before anything is read: each rule once, here. A format
    /// from the settings is checked against `--locales` by the run.
    package func validate() throws(CommandFailure) {
        if let width = text.width, width < 20 { throw .usage("--width must be at least 20 cells, not \(width)") }
        _ = try checkLocales(format: format ?? .json, locale: try notes.localeTag())
        if notes.release != nil, notes.since != nil {
            throw .usage("--release and --since choose releases in different ways; give one of them")
        }
        if let entries = feed.entries, entries < 1 { throw .usage("--entries must be at least 1") }
        if let feedURL = feed.feedURL, !LinkSafety.isWeb(feedURL) {
            throw .usage("--feed-url takes an http or https address, not \(feedURL)")
        }
    }

    /// Writes the sheet (or every output the settings list) and says what it could not show.
    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try validate()
        try project.settings?.check(on: console)
        // Several packages: one body, a group per package (`--package all`, or several named).
        if notes.input == nil, project.selection.count > 1, project.chosen == .named {
            return try renderPackages(project.each, console: console)
        }
        let notes = try Notes(notes, in: project, console: console, scope: readingScope(in: project))
        // A bare `whatsnew` writes every output the project lists, from the one read.
        if format == nil, output == nil, let outputs = project.config?.outputs, !outputs.isEmpty {
            for (format, path) in outputs {
                var each = self
                each.format = format
                each.output = project.resolve(path)
                if let path = each.output {
                    try project.boundary.admit(path, from: .repository, what: "the output")
                }
                try each.render(notes, console: console)
                console.report("wrote \(each.output ?? path)\n")
            }
            return
        }
        try render(notes, console: console)
    }

    /// The releases this run shows, when it writes one sheet of a few of them: the notes are
    /// then read in part.
    private func readingScope(in project: Project) -> ReadingScope? {
        let config = project.config
        if format == nil, output == nil, !(config?.outputs ?? []).isEmpty { return nil }
        let format = self.format ?? config?.format ?? .text
        // A card fills its room with the releases before the one it shows: read them all.
        guard locales == nil, !format.choosesItsReleases, size == nil else { return nil }
        let request = notes.resolved(in: project)
        guard let today = try? request.day(now: .today) else { return nil }
        return ReadingScope(request.selection(or: format.defaultSelection), today: today)
    }

    /// The sheet of `notes` and the renderer it is written with; nil when `--locales` wrote
    /// its files already.
    private func prepare(_ notes: Notes, console: Console) throws(CommandFailure) -> (
        Presentation, any SheetRenderer, Notes.Edition
    )? {
        let config = notes.project.config
        let format = self.format ?? config?.format ?? .text
        let template = html.template ?? notes.project.resolve(config?.template)
        let style = html.style ?? config?.style
        if (html.standalone || template != nil || style != nil) && format != .html {
            throw .usage("--standalone, --style and --template shape HTML; add --format html")
        }
        if size != nil && !format.takesSize {
            throw .usage("--size fits text, html and json; --format \(format.rawValue) is not one of them")
        }
        if let output, output != "-" {
            try notes.project.boundary.admit(output, from: .commandLine, what: "the output")
        }
        let request = notes.request
        let locale = try request.localeTag()
        if let list = try checkLocales(format: format, locale: locale) {
            let editions = LocalizedEditions(notes, locales: list)
            if format == .testflight {
                try OutputTarget(path: output).write(
                    try editions.testFlightTexts(sheet: sheetRequest(notes), truncates: truncates))
                return nil
            }
            try ExportFiles.write(
                editions.json(sheet: sheetRequest(notes), directory: output!, name: "WhatsNew.json"), in: notes.project,
                console: console)
            return nil
        }
        let edition = try notes.edition(locale)
        let selection = format.choosesItsReleases ? .all : request.selection(or: format.defaultSelection)
        let sheet = try sheetRequest(notes).sheet(of: edition, selection: selection, in: notes)
        let renderer = format.renderer(
            RenderOptions(
                terminal: terminalOptions(), templates: try templates(template, in: notes.project),
                standalone: html.standalone,
                style: style ?? .inline, locale: locale, entries: feed.entries, feedURL: feed.feedURL,
                repository: format == .atom ? notes.project.repository(for: notes.path) : config?.repository,
                truncates: truncates))
        return (sheet, renderer, edition)
    }

    /// One output of the run.
    private func render(_ notes: Notes, console: Console) throws(CommandFailure) {
        guard let (sheet, renderer, edition) = try prepare(notes, console: console) else { return }
        try write([Part(name: nil, sheet: sheet, renderer: renderer, notes: notes, edition: edition)], console: console)
    }

    /// The sheets of several packages in one output, each under its name: a release body for
    /// many packages (Markdown) or one terminal sheet of them (text). A package with nothing
    /// to show is left out, and said.
    private func renderPackages(_ units: [Project], console: Console) throws(CommandFailure) {
        let format = self.format ?? units[0].config?.format ?? .text
        guard format == .markdown || format == .text, locales == nil else {
            throw .usage(
                "several packages go in one Markdown release body or one text sheet (--format markdown or text); give one --package for \(format.rawValue)"
            )
        }
        var parts: [Part] = []
        for unit in units {
            let notes = try Notes(self.notes, in: unit, console: console)
            guard let (sheet, renderer, edition) = try prepare(notes, console: console) else { continue }
            guard !sheet.releases.isEmpty else {
                console.report("whatsnew: \(unit.unit.name ?? "") has no release to show here; left out")
                continue
            }
            // Text sheets carry their title; a release body names each package in a heading.
            parts.append(
                Part(
                    name: format == .markdown ? unit.unit.name : nil, sheet: sheet, renderer: renderer, notes: notes,
                    edition: edition))
        }
        try write(parts, console: console)
    }

    /// One sheet of a run's output, under a heading with `name` when it is one of several.
    private struct Part {
        var name: String?
        var sheet: Presentation
        var renderer: any SheetRenderer
        var notes: Notes
        var edition: Notes.Edition
    }

    /// The sheets written, one after another, in one output; then what they could not show as
    /// asked, once each.
    private func write(_ parts: [Part], console: Console) throws(CommandFailure) {
        // The sheet formats write as they go, so a long changelog's sheet is never held whole.
        try OutputTarget(path: output).write { (stream) throws(CommandFailure) in
            for (index, part) in parts.enumerated() {
                if index > 0 { stream.write("\n") }
                if let name = part.name { stream.write("# \(name)\n\n") }
                do {
                    try part.renderer.render(part.sheet, to: &stream)
                } catch let error as Diagnostic {
                    throw CommandFailure(error)
                } catch {
                    throw CommandFailure(message: "\(error)")
                }
            }
        }
        let ignored = parts.flatMap { $0.notes.ignored(in: $0.edition, shown: $0.sheet.releases.map(\.release.line)) }
        if !ignored.isEmpty {
            console.report(ignored)
            if strict { throw CommandFailure([]) }
        }
    }

    /// `--locales`, when given, and whether it fits: one JSON per locale into a folder, or
    /// TestFlight's texts by locale, and never beside `--locale`.
    package func checkLocales(format: OutputFormat, locale: LocaleTag?) throws(CommandFailure) -> LocaleList? {
        guard let locales else { return nil }
        let list = try LocaleList(locales)
        guard locale == nil, format == .testflight || (format == .json && output != nil) else {
            throw .usage(
                "--locales writes one JSON per locale (--format json --output DIR) or TestFlight's texts by "
                    + "locale (--format testflight), without --locale")
        }
        return list
    }

    /// The sheet every edition of this run is made as: its day, readers and size.
    private func sheetRequest(_ notes: Notes) throws(CommandFailure) -> SheetRequest {
        SheetRequest(
            today: try notes.request.day(now: .today), filter: try notes.request.filter(in: notes.project), size: size,
            displayWidth: DisplayWidth(ambiguousIsWide: text.cjk))
    }

    /// The built-in templates, or the user's with its neighbours as partials: each the
    /// project's own file, or one the command line names (``ProjectBoundary``).
    private func templates(_ template: String?, in project: Project) throws(CommandFailure) -> HTMLTemplates {
        guard let template else { return .builtIn }
        let boundary = project.boundary
        let origin = project.origin(of: template, setting: project.config?.template)
        try boundary.admit(template, from: origin, what: "the template")
        let directory = template.contains("/") ? String(template[..<template.lastIndex(of: "/")!]) : "."
        let neighbours = DirectoryListing.names(in: directory).filter { $0.hasSuffix(".mustache") }
            .map { directory + "/" + $0 }
        for neighbour in neighbours { try boundary.admit(neighbour, from: origin, what: "the template's partial") }
        do {
            let partials = try neighbours.filter { $0 != template }.map { path throws(Diagnostic) in
                try SourceFile.load(path: path)
            }
            return try HTMLTemplates.custom(sheet: SourceFile.load(path: template), partials: partials)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Width and styling from the options, the environment and the terminal, in that order;
    /// a size family is measured at its own width.
    private func terminalOptions() -> TerminalOptions {
        text.terminalOptions(output: output, terminal: terminal, fixedWidth: size?.width)
    }
}

/// What every sheet of one run is made as, whichever its locale: the day, the readers, the
/// size family and how text is measured.
package struct SheetRequest: Sendable {
    package var today: ReleaseDate
    package var filter: RowFilter
    package var size: SizeFamily?
    package var displayWidth: DisplayWidth
    /// Keep the releases before the one shown for cards to fill their room (a preview).
    package var fillsCards = false

    package init(
        today: ReleaseDate, filter: RowFilter, size: SizeFamily? = nil, displayWidth: DisplayWidth = DisplayWidth()
    ) {
        self.today = today
        self.filter = filter
        self.size = size
        self.displayWidth = displayWidth
    }

    /// The sheet of `edition` showing `selection`.
    package func sheet(of edition: Notes.Edition, selection: ReleaseSelection, in notes: Notes) throws(CommandFailure)
        -> Presentation
    {
        try notes.sheet(
            edition, selection: selection, today: today, filter: filter, size: size, displayWidth: displayWidth,
            fillsCards: fillsCards)
    }
}
