import ArgumentParser

/// `[<input>]`: the release notes a command reads, taken the same way by every command that
/// reads them.
struct NotesArgument: ParsableArguments {
    @Argument(
        help: "The release notes to read, or - for standard input (default: .whatsnew.yml's input, else CHANGELOG.md).")
    var input: String?
}
