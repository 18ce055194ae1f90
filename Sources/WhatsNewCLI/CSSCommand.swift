import ArgumentParser
import WhatsNewProject

/// `whatsnew css`: the sheet's stylesheet alone, for a site that links it once and embeds its
/// sheets with `--style none`.
struct CSSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "css",
        abstract: "Print the HTML sheet's stylesheet, to link once from a page with several sheets."
    )

    @OptionGroup var outputFile: OutputOption

    func run() throws {
        try perform { () throws(CommandFailure) in try WriteStylesheet(output: outputFile.output).run() }
    }
}
