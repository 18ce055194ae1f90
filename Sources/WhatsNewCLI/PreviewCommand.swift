import ArgumentParser
import WhatsNewProject

/// `whatsnew preview`: the chosen release in every size family, light and dark, on one page.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write one HTML page showing a release in every size family, light and dark.",
        discussion: """
            Each family (small, medium, large, extra-large, rectangular, inline) is drawn as a card \
            of its size, as `--format html --size FAMILY` writes it, to see how every surface reads \
            before an app or a widget shows it.
            """
    )

    @OptionGroup var source: NotesArgument

    @Option(
        help:
            "The release to show: latest, unreleased, or a version such as 1.4.0 (default: .whatsnew.yml's release:, else latest)."
    )
    var release: String?

    @OptionGroup var reader: ReaderOptions

    @Option(
        name: .shortAndLong,
        help:
            "Write the page to this file, atomically (default: standard output; on a terminal, whatsnew-preview.html, and its path is printed)."
    )
    var output: String?

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        var request = NotesRequest()
        request.release = release
        try perform { () throws(CommandFailure) in try request.oneRelease("a preview") }
    }

    func run() throws {
        var preview = PreviewFamilies()
        preview.notes = reader.apply(to: NotesRequest())
        (preview.notes.input, preview.notes.release) = (source.input, release)
        (preview.notes.iconMap, preview.notes.maximumSize) = (icons.iconMap, limit.bytes)
        preview.output = output
        try perform { () throws(CommandFailure) in try preview.run(in: settings.project()) }
    }
}
