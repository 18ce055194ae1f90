import ArgumentParser
import WhatsNewModel
import WhatsNewProject

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

    @OptionGroup var source: NotesArgument

    @Option(
        name: .customLong("archive"), parsing: .singleValue,
        help: "An update archive (.zip, .dmg, .tar.gz, .tar.xz, .tar.bz2, …); repeat for several.")
    var archives: [String] = []

    @Option(help: "An appcast kept by hand: set the description of each item the notes know, and nothing else.")
    var appcast: String?

    @Option(help: "The version the archives hold (default: the version in each archive's name).")
    var release: String?

    @Option(
        help:
            "How many releases before it the notes hold, for readers who skipped versions (default: 10 beside an archive, 0 in an appcast)."
    )
    var history: Int?

    @Option(
        help: ArgumentHelp(
            "With --appcast, for an item with a sparkle:releaseNotesLink (which Sparkle shows instead of a description): description takes the link out and writes the description; link (the default) leaves the item as it is.",
            valueName: "description|link"))
    var prefer: SparklePreference = .link

    @Option(
        name: .customLong("build"), parsing: .singleValue,
        help: ArgumentHelp(
            "A release's build number (CFBundleVersion), such as 1.4.0=1248; repeat for several.",
            valueName: "version=build"))
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
            throw ValidationError(
                "give the archives to write notes beside (--archive), or an appcast to fill (--appcast)")
        }
        if let history, history < 0 { throw ValidationError("--history is a number of releases, 0 or more") }
        if prefer == .description, appcast == nil { throw ValidationError("--prefer is for an appcast (--appcast)") }
        if let release, ReleaseVersion(release) == nil {
            throw ValidationError("--release takes a version such as 1.4.0")
        }
        _ = try perform { () throws(CommandFailure) in try builds.map(NotesRequest.BuildNumber.parse) }
        if let locales { try perform { () throws(CommandFailure) in _ = try LocaleList(locales) } }
        for archive in archives where SparkleArchive.notesBase(of: archive) == nil {
            throw ValidationError(
                "\(archive) is no archive Sparkle updates from; it takes \(SparkleArchive.extensions.joined(separator: ", "))"
            )
        }
    }

    func run() throws {
        var export = ExportSparkle()
        export.notes = reader.apply(to: NotesRequest())
        export.notes.input = source.input
        export.notes.localesDirectory = translations.localesDir
        (export.notes.iconMap, export.notes.maximumSize) = (icons.iconMap, limit.bytes)
        export.notes.builds = try perform { () throws(CommandFailure) in try builds.map(NotesRequest.BuildNumber.parse)
        }
        (export.archives, export.appcast, export.release) = (archives, appcast, release)
        (export.history, export.locales) = (history, locales)
        export.prefersDescription = prefer == .description
        try perform { () throws(CommandFailure) in try export.run(in: settings.project()) }
    }
}

/// `--prefer`: what Sparkle should show for an item that has a page of release notes.
enum SparklePreference: String, ArgumentChoice {
    case description, link
}
