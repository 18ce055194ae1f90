/// Every kind of finding, with its stable identifier and default severity.
public enum DiagnosticRule: String, Sendable, Hashable, CaseIterable {
    // The file itself.
    case unreadableFile = "unreadable-file"
    case binaryFile = "binary-file"
    case invalidEncoding = "invalid-utf8"
    case inputTooLarge = "input-too-large"
    // Front matter.
    case frontMatterSyntax = "front-matter-syntax"
    case frontMatterUnclosed = "front-matter-unclosed"
    case frontMatterUnknownKey = "front-matter-unknown-key"
    case frontMatterValue = "front-matter-value"
    case sectionMissingTitle = "section-missing-title"
    case sectionOutsideRelease = "section-outside-release"
    case contentOutsideRelease = "content-outside-release"
    case unknownKind = "unknown-kind"
    // The project's .whatsnew.yml.
    case configUnknownKey = "config-unknown-key"
    case configValue = "config-value"
    // Icons and colours.
    case unknownIcon = "unknown-icon"
    case unknownColor = "unknown-color"
    case iconMap = "icon-map"
    // Who a row is for.
    case unknownAudience = "unknown-audience"
    case unknownPlatform = "unknown-platform"
    // Releases.
    case duplicateVersion = "duplicate-version"
    case versionOrder = "version-order"
    case invalidDate = "invalid-date"
    case ambiguousDate = "ambiguous-date"
    case unreadReleaseHeading = "unread-release-heading"
    case emptyRelease = "empty-release"
    // Translations.
    case translationMissingRelease = "translation-missing-release"
    case translationMissingSection = "translation-missing-section"
    case translationExtraSection = "translation-extra-section"
    case translationUnknownLocale = "translation-unknown-locale"
    // Fragments: one change's note in `.changes/`.
    case fragmentFrontMatter = "fragment-front-matter"
    case fragmentKind = "fragment-kind"
    case fragmentEmpty = "fragment-empty"
    case fragmentHeading = "fragment-heading"
    case fragmentReference = "fragment-reference"
    case fragmentTitle = "fragment-title"
    case duplicateFeaturedTitle = "duplicate-featured-title"
    // Writing a release into the notes.
    case releaseExists = "release-exists"
    case releaseOrder = "release-order"
    case releaseEmpty = "release-empty"
    case releaseLayout = "release-layout"
    // Choosing releases to show.
    case unknownRelease = "unknown-release"
    // Writing the output.
    case unwritableOutput = "unwritable-output"
    case template = "template"
    case storeLimit = "store-limit"
    case storeLocale = "store-locale"

    public var severity: Diagnostic.Severity {
        switch self {
        case .frontMatterUnknownKey, .unknownKind, .versionOrder, .emptyRelease, .sectionOutsideRelease,
            .contentOutsideRelease, .unknownIcon,
            .ambiguousDate, .unreadReleaseHeading, .invalidDate, .translationMissingRelease,
            .translationMissingSection, .translationExtraSection, .translationUnknownLocale, .configUnknownKey,
            .unknownAudience, .unknownPlatform:
            .warning
        default:
            .error
        }
    }
}
