/// Every kind of finding, with its stable identifier and default severity.
public enum DiagnosticRule: String, Sendable, Hashable, CaseIterable {
    // The file itself.
    /// A file that does not exist, cannot be opened or is a directory.
    case unreadableFile = "unreadable-file"
    /// A file that is not text (a NUL byte), named with the offset of the first one.
    case binaryFile = "binary-file"
    /// Bytes that are not UTF-8, named with the line and offset of the first.
    case invalidEncoding = "invalid-utf8"
    /// Input over `--max-size` (8 MB unless raised).
    case inputTooLarge = "input-too-large"
    // Front matter.
    /// YAML that does not parse, with libyaml's message and line.
    case frontMatterSyntax = "front-matter-syntax"
    /// A block whose closing `---` is missing.
    case frontMatterUnclosed = "front-matter-unclosed"
    /// A key the block does not take, with the nearest known key.
    case frontMatterUnknownKey = "front-matter-unknown-key"
    /// A value of the wrong shape (a list where text belongs).
    case frontMatterValue = "front-matter-value"
    /// A front-matter section without `title`.
    case sectionMissingTitle = "section-missing-title"
    /// A section before the first release, which no release shows.
    case sectionOutsideRelease = "section-outside-release"
    /// A `build:` block that no release heading stands above.
    case buildOutsideRelease = "build-outside-release"
    /// Prose or a list between releases under no release heading (below `## 5.x Releases`, before its first release), which no release shows.
    case contentOutsideRelease = "content-outside-release"
    /// Raw HTML with text or media in it (`<details>`, `<video>`), which no output shows; `<img>` is read as an image.
    case rawHTML = "raw-html"
    /// A `kind:` that names no kind.
    case unknownKind = "unknown-kind"
    /// A category heading that names no kind but nearly names one (`### Fxied`).
    case misspelledCategory = "misspelled-category"
    // The project's .whatsnew.yml.
    /// A key `.whatsnew.yml` does not take, with the nearest known key.
    case configUnknownKey = "config-unknown-key"
    /// A `.whatsnew.yml` value of the wrong kind (`format: pdf`, `outputs` that is no map).
    case configValue = "config-value"
    // Icons and colours.
    /// An icon name no table knows, with the nearest known names; it is shown as `•`.
    case unknownIcon = "unknown-icon"
    /// A `color` or `accent` that is neither a system colour name nor `#RRGGBB`.
    case unknownColor = "unknown-color"
    /// An `--icons` file that is not a YAML map of names to icons.
    case iconMap = "icon-map"
    // Who a row is for.
    /// An `audience` name that `.whatsnew.yml` does not list, with the nearest.
    case unknownAudience = "unknown-audience"
    /// A `platforms` name that `.whatsnew.yml` does not list, with the nearest.
    case unknownPlatform = "unknown-platform"
    // Releases.
    /// A version that appears twice.
    case duplicateVersion = "duplicate-version"
    /// Releases not newest first (dates that justify the order are accepted).
    case versionOrder = "version-order"
    /// An `Unreleased` or planned heading between released versions, which no release goes into.
    case staleUnreleased = "stale-unreleased"
    /// A date that names no real day, in a heading, a date line or front matter; the release is shown without it.
    case invalidDate = "invalid-date"
    /// A date such as `04/05/2023` that could be day- or month-first when no other date in the file says which (one with a part over 12, like `26/07/2022`, settles the whole file); it is left out rather than guessed.
    case ambiguousDate = "ambiguous-date"
    /// A heading where releases stand that names no version (`## Notes for packagers`); its content is kept, under the release before it.
    case unreadReleaseHeading = "unread-release-heading"
    /// A release with nothing listed (an explicit `No significant changes.` is fine).
    case emptyRelease = "empty-release"
    // Translations.
    /// A release the translation lacks (one with content); the sheet shows the original's.
    case translationMissingRelease = "translation-missing-release"
    /// A section the translation lacks, at the translation's release, the original's line in the message.
    case translationMissingSection = "translation-missing-section"
    /// A section of the translation that matches none of the original, which no sheet shows.
    case translationExtraSection = "translation-extra-section"
    /// `CHANGELOG.xx.md` or a `--locales-dir` file whose name is no language.
    case translationUnknownLocale = "translation-unknown-locale"
    // Fragments: one change's note in `.changes/`.
    /// A fragment that does not open with front matter.
    case fragmentFrontMatter = "fragment-front-matter"
    /// A fragment with no `kind`, or one no kind has, with the nearest.
    case fragmentKind = "fragment-kind"
    /// A fragment with nothing to show (a featured row needs a `summary` or text).
    case fragmentEmpty = "fragment-empty"
    /// A heading in a fragment, which would start a row of its own.
    case fragmentHeading = "fragment-heading"
    /// An `issue`, `pr` or `link` that is neither a number nor an `http(s)` address.
    case fragmentReference = "fragment-reference"
    /// A featured title the notes would read as a release (`Sync 2.0` as a heading).
    case fragmentTitle = "fragment-title"
    /// A control character (ESC, BEL, a C1 control…) in a fragment, which no note needs and a terminal would act on.
    case fragmentControl = "fragment-control"
    /// A fragment that names no package where the repository releases several, or names one it does not list.
    case fragmentPackage = "fragment-package"
    /// A commit `whatsnew draft` skips: its note would be no valid fragment, or it concerns no package.
    case draftSkipped = "draft-skipped"
    /// Two featured rows with one title in the coming release.
    case duplicateFeaturedTitle = "duplicate-featured-title"
    /// A featured note whose kind, symbol or colour the notes' format cannot keep (a heading in notes without front matter).
    case unkeptAppearance = "unkept-appearance"
    // Writing a release into the notes.
    /// `whatsnew release` asked for a version the notes already have.
    case releaseExists = "release-exists"
    /// `whatsnew release` asked for a version lower than the newest release.
    case releaseOrder = "release-order"
    /// `whatsnew release` with no fragments and no unreleased changes to write.
    case releaseEmpty = "release-empty"
    /// Notes whose layout `whatsnew release` cannot place a new release in.
    case releaseLayout = "release-layout"
    /// A release stopped half-way (killed, cancelled, a failing disk), its fragments set aside.
    case unfinishedRelease = "unfinished-release"
    /// Notes or fragments changed by someone else between reading and writing them.
    case notesChanged = "notes-changed"
    /// A release journal or rename list whatsnew did not write on this machine (it came with the repository, or from elsewhere), or one that names files it may not touch: nothing in it is carried out.
    case foreignJournal = "foreign-journal"
    // The project's edge.
    /// A path from the repository (a setting, the notes, a link in the project) that leads outside the project or into `.git`.
    case outsideProject = "outside-project"
    // Versions.
    /// A file of `version-files:` that is missing, read-only, holds no version, or holds two different ones where one belongs.
    case versionFile = "version-file"
    /// A fragment of a kind the project adds without `bump:`; `whatsnew next` counts it as a patch.
    case kindWithoutBump = "kind-without-bump"
    /// The notes' latest release is not the version the project's files say (`MARKETING_VERSION` 1.4.1, the notes 1.4.0).
    case versionMismatch = "version-mismatch"
    /// The newest release has no date and no tag, and the version files hold it: it is read as
    /// the release in progress.
    case untaggedRelease = "untagged-release"
    // Choosing releases to show.
    /// A `--release` or `--since` that names no release, with the versions there are.
    case unknownRelease = "unknown-release"
    // Writing the output.
    /// An output file or standard output that cannot be written.
    case unwritableOutput = "unwritable-output"
    /// A Mustache template that does not parse, or whose partials never stop including one another.
    case template = "template"
    /// A store text over the store's character limit without `--truncate`.
    case storeLimit = "store-limit"
    /// A locale the store does not take.
    case storeLocale = "store-locale"
    /// An appcast that cannot be read, is signed, or holds no item the notes know.
    case appcast = "appcast"

    /// Whether the finding is an error (lint fails) or a warning (lint fails with `--strict`).
    public var severity: Diagnostic.Severity {
        switch self {
        case .frontMatterUnknownKey, .unknownKind, .misspelledCategory, .versionOrder, .staleUnreleased,
            .unkeptAppearance, .emptyRelease, .sectionOutsideRelease,
            .buildOutsideRelease,
            .contentOutsideRelease, .rawHTML, .unknownIcon,
            .ambiguousDate, .unreadReleaseHeading, .invalidDate, .translationMissingRelease,
            .translationMissingSection, .translationExtraSection, .translationUnknownLocale, .configUnknownKey,
            .unknownAudience, .unknownPlatform, .kindWithoutBump, .versionMismatch, .untaggedRelease, .draftSkipped:
            .warning
        default:
            .error
        }
    }
}
