import WhatsNewModel
import WhatsNewRendering
import WhatsNewSheet

/// `whatsnew export fastlane`: fastlane's metadata files for the App Store and Google Play, in
/// one locale or several. Every text is made before any file is written, so a failure leaves
/// all of them as they were.
package struct ExportFastlane {
    /// Which notes and release.
    package var notes = NotesRequest()
    /// `--locale`: the metadata folder for notes in one language.
    package var locale: String?
    /// `--locales`: several locales, each store's texts under its own codes.
    package var locales: String?
    /// `--version-code`: the Android changelog's number.
    package var versionCode: Int?
    /// `--dir`: fastlane's folder.
    package var directory = "fastlane"
    /// `--truncate`.
    package var truncates = false

    package init() {}

    /// What the options ask, checked before anything is read.
    package func validate() throws(CommandFailure) {
        try notes.oneRelease("a store")
        if let versionCode, versionCode < 1 { throw .usage("--version-code must be a positive number") }
        if let locales { _ = try LocaleList(locales) }
        if let locale, locale.isEmpty || locale.contains("/") || locale.hasPrefix(".") {
            throw .usage("--locale must be a locale such as en-US, not \(locale)")
        }
        if locale != nil && locales != nil {
            throw .usage("--locale names the folder of notes in one language; --locales exports several: give one")
        }
    }

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try validate()
        try project.settings?.check(on: console)
        try self.notes.resolved(in: project).oneRelease("a store")
        let lock = try project.lockForWriting(notes: self.notes.input, console: console)
        defer { lock.release() }
        let notes = try Notes(self.notes, in: project, console: console)
        let sheet = SheetRequest(
            today: try notes.request.day(now: .today), filter: try notes.request.filter(in: project))
        var files: [(String, String)] = []
        var failures: [Diagnostic] = []
        for (tag, folders) in try targets(notes) {
            let shown = try sheet.sheet(of: try notes.edition(tag), selection: notes.request.selection(), in: notes)
            var wanted = [(Store.appStore, "\(directory)/metadata/\(folders.appStore)/release_notes.txt")]
            if let versionCode {
                wanted.append((.play, "\(directory)/metadata/android/\(folders.play)/changelogs/\(versionCode).txt"))
            }
            for (store, path) in wanted {
                do {
                    files.append((path, try StoreTextRenderer(store: store, truncates: truncates).render(shown)))
                } catch {
                    var diagnostic = error
                    if let tag { diagnostic.message = "in \(tag): " + diagnostic.message }
                    failures.append(diagnostic)
                }
            }
        }
        if !failures.isEmpty { throw CommandFailure(failures) }
        try ExportFiles.write(files, in: project, console: console)
    }

    /// Each locale to export with its folders: the one `--locale` as it was, or every locale
    /// of `--locales` under each store's own code.
    private func targets(_ notes: Notes) throws(CommandFailure) -> [(LocaleTag?, (appStore: String, play: String))] {
        guard let locales else { return [(nil, (locale ?? "en-US", locale ?? "en-US"))] }
        let original = notes.translations.originalLocale
        var targets: [(LocaleTag?, (appStore: String, play: String))] = []
        for tag in try LocaleList(locales).tags(notes.translations) {
            guard let codes = StoreLocales.codes(for: tag) else {
                throw CommandFailure(
                    Diagnostic(
                        .storeLocale, at: SourceLocation(path: notes.path, line: 1, column: 1),
                        "neither store takes the locale \(tag); name the translation after one they do (Sources/WhatsNewRendering/Store/store-locales.tsv)"
                    ))
            }
            targets.append((tag == original ? nil : tag, codes))
        }
        return targets
    }
}
