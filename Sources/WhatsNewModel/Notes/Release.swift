/// One release: a version (or the unreleased changes), its date and its sections.
public struct Release: Sendable, Hashable {
    /// Nil for the unreleased changes and for notes that name no version.
    public var version: ReleaseVersion?
    /// The day it came out, from the heading or the line under it; nil when the notes give none.
    public var date: ReleaseDate?
    /// A name to show for the release: its own name (`0.44.0: Travel Size`), the product and
    /// version (`Swift 5.6`), the version, or `Unreleased`.
    public var title: String
    /// The changes not yet released (`## [Unreleased]`), or a version marked as planned.
    public var isUnreleased: Bool
    /// Prose before the first section.
    public var summary: MarkdownContent?
    /// The rows of the sheet, in the order the notes give them.
    public var sections: [Section]
    /// The heading's link or a "Full Changelog" link under it.
    public var link: String?
    /// The address comparing the release with the one before (`…/compare/v1.2.0...v1.3.0`):
    /// the heading's link when it is one, or a "Full Changelog" line.
    public var compare: String?
    /// The line of the release heading (1 for notes without one).
    public var line: Int
    /// The build number (`CFBundleVersion`) the release shipped as, when the notes or the
    /// project say: Sparkle compares it with the installed app's. See `BuildNumbers`.
    public var build: String?
    /// In a sheet shown in a locale, the locale its words are in: the translation's, or the
    /// original's where the translation lacks the release. Nil when no locale was asked for.
    public var locale: String?
    /// The release's `show:` (`always`, `never`), for an app's presentation policy; nil when
    /// the notes leave it to the policy.
    public var show: ShowRule?

    /// A release; its build number, locale and show rule are unset.
    public init(
        version: ReleaseVersion? = nil, date: ReleaseDate? = nil, title: String, isUnreleased: Bool = false,
        summary: MarkdownContent? = nil, sections: [Section] = [], link: String? = nil, line: Int
    ) {
        self.version = version
        self.date = date
        self.title = title
        self.isUnreleased = isUnreleased
        self.summary = summary
        self.sections = sections
        self.link = link
        self.line = line
    }

    /// What Sparkle compares with the installed app's `CFBundleVersion`: the build number,
    /// else the version as written.
    public var sparkleVersion: String? { build ?? version?.text }

    /// Whether the release has anything to show: a row or a summary.
    @inlinable public var hasContent: Bool { !sections.isEmpty || summary != nil }
}
