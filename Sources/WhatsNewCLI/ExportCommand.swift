import ArgumentParser
import WhatsNewProject

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

    @OptionGroup var source: NotesArgument

    @Option(
        help:
            "The release to export: latest, unreleased or a version such as 1.4.0 (default: .whatsnew.yml's release:, else latest)."
    )
    var release: String?

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

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        let export = self.export
        try perform { () throws(CommandFailure) in try export.validate() }
    }

    func run() throws {
        let export = self.export
        try perform { () throws(CommandFailure) in try export.run(in: settings.project()) }
    }

    private var export: ExportFastlane {
        var export = ExportFastlane()
        export.notes.input = source.input
        export.notes.release = release
        export.notes.localesDirectory = translations.localesDir
        (export.notes.iconMap, export.notes.maximumSize) = (icons.iconMap, limit.bytes)
        (export.locale, export.locales, export.versionCode) = (locale, locales, versionCode)
        (export.directory, export.truncates) = (dir, truncate)
        return export
    }
}

/// `whatsnew export json`: the sheet as JSON in each locale, in the `<locale>.lproj` folders an
/// app bundles.
struct JSONExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Write <dir>/<locale>.lproj/<name> for the notes and each translation."
    )

    @OptionGroup var source: NotesArgument

    @Option(
        help:
            "The releases: latest, unreleased, all or a version such as 1.4.0 (default: .whatsnew.yml's release:, else latest)."
    )
    var release: String?

    @Option(help: "all (the notes and every translation found) or a list such as de,ja,pt-BR.")
    var locales = "all"

    @OptionGroup var translations: TranslationOptions

    @Option(help: "The folder holding the .lproj folders.")
    var dir = "."

    @Option(help: "The file name in each .lproj folder.")
    var name = "WhatsNew.json"

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        try perform { () throws(CommandFailure) in _ = try LocaleList(locales) }
        if name.isEmpty || name.contains("/") { throw ValidationError("--name is a file name, not \(name)") }
    }

    func run() throws {
        var export = ExportJSON()
        (export.notes.input, export.notes.release) = (source.input, release)
        export.notes.localesDirectory = translations.localesDir
        (export.notes.iconMap, export.notes.maximumSize) = (icons.iconMap, limit.bytes)
        (export.locales, export.directory, export.name) = (locales, dir, name)
        try perform { () throws(CommandFailure) in try export.run(in: settings.project()) }
    }
}
