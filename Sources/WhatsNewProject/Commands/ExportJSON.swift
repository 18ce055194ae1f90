import WhatsNewModel
import WhatsNewRendering
import WhatsNewSheet

/// `whatsnew export json` (and `--format json --locales … --output DIR`): the sheet as JSON in
/// each locale, in the `<locale>.lproj` folders an app bundles.
package struct ExportJSON {
    /// Which notes, releases and rows.
    package var notes = NotesRequest()
    /// `--locales`: all, or a list.
    package var locales = "all"
    /// `--dir`: the folder holding the `.lproj` folders.
    package var directory = "."
    /// `--name`: the file in each.
    package var name = "WhatsNew.json"

    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try project.settings?.check(on: console)
        let notes = try Notes(self.notes, in: project, console: console)
        let sheet = SheetRequest(
            today: try notes.request.day(now: .today), filter: try notes.request.filter(in: project))
        let editions = LocalizedEditions(notes, locales: try LocaleList(locales))
        try ExportFiles.write(
            try editions.json(sheet: sheet, directory: directory, name: name), in: project, console: console)
    }
}
