import ArgumentParser
import WhatsNewModel
import WhatsNewReading
import WhatsNewSheet
import WhatsNewRendering

enum InputFile {
    /// The source file, or the diagnostic on standard error and exit 1.
    static func load(_ path: String, maximumSize: Int = SourceFile.defaultMaximumSize) throws -> SourceFile {
        do {
            return try SourceFile.load(path: path, maximumSize: maximumSize)
        } catch {
            throw Diagnostics.failure([error])
        }
    }
}

/// Release notes read and the releases chosen from them, or the diagnostics and exit 1.
struct ChosenNotes: Sendable {
    /// The input's path as diagnostics name it (`<stdin>` for `-`).
    let path: String
    let document: Document
    let releases: [Release]
    /// whatsnew's own words and date form for the sheet: English unless a locale was asked for.
    let words: SheetWords
    /// What the sheet leaves out or draws otherwise than the notes ask (an unknown colour or
    /// icon, a date it could not read, a translation it could not match): lint's warnings,
    /// which `whatsnew` reports on standard error as it renders.
    let ignored: [Diagnostic]

    init(
        _ input: String, selection: ReleaseSelection, icons: IconCatalog, maximumSize: Int,
        keepsListOrder: Bool = false,
        locale: LocaleTag? = nil, localesDirectory: String? = nil, fragments: ProjectFragments? = nil,
        today: ReleaseDate = .today, filter: RowFilter = RowFilter(), projectName: String? = nil,
        builds: [(version: String, build: String)] = [], buildOverrides: [(version: String, build: String)] = []
    ) throws {
        var reader = DocumentReader(icons: icons)
        reader.keepsListOrder = keepsListOrder
        reader.kinds = fragments?.projectKinds ?? []
        // With fragments, the notes as they will be: the release in progress as their unreleased changes.
        let source =
            try fragments?.preview(of: input, maximumSize: maximumSize, reader: reader)
            ?? InputFile.load(input, maximumSize: maximumSize)
        path = source.path
        let reading = reader.read(source)
        if !reading.errors.isEmpty { throw Diagnostics.failure(reading.errors) }
        var document = reading.document
        var translationFindings: [Diagnostic] = []
        // The title: the notes' own, else the project's name from its settings or package file.
        if document.title == nil { document.title = projectName ?? PackageName.beside(input) }
        var words = SheetWords.english
        if let locale {
            let dates = LocaleDates.formatter(for: locale)
            words = SheetWords.builtIn(for: locale, formatDate: dates) ?? SheetWords.english.dated(dates)
            let translated = try Localization.translate(
                document, from: path, into: locale, localesDirectory: localesDirectory, reader: reader,
                maximumSize: maximumSize)
            document = translated.document
            translationFindings = translated.findings
            document = words.retitled(document)
        }
        // Build numbers: the notes' own, the project's where they give none, the command line's over both.
        BuildNumbers.apply(builds, to: &document, overriding: false)
        BuildNumbers.apply(buildOverrides, to: &document, overriding: true)
        ReleaseSchedule(today: today).apply(to: &document)
        let findings =
            reading.diagnostics.filter { ChosenNotes.reportedRules.contains($0.rule) }
            + Linter(icons: icons).ignoredAppearance(in: reading.document, path: path)
            + translationFindings.filter { ChosenNotes.reportedRules.contains($0.rule) }
        var seen: Set<String> = []
        ignored = findings.filter { seen.insert($0.description).inserted }
        self.document = document
        self.words = words
        do {
            releases = filter.apply(to: try selection.releases(from: document, path: path))
        } catch {
            throw Diagnostics.failure([error])
        }
    }

    /// The findings render repeats from lint: where the sheet shows something other than the
    /// notes ask for. Others (order, duplicates, empty releases) change nothing it draws.
    static let reportedRules: Set<DiagnosticRule> = [
        .unknownIcon, .unknownColor, .invalidDate, .ambiguousDate, .unknownKind, .translationMissingRelease,
        .translationMissingSection, .translationExtraSection, .translationUnknownLocale,
    ]

    /// A store's text for the chosen releases, or the over-the-limit diagnostic as a value, for
    /// a caller that checks every locale before it writes anything.
    func text(_ store: Store, _ truncates: Bool) throws -> String {
        do {
            var renderer = StoreTextRenderer(store: store, truncates: truncates)
            renderer.words = words
            return try renderer.render(document, releases: releases, path: path)
        } catch {
            throw StoreTextFailure(diagnostic: error)
        }
    }

    /// A store's text for the chosen releases, or its over-the-limit diagnostic and exit 1.
    func storeText(_ store: Store, truncates: Bool) throws -> String {
        do {
            return try text(store, truncates)
        } catch let failure as StoreTextFailure {
            throw Diagnostics.failure([failure.diagnostic])
        }
    }
}

/// A store text that does not fit, kept until every locale has been tried.
struct StoreTextFailure: Error {
    let diagnostic: Diagnostic
}

enum Diagnostics {
    /// Prints the diagnostics to standard error; returns the exit-1 error to throw after them.
    static func failure(_ diagnostics: [Diagnostic]) -> ExitCode {
        StandardError.write(diagnostics.map { "\($0)\n" }.joined())
        return ExitCode(1)
    }
}
