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
