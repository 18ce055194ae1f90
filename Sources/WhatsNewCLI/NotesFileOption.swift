import ArgumentParser

/// `--notes`: the notes file a command that edits or plans releases works on.
struct NotesFileOption: ParsableArguments {
    @Option(help: "The notes file (default: .whatsnew.yml's input, else CHANGELOG.md).")
    var notes: String?
}
