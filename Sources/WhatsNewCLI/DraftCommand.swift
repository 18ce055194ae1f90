import ArgumentParser
import WhatsNewProject

/// `whatsnew draft`: release notes drafted from conventional commits, as fragments people edit.
struct DraftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draft",
        abstract: "Draft a fragment for each conventional commit since the latest release.",
        discussion: """
            Each commit since the latest release's tag (found as `whatsnew next` finds it; \
            --since names another start, --all takes the whole history) whose message is a \
            conventional commit gets a fragment in .changes/: feat → added, fix → fixed, perf → \
            performance, docs → docs, deprecate → deprecated, security → security, deps → \
            dependencies; `!` or a BREAKING CHANGE: footer (whose text becomes the note) makes it \
            breaking. chore, ci, test, tests, refactor, style and build are work users never see \
            and get none; .whatsnew.yml's `commits:` maps a type to another kind or to skip.

            The scope names the package in a repository that releases several (else the packages \
            whose folders the commit changes); a trailing (#123) or the merge commit gives the pull \
            request; Closes #12 the issue. A revert removes the reverted commit's draft, or, for a \
            change already released, drafts a fixed row. A commit that adds or edits a fragment \
            already has its note (so does every commit its merge brings in), a second run drafts \
            nothing new, and merge commits, squash merges and rebased histories give each change \
            once. A drafted fragment's name ends in its commit's first ten digits, which is how a \
            draft you delete stays deleted once the deletion is committed.

            Drafts are ordinary fragments: edit them, give the important ones a title, icon and \
            summary, delete the noise, and release as usual; `release auto --draft` drafts and \
            releases in one step instead. The new fragments' paths are printed; --dry-run prints \
            them with their text and changes nothing.
            """
    )

    @Option(help: ArgumentHelp("Draft from the commits after this one (a tag, branch or commit).", valueName: "ref"))
    var since: String?

    @Flag(help: "Draft from every commit of the history.")
    var all = false

    @Flag(help: "Print what would be written and removed; change nothing.")
    var dryRun = false

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        if since != nil && all { throw ValidationError("give --since or --all, not both") }
    }

    func run() throws {
        var draft = DraftNotes()
        draft.request = DraftRequest(since: since, all: all)
        draft.dryRun = dryRun
        try perform { () throws(CommandFailure) in try draft.run(in: settings.project()) }
    }
}
