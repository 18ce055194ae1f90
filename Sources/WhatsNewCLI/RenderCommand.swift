import ArgumentParser
import WhatsNew

/// The default command: read the notes, choose releases, write the sheet.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render release notes as a What's New sheet (the default command)."
    )

    @Argument(help: "The release notes to read, or - for standard input.")
    var input = "CHANGELOG.md"

    @Option(help: "The release to show: latest, unreleased, all, or a version such as 1.4.0.")
    var release: String?

    @Option(help: "Show every release newer than this version, in one sheet.")
    var since: String?

    @Option(help: "The output format: text or json.")
    var format: RenderFormat = .text

    @Option(name: .shortAndLong, help: "Write to this file, atomically, instead of standard output.")
    var output: String?

    @OptionGroup var icons: IconOptions

    func validate() throws {
        if release != nil, since != nil {
            throw ValidationError("--release and --since choose releases in different ways; give one of them")
        }
    }

    func run() throws {
        let catalog = try icons.catalog()
        let source = try InputFile.load(input)
        let reading = DocumentReader(rendersHTML: format == .json, icons: catalog).read(source)
        if !reading.errors.isEmpty { throw Diagnostics.failure(reading.errors) }
        let selection = since.map(ReleaseSelection.since) ?? ReleaseSelection(release: release ?? "latest")
        let releases: [Release]
        do {
            releases = try selection.releases(from: reading.document, path: source.path)
        } catch {
            throw Diagnostics.failure([error])
        }
        let text =
            switch format {
            case .json: JSONRenderer().render(reading.document, releases: releases)
            case .text: PlainListingRenderer().render(reading.document, releases: releases)
            }
        try OutputTarget(path: output).write(text)
    }
}

enum RenderFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
