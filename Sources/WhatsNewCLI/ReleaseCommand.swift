import ArgumentParser
import WhatsNewModel
import WhatsNewProject

/// `whatsnew release VERSION`: the fragments and the notes' unreleased changes written into the
/// notes as a new release, in the notes' own dialect, all or nothing.
struct ReleaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Write the fragments and the unreleased changes into the notes as a new release.",
        discussion: """
            The version is given (1.5.0), or computed from the notes: auto takes the one \
            `whatsnew next` prints (a breaking change → major; added, changed, deprecated, removed \
            → minor; the rest → patch; a version the notes plan wins); major, minor and patch move \
            the latest release as named (calendar versions take the date). --pre beta writes the next pre-release (1.5.0-beta.1, \
            then -beta.2), holding the notes new since the one before; the release after \
            pre-releases holds every change since the last release, their notes gathered into its \
            rows, and takes their sections' place (--keep-pre-releases leaves them).

            The release is written the way the notes write theirs: the heading's shape and date, \
            the words and order of their category headings, their bullet, and featured rows as \
            front matter where the notes keep them so. It goes where the newest release goes; an \
            Unreleased heading stays, emptied, and Keep a Changelog's comparison links at the foot \
            move on. Featured rows (fragments with a title) come first, then each kind's items in \
            the order of the fragments' file names, which start with the time each was written.

            The version is written, in the same write, to the files .whatsnew.yml lists under \
            version-files: (an Xcode project's MARKETING_VERSION in every build configuration, \
            .xcconfig, Info.plist, package.json, Cargo.toml, pyproject.toml, or a pattern), and \
            with --build N or `build: increment` the build number (CURRENT_PROJECT_VERSION, \
            CFBundleVersion). Apple's files take a pre-release's numbers alone. On success, \
            standard output says `version=1.5.0` and `tag=v1.5.0` (the tag from .whatsnew.yml's \
            tag:, else the project's own tags), one per line, ready for $GITHUB_OUTPUT; \
            --dry-run prints the release and a diff of every version file instead.

            Nothing is changed unless everything is: the files are replaced atomically (at the \
            end of a symbolic link, which stays), the version files before the notes, and the \
            fragments are removed only once the notes are (--keep leaves them). One run changes \
            a project at a time (others wait), a release cut short by a kill is ended by the next \
            command or by `whatsnew recover`, and files changed by someone else meanwhile stop \
            the run. A version already in the notes, one not newer than the latest, an invalid \
            fragment, a version file that is missing, read-only, without a version or with two, \
            a missing notes file (without --create), or nothing to release stops the run with \
            exit 1 and changes nothing.
            """
    )

    @Argument(
        help: "The new release's version, such as 1.4.0; or auto (what the notes ask for), major, minor or patch.")
    var version: String

    @Option(
        help: ArgumentHelp(
            "Release the next pre-release of this name, such as beta or rc (1.5.0-beta.1, then -beta.2).",
            valueName: "name"))
    var pre: String?

    @Option(help: "The build number written to the version files (CURRENT_PROJECT_VERSION, CFBundleVersion).")
    var build: String?

    @Flag(help: "Leave the pre-releases a release gathers in as they are in the notes.")
    var keepPreReleases = false

    @Flag(
        help:
            "Draft notes from the conventional commits since the latest release and release them with the fragments, in one step (see `whatsnew draft`)."
    )
    var draft = false

    @OptionGroup var day: ReleaseDayOption

    @OptionGroup var notesFile: NotesFileOption

    @Flag(help: "Print the new release's Markdown and change nothing.")
    var dryRun = false

    @Flag(help: "Leave the fragments in place once they are written into the notes.")
    var keep = false

    @Flag(help: "Allow a version that is not newer than the latest release.")
    var allowOlder = false

    @Flag(help: "Write the version into version files that already hold a newer one.")
    var allowBehind = false

    @Flag(help: "Write the release even with no fragments and no unreleased changes.")
    var allowEmpty = false

    @Flag(help: "Start the notes file when it does not exist yet (without it, a missing file is an error).")
    var create = false

    @Option(
        help:
            "What standard output says of the releases made: text (version= and tag= lines; package= … per package) or json."
    )
    var format: LintFormat = .text

    @OptionGroup var limit: InputLimit

    @OptionGroup var icons: IconOptions

    @OptionGroup var settings: ConfigOption

    func run() throws {
        var release = WriteRelease(version: version)
        (release.preRelease, release.build, release.keepsPreReleases) = (pre, build, keepPreReleases)
        (release.date, release.notes, release.dryRun, release.keep) = (day.date, notesFile.notes, dryRun, keep)
        (release.drafts, release.allowsBehind) = (draft, allowBehind)
        (release.allowsOlder, release.allowsEmpty, release.iconMap) = (allowOlder, allowEmpty, icons.iconMap)
        (release.creates, release.maximumSize, release.json) = (create, limit.bytes, format == .json)
        try perform { () throws(CommandFailure) in try release.run(in: settings.project()) }
    }
}
