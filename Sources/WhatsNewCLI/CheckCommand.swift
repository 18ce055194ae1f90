import ArgumentParser
import WhatsNewProject

/// `whatsnew check`: does this change carry a release note? For pull requests in CI.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that a change adds a release note (a fragment), for pull requests.",
        discussion: """
            Compares the working tree with the merge base of --base (by default of origin/HEAD, \
            else main or master) and HEAD, by the rules of .whatsnew.yml as it is at that base, \
            and exits 1 when the change touches files that need a note but adds none. Files \
            matching `check: ignore:` need none; by default docs/**, doc/**, Documentation/**, \
            test/**, tests/**, Tests/**, spec/**, .github/** and *.md. A note is a new fragment \
            with words in it (not an edit, rename or copy of a pending one) or a new change \
            listed in the notes file's release in progress. Every fragment the change adds is \
            linted, and an error in one fails the check.

            --skip, or WHATSNEW_SKIP=1 in the environment, passes a change that needs no note; \
            that is how a "no release note" label reaches the check in CI.
            """
    )

    @Option(
        help:
            "The branch or commit the change is for; compared at its merge base with HEAD (default: origin/HEAD, else main or master)."
    )
    var base: String?

    @Flag(help: "Pass without a note: the change needs none (also WHATSNEW_SKIP=1).")
    var skip = false

    @OptionGroup var settings: ConfigOption

    func run() throws {
        var check = CheckChange()
        (check.base, check.skip) = (base, skip)
        try perform { () throws(CommandFailure) in try check.run(in: settings.project()) }
    }
}
