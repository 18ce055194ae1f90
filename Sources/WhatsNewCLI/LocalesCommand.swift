import ArgumentParser
import WhatsNewProject

/// `whatsnew locales`: the translations found for the notes, and how much of them each covers.
struct LocalesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locales",
        abstract: "List the translations of the notes: CHANGELOG.<locale>.md beside them, and the --locales-dir."
    )

    @OptionGroup var source: NotesArgument

    @OptionGroup var translations: TranslationOptions

    @OptionGroup var limit: InputLimit

    func run() throws {
        var list = ListLocales()
        (list.input, list.localesDirectory, list.maximumSize) = (source.input, translations.localesDir, limit.bytes)
        try perform { () throws(CommandFailure) in try list.run(in: Project.find()) }
    }
}
