import ArgumentParser
import WhatsNewModel
import WhatsNewProject

/// `whatsnew next`: the version the coming release should have, computed from the notes.
struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Print the version the coming release should have, computed from the notes.",
        discussion: """
            The latest release moves by the largest change waiting in the fragments and the \
            notes' unreleased changes: a breaking change (the breaking kind, `breaking: true`, an \
            item marked BREAKING) makes a major release; added, changed, deprecated and removed \
            a minor one; a thanks list nothing; anything else a patch. Below 1.0.0 a breaking change moves the second \
            number and a feature the third, as Cargo and changesets read SemVer (`versioning: \
            plain-semver` in .whatsnew.yml reads it to the letter). `versioning: calendar` gives \
            the release's date in the form the notes write (2026.11.0, 26.09, 2026.3) or \
            `calendar:` names in calver.org's words (YY.0M, YYYY.MICRO, YYYY.0M.0D). A kind's `bump:` under \
            `kinds:` changes its rule (major, minor, patch or none).

            --pre beta gives the next pre-release (1.5.0-beta.1, then -beta.2), counting on from \
            the notes; after pre-releases, `next` alone gives the release that gathers them in. \
            With nothing to release it says so and exits 1. `whatsnew release auto` writes the \
            release this prints.
            """
    )

    @OptionGroup var notesFile: NotesFileOption

    @Option(help: ArgumentHelp("The next pre-release of this name, such as beta or rc.", valueName: "name"))
    var pre: String?

    @Flag(
        help:
            "Count the notes drafted from the conventional commits since the latest release too (see `whatsnew draft`)."
    )
    var draft = false

    @Flag(help: "Say which notes decided the version.")
    var explain = false

    @Flag(help: "Print the release's tag (v1.5.0, from .whatsnew.yml's tag: or the project's tags) instead.")
    var tag = false

    @OptionGroup var day: ReleaseDayOption

    @OptionGroup var limit: InputLimit

    @OptionGroup var settings: ConfigOption

    func run() throws {
        var next = ShowNextVersion()
        (next.notes, next.preRelease, next.explains, next.printsTag) = (notesFile.notes, pre, explain, tag)
        next.drafts = draft
        (next.date, next.maximumSize) = (day.date, limit.bytes)
        try perform { () throws(CommandFailure) in try next.run(in: settings.project()) }
    }
}
