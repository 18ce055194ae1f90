import ArgumentParser
import Foundation
import WhatsNewModel
import WhatsNewReading
import WhatsNewSheet
import WhatsNewRendering

/// `whatsnew export`: release notes written where release tools look for them.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write release notes into another tool's files.",
        subcommands: [FastlaneExportCommand.self, JSONExportCommand.self, SparkleExportCommand.self]
    )
}

/// `whatsnew export fastlane`: fastlane's metadata files for the App Store and Google Play.
struct FastlaneExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fastlane",
        abstract: "Write fastlane/metadata/<locale>/release_notes.txt, and with --version-code the Android changelog."
    )

    @Argument(help: "The release notes to read, or - for standard input.")
    var input = "CHANGELOG.md"

    @Option(help: "The release to export: latest, unreleased or a version such as 1.4.0.")
    var release = "latest"

    @Option(help: "The metadata locale, for notes in one language.")
    var locale: String?

    @Option(
        help: ArgumentHelp(
            "Export in several locales: all (the notes and every translation found) or a list such as de,ja,pt-BR; each store's texts go under its own locale codes."
        ))
    var locales: String?

    @OptionGroup var translations: TranslationOptions

    @Option(help: "The Android version code; writes metadata/android/<locale>/changelogs/<code>.txt as well.")
    var versionCode: Int?

    @Option(help: "fastlane's directory.")
    var dir = "fastlane"

    @Flag(help: "Cut at a whole item to fit each store's limit instead of failing.")
    var truncate = false

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    func validate() throws {
        if release == "all" { throw ValidationError("a store takes the notes of one release; name it with --release") }
        if let versionCode, versionCode < 1 { throw ValidationError("--version-code must be a positive number") }
        if let locales { _ = try LocaleList(locales) }
        if let locale, locale.isEmpty || locale.contains("/") || locale.hasPrefix(".") {
            throw ValidationError("--locale must be a locale such as en-US, not \(locale)")
        }
        if locale != nil && locales != nil {
            throw ValidationError(
                "--locale names the folder of notes in one language; --locales exports several: give one")
        }
    }

    func run() throws {
        // Every text is made before any file is written, so a failure leaves all of them as they were.
        var files: [(String, String)] = []
        var failures: [Diagnostic] = []
        for (tag, folders) in try targets() {
            let notes = try ChosenNotes(
                input, selection: ReleaseSelection(release: release), icons: try icons.catalog(),
                maximumSize: limit.bytes, locale: tag, localesDirectory: translations.localesDir)
            var wanted = [(Store.appStore, "\(dir)/metadata/\(folders.appStore)/release_notes.txt")]
            if let versionCode {
                wanted.append((.play, "\(dir)/metadata/android/\(folders.play)/changelogs/\(versionCode).txt"))
            }
            for (store, path) in wanted {
                do {
                    files.append((path, try notes.text(store, truncate)))
                } catch let error as StoreTextFailure {
                    var diagnostic = error.diagnostic
                    if let tag { diagnostic.message = "in \(tag): " + diagnostic.message }
                    failures.append(diagnostic)
                }
            }
        }
        if !failures.isEmpty { throw Diagnostics.failure(failures) }
        try ExportFiles.write(files)
    }
}

extension FastlaneExportCommand {
    /// Each locale to export with its folders: the one `--locale` as it was, or every locale
    /// of `--locales` under each store's own code.
    private func targets() throws -> [(LocaleTag?, (appStore: String, play: String))] {
        guard let locales else { return [(nil, (locale ?? "en-US", locale ?? "en-US"))] }
        let original = TranslationFiles(input: input, localesDirectory: translations.localesDir).originalLocale
        return try LocaleList(locales).tags(for: input, localesDirectory: translations.localesDir).map { tag in
            guard let codes = StoreLocales.codes(for: tag) else {
                throw Diagnostics.failure([
                    Diagnostic(
                        .storeLocale, at: SourceLocation(path: input, line: 1, column: 1),
                        "neither store takes the locale \(tag); name the translation after one they do (Data/store-locales.tsv)"
                    )
                ])
            }
            return (tag == original ? nil : tag, codes)
        }
    }
}

