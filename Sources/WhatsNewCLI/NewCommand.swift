import ArgumentParser
import WhatsNewProject

/// `whatsnew new`: one change's release note, written as a fragment in `.changes/`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a release note for one change, as a fragment in .changes/.",
        discussion: """
            The fragment is a Markdown file whose front matter names its kind; with --title it is a \
            featured row of its own, otherwise its text is an item under its kind's row. Its name \
            starts with the time it was written, then a few words of the note and four random \
            letters (20240502-143012-crash-on-launch-3f9a.md), so notes written on different \
            branches never collide, and a release lists them in the order they were written.

            Without --body, on a terminal with $VISUAL or $EDITOR set, the note opens in the \
            editor. The path of the new fragment is printed.
            """
    )

    @Option(
        help: ArgumentHelp(
            "The kind of change: added, changed, deprecated, removed, fixed, security, breaking, performance, docs, dependencies, internal, known-issues, other, or one .whatsnew.yml's kinds add."
        ))
    var kind: String

    // Text options take what follows them even when it starts with a dash, as git's -m does:
    // a note written as a Markdown item (`- The list no longer flickers.`).
    @Option(parsing: .unconditional, help: "A title: the change becomes a featured row of its own.")
    var title: String?

    @Option(parsing: .unconditional, help: "A featured row's summary.")
    var summary: String?

    @Option(help: "A featured row's icon: an emoji, an SF Symbol name or a :shortcode:.")
    var icon: String?

    @Option(help: "A featured row's colour: a system colour name or #RRGGBB.")
    var color: String?

    @Option(help: "An issue the change closes: a number or an address (repeat for several).")
    var issue: [String] = []

    @Option(help: "The pull request that makes the change: a number or an address (repeat for several).")
    var pr: [String] = []

    @Flag(help: "The change breaks something users rely on: listed under breaking changes.")
    var breaking = false

    @Option(parsing: .unconditional, help: "The note itself, as Markdown; - reads it from standard input.")
    var body: String?

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        let fragment = self.fragment
        try perform { () throws(CommandFailure) in try fragment.validate(in: settings.project()) }
    }

    func run() throws {
        let fragment = self.fragment
        try perform { () throws(CommandFailure) in try fragment.run(in: settings.project()) }
    }

    private var fragment: WriteFragment {
        var fragment = WriteFragment(
            kind: kind, title: title, summary: summary, icon: icon, color: color, issues: issue, pullRequests: pr,
            isBreaking: breaking)
        fragment.body = body
        return fragment
    }
}
