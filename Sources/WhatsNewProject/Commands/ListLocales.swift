import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering
import WhatsNewSheet

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
