import ArgumentParser
import WhatsNewProject

/// `whatsnew check`: does this change carry a release note? For pull requests in CI.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that a change adds a release note (a fragment), for pull requests.",
        discussion: """
            Compares the working tree with the base (by default the merge base with origin/HEAD, \
            else with main or master) and exits 1 when the change touches files that need a note \
            but adds no fragment. Files matching .whatsnew.yml's `check: ignore:` need none; by \
            default docs/**, doc/**, Documentation/**, test/**, tests/**, Tests/**, spec/**, \
            .github/** and *.md. An edit to the notes file itself counts as a note. Every fragment \
            the change adds is linted, and an error in one fails the check.

            --skip, or WHATSNEW_SKIP=1 in the environment, passes a change that needs no note; \
            that is how a "no release note" label reaches the check in CI.
            """
    )

    @Option(help: "The commit to compare with (default: the merge base with origin/HEAD, else main or master).")
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
