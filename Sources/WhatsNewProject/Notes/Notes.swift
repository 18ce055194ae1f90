import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading
import WhatsNewSheet

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The notes of one run: read once, with the project's fragments composed in as the release in
/// progress, and handed to every stage and every output of the run. A translation is read
/// once, the first time its locale is asked for.
package final class Notes {
    /// The project they belong to.
    package let project: Project
    /// The request, with the project's settings where it said nothing.
    package let request: NotesRequest
    /// The notes' path as diagnostics name it (`<stdin>` for `-`).
    package let path: String
    /// The icons the notes are read with: the built-in tables, `--icons`, then `icons:`.
    package let catalog: IconCatalog
    /// The reader every file of the run is read with.
    package let reader: DocumentReader
    /// The notes as read, the fragments shown as their unreleased changes; titled.
    package let document: Document
    /// What reading them found.
    package let diagnostics: [Diagnostic]
    /// Editions by locale tag, "" for the notes' own: keyed by text, whose hashing every run has
    /// already looked up, where `LocaleTag?` keys cost the runtime's conformance look-ups.
    private var editions: [String: Edition] = [:]

    /// Reads the notes `request` asks for: the file, then, with fragments, the file with them
    /// composed in; nothing more. Errors in the notes or the fragments stop the run. With a
    /// `scope`, a run that shows only those releases, a file without fragments is read in part.
    package init(
        _ request: NotesRequest, in project: Project, console: Console = .standard, scope: ReadingScope? = nil
    ) throws(CommandFailure) {
        // A sheet is one unit's: of several packages, the one named.
        let project = request.input == nil ? try project.single("a sheet") : project
        let request = request.resolved(in: project)
        self.project = project
        self.request = request
        // The notes and their fragments folder are the project's own (or the command line's).
        let input = try project.admittedNotes(request.input)
        (catalog, reader) = try Self.reading(request, project, console: console, notes: input)
        let fragments = request.includesFragments ? try Self.fragments(of: input, in: project) : []
        let reading: DocumentReader.Reading
        let source: SourceFile
        if fragments.isEmpty {
            source = try Self.load(input, request.sizeLimit)
            if let scope, request.readsInPart, request.locale == nil {
                reading = scope.read(source, with: reader, trace: console.partTrace)
            } else {
                reading = reader.read(source)
            }
            if !reading.errors.isEmpty { throw CommandFailure(reading.errors) }
        } else {
            // The notes as they will be: the release in progress as their unreleased changes. A
            // notes file that does not exist yet reads as empty once there are fragments.
            // Notes named on the command line must be there: a typo shows no sheet of fragments.
            source =
                request.input != nil || ProjectFiles.exists(input)
                ? try Self.load(input, request.sizeLimit) : try Self.empty(input)
            let file = NotesFile(source, reader: reader)
            if !file.reading.errors.isEmpty { throw CommandFailure(file.reading.errors) }
            do {
                reading = try Self.writer(reader, project).preview(file, fragments: fragments).reading
            } catch {
                throw CommandFailure(error)
            }
        }
        path = source.path
        var document = reading.document
        // The title: the notes' own, else the project's name from its settings or package file.
        if document.title == nil { document.title = project.title(besides: input) }
        self.document = document
        diagnostics = reading.diagnostics
    }

    /// The notes in one locale, with whatsnew's own words in it; the notes as read for nil.
    package struct Edition: Sendable {
        /// The locale asked for; nil for the notes as written.
        package var locale: LocaleTag?
        /// The translation laid over the notes, its build numbers given.
        package var document: Document
        /// whatsnew's own words and date form, in the locale.
        package var words: SheetWords
        /// What matching the translation found.
        package var findings: [Diagnostic]
    }

    /// The notes in `locale`: its translation (beside the notes or in `--locales-dir`) laid
    /// over them, read the first time it is asked for. No translation is an error naming
    /// where it was looked for.
    package func edition(_ locale: LocaleTag?) throws(CommandFailure) -> Edition {
        if let known = editions[locale?.description ?? ""] { return known }
        var edition = Edition(locale: locale, document: document, words: .english, findings: [])
        if let locale {
            // CLDR's long form of the locale's dates; ISO 8601 for a language the data lacks.
            let dates = LongDates.formatter(for: locale) ?? { $0.iso }
            edition.words = SheetWords.builtIn(for: locale, formatDate: dates) ?? SheetWords.english.dated(dates)
            (edition.document, edition.findings) = try translated(into: locale)
            edition.document = edition.words.retitled(edition.document)
        }
        // Build numbers: the notes' own, the project's where they give none, the command line's over both.
        BuildNumbers.apply(project.config?.builds ?? [], to: &edition.document, overriding: false)
        BuildNumbers.apply(request.builds.map { ($0.version, $0.build) }, to: &edition.document, overriding: true)
        editions[locale?.description ?? ""] = edition
        return edition
    }

    /// The sheet of `edition` that `request` asks for, fitted to `size` when given, as of `today`.
    package func sheet(
        _ edition: Edition, selection: ReleaseSelection, today: ReleaseDate, filter: RowFilter,
        size: SizeFamily? = nil, displayWidth: DisplayWidth = DisplayWidth(), fillsCards: Bool = false
    ) throws(CommandFailure) -> Presentation {
        let options = SheetOptions(
            selection: selection, today: today, filter: filter, size: size, displayWidth: displayWidth,
            words: edition.words, fillsCards: fillsCards)
        do {
            return try Presentation(edition.document, path: path, options: options)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// What the sheet of `edition` shows otherwise than the notes ask (an unknown colour or
    /// icon, a date it could not read, a translation it could not match): lint's warnings,
    /// which rendering reports on standard error, once each. Given the releases a sheet shows
    /// (by their lines), only what concerns them and the notes as a whole: the rest is lint's.
    package func ignored(in edition: Edition, shown: [Int]? = nil) -> [Diagnostic] {
        let notes =
            diagnostics.filter { Self.reportedRules.contains($0.rule) }
            + Linter(icons: catalog).ignoredAppearance(in: document, path: path)
        let findings =
            (shown.map { Self.concerning($0, notes, in: document) } ?? notes)
            + edition.findings.filter { Self.reportedRules.contains($0.rule) }
        var seen: Set<String> = []
        return findings.filter { seen.insert($0.description).inserted }
    }

    /// The findings on lines of the releases starting at `shown`, on no line, or before the
    /// first release.
    private static func concerning(_ shown: [Int], _ findings: [Diagnostic], in document: Document) -> [Diagnostic] {
        let starts = (document.releases.map(\.line) + document.archives.map(\.line)).sorted()
        let shown = Set(shown)
        return findings.filter { finding in
            guard let line = finding.location.line, let first = starts.first, line >= first else { return true }
            // The release or archive the line stands under: the last to start at or before it.
            return shown.contains(starts[starts.partitionIndex { $0 > line } - 1])
        }
    }

    /// The findings rendering repeats from lint: where the sheet shows something other than
    /// the notes ask for. Others (order, duplicates, empty releases) change nothing it draws.
    static let reportedRules: Set<DiagnosticRule> = [
        .unknownIcon, .unknownColor, .invalidDate, .ambiguousDate, .unknownKind, .translationMissingRelease,
        .translationMissingSection, .translationExtraSection, .translationUnknownLocale,
    ]

    /// The translations of these notes.
    package var translations: TranslationFiles {
        TranslationFiles(input: path, localesDirectory: request.localesDirectory)
    }

    /// The translation into `locale` read and matched with the notes.
    private func translated(into locale: LocaleTag) throws(CommandFailure) -> (Document, [Diagnostic]) {
        let files = translations
        guard locale.language != files.originalLocale.language else { return (document, []) }
        guard let translationPath = files.path(for: locale) else {
            let beside = URL(fileURLWithPath: path)
            let expected = beside.deletingPathExtension().lastPathComponent + ".\(locale)." + beside.pathExtension
            let looked = [expected] + (request.localesDirectory.map { ["\($0)/\(locale).md"] } ?? [])
            throw CommandFailure(
                Diagnostic(
                    .unreadableFile, at: SourceLocation(path: path, line: 1, column: 1),
                    "no \(locale) translation of these notes: looked for \(looked.joined(separator: " and "))"))
        }
        try project.boundary.admit(
            translationPath,
            from: project.origin(
                ofTranslation: translationPath, localesDirectory: request.localesDirectory,
                projectNotes: request.input == nil),
            what: "the translation")
        let source = try Self.load(translationPath, request.sizeLimit)
        let reading = reader.read(source)
        if !reading.errors.isEmpty { throw CommandFailure(reading.errors) }
        let translation = Translation(locale: locale, path: source.path, document: reading.document)
        let matched = TranslationMatcher(originalLocale: files.originalLocale, originalPath: path).apply(
            translation, to: document)
        return (matched.document, reading.diagnostics + matched.findings)
    }

    /// The built-in icon tables with the `--icons` file (or the settings' file) and the
    /// settings' own `icons:` map on top.
    package static func catalog(_ request: NotesRequest, _ project: Project) throws(CommandFailure) -> IconCatalog {
        var catalog = IconCatalog.builtIn
        if let iconMap = request.iconMap {
            try project.boundary.admit(
                iconMap, from: project.origin(of: iconMap, setting: project.config?.iconsFile), what: "the icon map")
            do {
                catalog = catalog.adding(try IconMapFile.load(path: iconMap))
            } catch {
                throw CommandFailure(error)
            }
        }
        return catalog.adding(project.config?.icons ?? [])
    }

    /// The fragments that go with the notes at `input`; their errors stop the run, their
    /// warnings are lint's to report.
    package static func fragments(of input: String, in project: Project) throws(CommandFailure) -> [Fragment] {
        guard let folder = project.fragmentsFolder(for: input).map(FragmentFolder.init) else { return [] }
        let (all, diagnostics) = folder.read(with: project.fragmentReader)
        let fragments = credited(all.filter(project.owns), reader: project.fragmentReader)
        // A release cut short hides fragments: a sheet without them would not be the truth.
        let unfinished = UnfinishedRelease.find(in: folder.path).map(\.diagnostic)
        let errors = unfinished + diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { throw CommandFailure(errors) }
        return fragments
    }

    /// The writer that puts fragments into the project's notes, in their own dialect.
    package static func writer(_ reader: DocumentReader, _ project: Project) -> ReleaseWriter {
        ReleaseWriter(reader: reader, kinds: project.kinds, repository: project.repository(for: project.notesPath))
    }

    /// A file read, or standard input for `-`, up to the size limit.
    package static func load(_ path: String, _ maximumSize: Int) throws(CommandFailure) -> SourceFile {
        do {
            return try SourceFile.load(path: path, maximumSize: maximumSize)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Notes that do not exist yet: an empty file at `path`.
    package static func empty(_ path: String) throws(CommandFailure) -> SourceFile {
        do {
            return try SourceFile(path: path, bytes: [])
        } catch {
            throw CommandFailure(error)
        }
    }
}
