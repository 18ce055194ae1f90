import ArgumentParser
import Foundation
import WhatsNewModel
import WhatsNewSheet
import WhatsNewRendering

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

    @Argument(help: "The release notes to read (default: .whatsnew.yml's input, else CHANGELOG.md).")
    var input: String?

    @Option(help: "The release to show: latest, unreleased, or a version such as 1.4.0.")
    var release: String = "latest"

    @OptionGroup var reader: ReaderOptions

    @Option(name: .shortAndLong, help: "Write the page to this file, atomically, instead of standard output.")
    var output: String?

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        if release.lowercased() == "all" { throw ValidationError("a preview shows one release; name it with --release") }
    }

    func run() throws {
        let loaded = try settings.load()
        try loaded?.report()
        let input = self.input ?? loaded?.resolve(loaded?.settings.input) ?? "CHANGELOG.md"
        let notes = try ChosenNotes(
            input, selection: ReleaseSelection(release: release), icons: try icons.catalog().adding(loaded?.settings.icons ?? []),
            maximumSize: limit.bytes, fragments: ProjectFragments.forNotes(input, config: loaded),
            today: reader.day, filter: try reader.filter(config: loaded), projectName: loaded?.settings.name)
        guard let chosen = notes.releases.first else { return }
        let page: String
        do {
            page = try PreviewPage(words: notes.words).render(notes.document, release: chosen)
        } catch {
            throw Diagnostics.failure([error])
        }
        try OutputTarget(path: output).write(page)
    }
}
