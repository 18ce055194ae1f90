import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering
import WhatsNewSheet

/// `whatsnew export sparkle`: release notes for Sparkle's update window, beside each archive
/// where `generate_appcast` finds them, or into the descriptions of an appcast kept by hand.
package struct ExportSparkle {
    /// Which notes and rows; the releases are each archive's version and the ones before it.
    package var notes = NotesRequest()
    /// `--archive`, repeated.
    package var archives: [String] = []
    /// `--appcast`: an appcast whose items' descriptions to set.
    package var appcast: String?
    /// `--release`: the version the archives hold; nil for the one in each archive's name.
    package var release: String?
    /// `--history`: how many releases before it the notes hold; nil for the default, 10 beside
    /// an archive and 0 in an appcast, whose size every update check pays for once per item.
    package var history: Int?
    /// `--prefer description`: take out the `sparkle:releaseNotesLink` of an item the notes
    /// know, which Sparkle would show instead, and write its description; by default such an
    /// item is left as it is.
    package var prefersDescription = false
    /// `--locales`: translations too.
    package var locales: String?

    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try project.settings?.check(on: console)
        let lock = appcast == nil ? nil : try project.lockForWriting(notes: self.notes.input, console: console)
        defer { lock?.release() }
        let notes = try Notes(self.notes, in: project, console: console)
        let original = notes.translations.originalLocale
        let tags =
            try locales.map { (list) throws(CommandFailure) in try LocaleList(list).tags(notes.translations) } ?? []
        // The notes in each language: the original first (no locale), then each translation.
        var editions: [Notes.Edition] = []
        for tag in [nil] + tags.filter({ $0 != original }).map(Optional.some) {
            editions.append(try notes.edition(tag))
        }
        for build in notes.request.builds
        where !editions[0].document.releases.contains(where: { $0.version?.matches(build.version) ?? false }) {
            console.report(
                "\(notes.path): warning: --build names \(build.version), which the notes have no release of\n")
        }
        let sheet = SheetRequest(
            today: try notes.request.day(now: .today), filter: try notes.request.filter(in: project))
        if let appcast {
            try fill(appcast, notes: notes, editions: editions, sheet: sheet, console: console)
        } else {
            try writeBeside(notes: notes, editions: editions, sheet: sheet, console: console)
        }
        // What the notes could not show as asked (an unknown icon, a translation's missing release), once each.
        var seen: Set<String> = []
        console.report(editions.flatMap { notes.ignored(in: $0) }.filter { seen.insert($0.description).inserted })
    }

    /// The notes of each archive's version, in the file generate_appcast pairs with it, one per language.
    private func writeBeside(notes: Notes, editions: [Notes.Edition], sheet: SheetRequest, console: Console)
        throws(CommandFailure)
    {
        let languages = try SparkleArchive.languages(of: editions.compactMap(\.locale), input: notes.path)
        var files: [(String, String)] = []
        for archive in archives {
            guard ProjectFiles.exists(archive) else {
                throw CommandFailure(Diagnostic(.unreadableFile, at: SourceLocation(path: archive), "no such archive"))
            }
            var version = release ?? ""
            if release == nil { version = try SparkleArchive.version(in: archive, document: editions[0].document) }
            let base = SparkleArchive.notesBase(of: archive)!
            for edition in editions {
                let page = try notesHTML(edition, version: version, standalone: true, notes: notes, sheet: sheet)
                let path = base + (edition.locale.map { ".\(languages[$0]!)" } ?? "") + ".html"
                // App-1.4.0.zip and App-1.4.0.dmg share their notes.
                if !files.contains(where: { $0.0 == path }) { files.append((path, page)) }
            }
        }
        try ExportFiles.write(files, in: notes.project, console: console)
    }

    /// Each item the notes know gets its version's notes as its description, one per language.
    private func fill(
        _ path: String, notes: Notes, editions: [Notes.Edition], sheet: SheetRequest, console: Console
    ) throws(CommandFailure) {
        try notes.project.boundary.admit(path, from: .commandLine, what: "the appcast")
        let source = try Notes.load(path, notes.request.sizeLimit)
        let appcast: Appcast
        do {
            appcast = try Appcast(bytes: source.bytes, path: source.path)
        } catch {
            throw CommandFailure(error)
        }
        // The appcast's own build numbers count as the project's: the notes and --build still win.
        let itemBuilds = appcast.items.compactMap { item in
            item.shortVersion.flatMap { short in item.build.map { (version: short, build: $0) } }
        }
        let numbered = editions.map { edition in
            var edition = edition
            BuildNumbers.apply(itemBuilds, to: &edition.document, overriding: false)
            return edition
        }
        // Every item of a release gets its notes: an appcast may list one version for several
        // architectures or channels.
        var descriptions: [Int: [(language: String?, html: String)]] = [:]
        var made: [String: [(language: String?, html: String)]] = [:]
        var linked: Set<Int> = []
        for (index, item) in appcast.items.enumerated() {
            guard let release = appcast.release(of: item, in: numbered[0].document.releases) else { continue }
            if item.hasReleaseNotesLink {
                linked.insert(index)
                if !prefersDescription { continue }
            }
            let version = release.version!.text
            if made[version] == nil {
                var texts: [(language: String?, html: String)] = []
                for edition in numbered {
                    let html = try notesHTML(edition, version: version, standalone: false, notes: notes, sheet: sheet)
                    texts.append((edition.locale?.description, html))
                }
                made[version] = texts
            }
            descriptions[index] = made[version]
        }
        if !linked.isEmpty {
            let (count, was) =
                linked.count == 1
                ? ("1 item the notes know carries", "it was")
                : ("\(linked.count) items the notes know carry", "they were")
            let done =
                prefersDescription
                ? "the links were taken out and the descriptions written (--prefer description)"
                : "\(was) left as \(was) (--prefer description takes the links out and writes the descriptions)"
            console.report(
                "\(source.path): note: \(count) a sparkle:releaseNotesLink, which Sparkle shows instead of a description; \(done)\n"
            )
        }
        guard !descriptions.isEmpty || (!linked.isEmpty && !prefersDescription) else {
            throw CommandFailure(
                Diagnostic(
                    .appcast, at: SourceLocation(path: source.path),
                    "no item of this appcast is a release the notes have (an item matches by its sparkle:shortVersionString, or without one by its sparkle:version); it was left unchanged"
                ))
        }
        // Items of releases the notes do not have: said once, naming the first few.
        let unknown = appcast.items.indices.filter { descriptions[$0] == nil && !linked.contains($0) }
        for index in unknown.prefix(Self.unknownItemsNamed) {
            let item = appcast.items[index]
            console.report(
                "\(source.path):\(item.line):1: note: this item (\(item.shortVersion ?? item.build ?? "no version")) is no release of the notes; its description was left as it was\n"
            )
        }
        if unknown.count > Self.unknownItemsNamed {
            console.report(
                "\(source.path): note: \(unknown.count - Self.unknownItemsNamed) more items are no release of the notes; their descriptions were left as they were\n"
            )
        }
        // Reading drops a byte order mark; the file keeps its own.
        let mark: [UInt8] = source.hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        try OutputTarget(path: path, unchangedSince: ContentFingerprint(of: mark + source.bytes))
            .write(
                String(
                    decoding: mark
                        + appcast.settingDescriptions(
                            descriptions, removingReleaseNotesLinks: prefersDescription ? linked : []),
                    as: UTF8.self))
        _ = console.output("wrote \(descriptions.count) of \(appcast.items.count) items' descriptions in \(path)\n")
    }

    /// How many items of releases the notes do not have are named one by one.
    private static let unknownItemsNamed = 5

    /// The version's release and the `--history` releases before it, as Sparkle shows them.
    private func notesHTML(
        _ edition: Notes.Edition, version: String, standalone: Bool, notes: Notes, sheet: SheetRequest
    ) throws(CommandFailure) -> String {
        let history = self.history ?? (standalone ? 10 : 0)
        let shown = try sheet.sheet(of: edition, selection: .cumulative(version, history: history), in: notes)
        do {
            return try SparkleNotesRenderer(standalone: standalone, locale: edition.locale).render(shown)
        } catch {
            throw CommandFailure(error)
        }
    }
}
