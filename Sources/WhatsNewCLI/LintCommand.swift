import ArgumentParser
import WhatsNewProject

/// `whatsnew lint`: every problem in the notes as `path:line:column: severity: message [rule]`.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check release notes; exit 1 on errors (and on warnings with --strict)."
    )

    @Argument(
        help:
            "The release notes to check, or - for standard input (default: .whatsnew.yml's input, else CHANGELOG.md).")
    var inputs: [String] = []

    @Flag(help: "Treat warnings as failures.")
    var strict = false

    @Option(help: "The report format: text or json.")
    var format: LintFormat = .text

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    @OptionGroup var translations: TranslationOptions

    @OptionGroup var settings: ConfigOption

    func run() throws {
        var lint = LintNotes()
        (lint.inputs, lint.strict, lint.json) = (inputs, strict, format == .json)
        (lint.iconMap, lint.maximumSize, lint.localesDirectory) = (icons.iconMap, limit.bytes, translations.localesDir)
        try perform { () throws(CommandFailure) in try lint.run(in: settings.project()) }
    }
}

enum LintFormat: String, ArgumentChoice {
    case text, json
}