/// `whatsnew export json`: the sheet as JSON in each locale, in the `<locale>.lproj` folders an
/// app bundles.
struct JSONExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Write <dir>/<locale>.lproj/<name> for the notes and each translation."
    )

    @Argument(help: "The release notes to read.")
    var input = "CHANGELOG.md"

    @Option(help: "The releases: latest, unreleased, all or a version such as 1.4.0.")
    var release = "latest"

    @Option(help: "all (the notes and every translation found) or a list such as de,ja,pt-BR.")
    var locales = "all"

    @OptionGroup var translations: TranslationOptions

    @Option(help: "The folder holding the .lproj folders.")
    var dir = "."

    @Option(help: "The file name in each .lproj folder.")
    var name = "WhatsNew.json"

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    func validate() throws {
        _ = try LocaleList(locales)
        if name.isEmpty || name.contains("/") { throw ValidationError("--name is a file name, not \(name)") }
    }

    func run() throws {
        try LocalizedJSON.write(
            input, selection: ReleaseSelection(release: release), locales: try LocaleList(locales),
            localesDirectory: translations.localesDir, directory: dir, name: name, icons: try icons.catalog(),
            maximumSize: limit.bytes)
    }
}

/// One JSON sheet per locale, in `<dir>/<locale>.lproj/<name>`: `export json`, and
/// `--format json --locales all --output DIR`.
enum LocalizedJSON {
    static func write(
        _ input: String, selection: ReleaseSelection, locales: LocaleList, localesDirectory: String?, directory: String,
        name: String, icons: IconCatalog, maximumSize: Int
    ) throws {
        let original = TranslationFiles(input: input, localesDirectory: localesDirectory).originalLocale
        var files: [(String, String)] = []
        for tag in locales.tags(for: input, localesDirectory: localesDirectory) {
            let notes = try ChosenNotes(
                input, selection: selection, icons: icons, maximumSize: maximumSize,
                locale: tag == original ? nil : tag,
                localesDirectory: localesDirectory)
            files.append(
                ("\(directory)/\(tag).lproj/\(name)", JSONRenderer().render(notes.document, releases: notes.releases)))
        }
        try ExportFiles.write(files)
    }
}

/// `--locales all` or `de,ja,pt-BR`.
struct LocaleList {
    let all: Bool
    let listed: [LocaleTag]

    init(_ text: String) throws {
        all = text == "all"
        listed =
            try all
            ? []
            : text.split(separator: ",").map {
                guard let tag = LocaleTag(String($0).trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError("--locales takes all or BCP 47 tags such as de,ja,pt-BR, not \($0)")
                }
                return tag
            }
    }

    /// The original's locale first, then each translation's.
    func tags(for input: String, localesDirectory: String?) -> [LocaleTag] {
        guard all else { return listed }
        let files = TranslationFiles(input: input, localesDirectory: localesDirectory)
        let found = files.candidates.compactMap(\.locale).filter(\.isKnownLanguage)
        return [files.originalLocale] + found.filter { $0 != files.originalLocale }
    }
}

/// Files made in full before any is written, then written together: all of them or none.
enum ExportFiles {
    static func write(_ files: [(String, String)]) throws {
        for (path, _) in files {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw Diagnostics.failure([
                    Diagnostic(
                        .unwritableOutput, at: SourceLocation(path: directory.path), "cannot create the directory")
                ])
            }
        }
        try OutputTarget.writeAll(files.map { (path: $0.0, text: $0.1) })
        for (path, text) in files {
            StandardOutput.write("wrote \(path) (\(text.count - 1) characters)\n")
        }
    }
}
