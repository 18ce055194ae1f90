import ArgumentParser
import WhatsNewProject

/// `whatsnew recover`: ends a release that was cut short.
struct RecoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "End a release that was cut short (a kill, a cancelled job, a failing disk).",
        discussion: """
            A release records what it is about to do in .changes/.whatsnew-release before it \
            changes anything. When it is stopped half-way, this finishes it if the notes already \
            hold the new release (the fragments are removed), and otherwise rolls it back (the \
            fragments return to .changes), and says which. `release`, `new` and the exports do \
            this themselves before they start; `lint`, `check` and the sheet report it.
            """
    )

    @OptionGroup var notesFile: NotesFileOption

    @OptionGroup var settings: ConfigOption

    func run() throws {
        var recover = RecoverRelease()
        recover.notes = notesFile.notes
        try perform { () throws(CommandFailure) in try recover.run(in: settings.project()) }
    }
}
