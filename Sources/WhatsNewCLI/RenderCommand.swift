import ArgumentParser
import WhatsNewModel
import WhatsNewProject
import WhatsNewRendering
import WhatsNewSheet

/// The default command: read the notes, choose releases, write the sheet.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render release notes as a What's New sheet (the default command).",
        discussion: """
            Notes in progress, the fragments in .changes/ (or .whatsnew.yml's fragments folder), \
            are shown as the unreleased release, merged into the notes' own Unreleased section, \
            exactly as `whatsnew release` will write them: --release unreleased previews them.
            """
    )

    @OptionGroup var source: NotesArgument

    @Option(
        help: "The release to show: latest, unreleased (with the notes in .changes/), all, or a version such as 1.4.0.")
    var release: String?

    @Option(help: "Show every release newer than this version, in one sheet.")
    var since: String?

    @Option(help: "The output format: text, html, markdown, json, timeline, appstore, play, testflight, slack or atom.")
    var format: OutputFormat?

    @Option(
        help: ArgumentHelp(
            "Fit the sheet to a size family (text, html, json): small, medium, large, extra-large, rectangular or inline; each is a budget of rows and summary lines."
        ))
    var size: SizeFamily?

    @OptionGroup var reader: ReaderOptions

    @Option(
        help:
            "With --format timeline, how many of the newest releases to include besides the scheduled ones (default 5); with --format atom, how many entries (default 20)."
    )
    var entries: Int?

    @Option(help: "With --format atom, the feed's own address: its self link, and the base of its entries' ids.")
    var feedURL: String?

    @OptionGroup var text: TextOptions

    @Flag(
        help: "With --format appstore, play or testflight, cut at a whole item to fit the limit instead of failing.")
    var truncate = false

    @Flag(
        help: ArgumentHelp(
            "Show a release written as a plain list exactly as written, instead of grouping its items into rows by the kind each opens with (`fix:`, `**New**:`, 🐛)."
        ))
    var keepOrder = false

    @Flag(
        help:
            "Exit 1 when the sheet could not show something the notes ask for (it is reported on standard error either way)."
    )
    var strict = false

    @OptionGroup var html: HTMLOptions

    @Option(
        help: ArgumentHelp(
            "Show the sheet in this locale (BCP 47: de, pt-BR, zh-Hans): the translation in CHANGELOG.<locale>.md or the --locales-dir, the original where it lacks a release or section, and whatsnew's own words and dates in the locale."
        ))
    var locale: String?

    @OptionGroup var translations: TranslationOptions

    @Option(
        help: ArgumentHelp(
            "With --format json and --output DIR: one sheet per locale, all (the notes and every translation) or de,ja,…, in DIR/<locale>.lproj/WhatsNew.json. With --format testflight: one JSON object of App Store Connect locale to What to Test text."
        ))
    var locales: String?

    @OptionGroup var outputFile: OutputOption

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        var render = RenderSheets()
        (render.notes.locale, render.notes.release, render.notes.since) = (locale, release, since)
        (render.format, render.text, render.feed.entries, render.feed.feedURL) = (
            format, text.choices, entries, feedURL
        )
        (render.locales, render.output) = (locales, outputFile.output)
        try perform { () throws(CommandFailure) in try render.validate() }
    }

    func run() throws {
        var render = RenderSheets()
        render.notes = reader.apply(to: NotesRequest())
        render.notes.input = source.input
        render.notes.release = release
        render.notes.since = since
        render.notes.locale = locale
        render.notes.localesDirectory = translations.localesDir
        render.notes.keepsListOrder = keepOrder
        render.notes.iconMap = icons.iconMap
        render.notes.maximumSize = limit.bytes
        (render.format, render.output, render.size, render.truncates) = (format, outputFile.output, size, truncate)
        (render.text, render.html, render.feed.entries, render.feed.feedURL) = (
            text.choices, html.choices, entries, feedURL
        )
        (render.strict, render.locales) = (strict, locales)
        try perform { () throws(CommandFailure) in try render.run(in: settings.project()) }
    }
}

extension OutputFormat: ArgumentChoice {}

extension SizeFamily: ArgumentChoice {}

extension LinkDisplay: ArgumentChoice {}
