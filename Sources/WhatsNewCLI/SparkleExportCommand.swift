import ArgumentParser
import Foundation
import WhatsNewModel
import WhatsNewReading
import WhatsNewEditing
import WhatsNewSheet
import WhatsNewRendering

/// `whatsnew export sparkle`: release notes for Sparkle's update window, beside each archive
/// where `generate_appcast` finds them, or into the descriptions of an appcast kept by hand.
struct SparkleExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sparkle",
        abstract: "Write Sparkle's release notes beside each archive, or into an appcast's descriptions.",
        discussion: """
            Beside an archive, the notes are the file generate_appcast pairs with it: the archive's \
            name with .html in place of its extension (Inkwell-1.4.0.zip gives Inkwell-1.4.0.html), \
            and with --locales one file per language (Inkwell-1.4.0.de.html). Each holds the release \
            and the --history releases before it; Sparkle 2.5 and later shows only those newer than \
            the installed build.
            """
    )

    @Argument(help: "The release notes to read.")
    var input = "CHANGELOG.md"

    @Option(
        name: .customLong("archive"), parsing: .singleValue,
        help: "An update archive (.zip, .dmg, .tar.gz, .tar.xz, .tar.bz2, …); repeat for several.")
    var archives: [String] = []

    @Option(help: "An appcast kept by hand: set the description of each item the notes know, and nothing else.")
    var appcast: String?

    @Option(help: "The version the archives hold (default: the version in each archive's name).")
    var release: String?

    @Option(help: "How many releases before it the notes hold, for readers who skipped versions.")
    var history = 10

    @Option(
        name: .customLong("build"), parsing: .singleValue,
        help: ArgumentHelp("A release's build number (CFBundleVersion), such as 1.4.0=1248; repeat for several.", valueName: "version=build"))
    var builds: [String] = []

    @Option(help: "Write translations too: all (every translation found) or a list such as de,ja.")
    var locales: String?

    @OptionGroup var translations: TranslationOptions

    @OptionGroup var reader: ReaderOptions

    @OptionGroup var icons: IconOptions

    @OptionGroup var settings: ConfigOption

    @OptionGroup var limit: InputLimit

    func validate() throws {
        if archives.isEmpty == (appcast == nil) {
            throw ValidationError("give the archives to write notes beside (--archive), or an appcast to fill (--appcast)")
        }
        if history < 0 { throw ValidationError("--history is a number of releases, 0 or more") }
        if let release, Version(release) == nil { throw ValidationError("--release takes a version such as 1.4.0") }
        _ = try buildNumbers()
        if let locales { _ = try LocaleList(locales) }
        for archive in archives where SparkleArchive.notesBase(of: archive) == nil {
            throw ValidationError(
                "\(archive) is no archive Sparkle updates from; it takes \(SparkleArchive.extensions.joined(separator: ", "))")
        }
    }

    /// `--build 1.4.0=1248` as pairs.
    private func buildNumbers() throws -> [(version: String, build: String)] {
        try builds.map { written in
            let parts = written.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, Version(parts[0]) != nil, !parts[1].isEmpty,
                !parts[1].contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == "&" })
            else {
                throw ValidationError("--build takes a version and its build number, such as 1.4.0=1248, not \(written)")
            }
            return (parts[0], parts[1])
        }
    }

    func run() throws {
        let loaded = try settings.load()
        try loaded?.report()
        let catalog = try icons.catalog().adding(loaded?.settings.icons ?? [])
        let localesDirectory = translations.localesDir ?? loaded?.resolve(loaded?.settings.localesDir)
        let original = TranslationFiles(input: input, localesDirectory: localesDirectory).originalLocale
        let tags = try locales.map { try LocaleList($0).tags(for: input, localesDirectory: localesDirectory) } ?? []
        let overrides = try buildNumbers()
        // The notes in each language: the original first (no locale), then each translation.
        var editions: [(tag: LocaleTag?, notes: ChosenNotes)] = []
        for tag in [nil] + tags.filter({ $0 != original }).map(Optional.some) {
            editions.append(
                (
                    tag,
                    try ChosenNotes(
                        input, selection: .all, icons: catalog, maximumSize: limit.bytes, locale: tag,
                        localesDirectory: localesDirectory, today: reader.day, projectName: loaded?.settings.name,
                        builds: loaded?.settings.builds ?? [], buildOverrides: overrides)
                ))
        }
        let document = editions[0].notes.document
        for (version, _) in overrides where !document.releases.contains(where: { $0.version?.matches(version) ?? false }) {
            StandardError.write("\(editions[0].notes.path): warning: --build names \(version), which the notes have no release of\n")
        }
        let filter = try reader.filter(config: loaded)
        if let appcast {
            try fill(appcast, editions: editions, filter: filter)
        } else {
            try writeBeside(archives, editions: editions, filter: filter)
        }
        // What the notes could not show as asked (an unknown icon, a translation's missing release), once each.
        var seen: Set<String> = []
        let ignored = editions.flatMap(\.notes.ignored).filter { seen.insert($0.description).inserted }
        if !ignored.isEmpty { StandardError.write(ignored.map { "\($0)\n" }.joined()) }
    }

    /// The notes of each archive's version, in the file generate_appcast pairs with it, one per language.
    private func writeBeside(
        _ archives: [String], editions: [(tag: LocaleTag?, notes: ChosenNotes)], filter: RowFilter
    ) throws {
        let languages = try SparkleArchive.languages(of: editions.compactMap(\.tag), input: input)
        var files: [(String, String)] = []
        for archive in archives {
            guard FileManager.default.fileExists(atPath: archive) else {
                throw Diagnostics.failure([Diagnostic(.unreadableFile, at: SourceLocation(path: archive), "no such archive")])
            }
            let version = try release ?? SparkleArchive.version(in: archive, document: editions[0].notes.document)
            let base = SparkleArchive.notesBase(of: archive)!
            for (tag, notes) in editions {
                let releases = filter.apply(to: try cumulative(notes.document, version: version, path: notes.path))
                let renderer = SparkleNotesRenderer(words: notes.words, locale: tag)
                let page = try exitingOnDiagnostic { () throws(Diagnostic) in try renderer.page(notes.document, releases: releases) }
                let path = base + (tag.map { ".\(languages[$0]!)" } ?? "") + ".html"
                // App-1.4.0.zip and App-1.4.0.dmg share their notes.
                if !files.contains(where: { $0.0 == path }) { files.append((path, page)) }
            }
        }
        try ExportFiles.write(files)
    }

    /// Each item the notes know gets its version's notes as its description, one per language.
    private func fill(_ path: String, editions: [(tag: LocaleTag?, notes: ChosenNotes)], filter: RowFilter) throws {
        let source = try InputFile.load(path, maximumSize: limit.bytes)
        let appcast = try exitingOnDiagnostic { () throws(Diagnostic) in try Appcast(bytes: source.bytes, path: source.path) }
        // The appcast's own build numbers count as the project's: the notes and --build still win.
        let itemBuilds = appcast.items.compactMap { item in
            item.shortVersion.flatMap { short in item.build.map { (version: short, build: $0) } }
        }
        let documents = editions.map { edition in
            var document = edition.notes.document
            BuildNumbers.apply(itemBuilds, to: &document, overriding: false)
            return document
        }
        // Every item of a release gets its notes: an appcast may list one version for several
        // architectures or channels.
        var descriptions: [Int: [(language: String?, html: String)]] = [:]
        var made: [String: [(language: String?, html: String)]] = [:]
        for (index, item) in appcast.items.enumerated() {
            guard let release = appcast.release(of: item, in: documents[0].releases) else { continue }
            let version = release.version!.text
            if made[version] == nil {
                var texts: [(language: String?, html: String)] = []
                for ((tag, notes), document) in zip(editions, documents) {
                    let renderer = SparkleNotesRenderer(words: notes.words, locale: tag)
                    let releases = try cumulative(document, version: version, path: notes.path)
                    let html = try exitingOnDiagnostic { () throws(Diagnostic) in
                        try renderer.fragment(document, releases: filter.apply(to: releases))
                    }
                    texts.append((tag?.description, html))
                }
                made[version] = texts
            }
            descriptions[index] = made[version]
        }
        guard !descriptions.isEmpty else {
            throw Diagnostics.failure([
                Diagnostic(
                    .appcast, at: SourceLocation(path: source.path),
                    "no item of this appcast is a release the notes have (an item matches by its sparkle:shortVersionString, or without one by its sparkle:version); it was left unchanged")
            ])
        }
        let skipped = appcast.items.indices.filter { descriptions[$0] == nil }
        for index in skipped {
            let item = appcast.items[index]
            StandardError.write(
                "\(source.path):\(item.line):1: note: this item (\(item.shortVersion ?? item.build ?? "no version")) is no release of the notes; its description was left as it was\n")
        }
        // Reading drops a byte order mark; the file keeps its own.
        let mark = FileHandle(forReadingAtPath: path)?.readData(ofLength: 3) == Data([0xEF, 0xBB, 0xBF]) ? "\u{FEFF}" : ""
        try OutputTarget(path: path).write(mark + String(decoding: appcast.settingDescriptions(descriptions), as: UTF8.self))
        StandardOutput.write("wrote \(descriptions.count) of \(appcast.items.count) items' descriptions in \(path)\n")
    }

    /// The version's release and the `--history` releases before it.
    private func cumulative(_ document: Document, version: String, path: String) throws -> [Release] {
        try exitingOnDiagnostic { () throws(Diagnostic) in
            try SparkleNotesRenderer.cumulative(document, version: version, history: history, path: path)
        }
    }

    /// The value, or its diagnostic on standard error and exit 1.
    private func exitingOnDiagnostic<T>(_ make: () throws(Diagnostic) -> T) throws -> T {
        do {
            return try make()
        } catch {
            throw Diagnostics.failure([error])
        }
    }
}
