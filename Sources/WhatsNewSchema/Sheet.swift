/// A What's New sheet as `whatsnew --format json` writes it: schema version 1.
///
/// Decode it with `JSONDecoder` in an app and show the rows however the app likes:
///
/// ```swift
/// let sheet = try JSONDecoder().decode(Sheet.self, from: data)
/// for section in sheet.releases.first?.sections ?? [] {
///     print(section.symbol ?? section.icon ?? "•", section.title ?? "")
/// }
/// ```
///
/// Schema 1 only grows by adding fields; nothing is renamed or removed without a schema 2.
public struct Sheet: Codable, Sendable, Hashable, Identifiable {
    /// The schema this document follows: `1`.
    public var schemaVersion: Int
    /// The sheet's title: the front matter's `title`, the product a heading names (`# Inkwell
    /// Changelog`), the project's name in `.whatsnew.yml` or its package file; nil when none
    /// says (a heading that only says `Changelog` names no product).
    public var title: String?
    /// The chosen releases, in the order the notes list them.
    public var releases: [Release]
    /// Older notes kept elsewhere, which headings such as `## 0.11.x` only point to. Written
    /// only when the notes have some: absent means none.
    public var archives: [Archive]

    /// A sheet of the given releases.
    public init(schemaVersion: Int = 1, title: String?, releases: [Release], archives: [Archive] = []) {
        self.schemaVersion = schemaVersion
        self.title = title
        self.releases = releases
        self.archives = archives
    }

    /// A heading that points to older notes kept elsewhere: its words and the address.
    public struct Archive: Codable, Sendable, Hashable {
        /// The heading's words: `0.11.x`, `2.x`.
        public var title: String
        /// Where the older notes are: a web address, or a path relative to the notes.
        public var link: String

        /// An archive heading with its words and address.
        public init(title: String, link: String) {
            self.title = title
            self.link = link
        }
    }

    /// One release: a version, or the unreleased changes.
    public struct Release: Codable, Sendable, Hashable, Identifiable {
        /// The version as the notes spell it, without a leading `v` (`1.4.0`, `2.0.0-rc.1`);
        /// nil for the unreleased changes and for notes that name no version.
        public var version: String?
        /// The release date as `YYYY-MM-DD`, or nil when the notes give none.
        public var date: String?
        /// A name to show: the release's own name (`Travel Size`), the product and version
        /// (`Swift 5.6`), the version, or `Unreleased`.
        public var title: String
        /// The plain text of the prose before the release's first section, if any.
        public var summary: String?
        /// The rows of the sheet, in the order the notes give them.
        public var sections: [Section]
        /// True for changes not released yet: the `Unreleased` section, or a planned version
        /// (`2.0.0 (unreleased)`, `5.0.0 - TBD`), which keeps its `version`. Written only when
        /// true: absent means false.
        public var unreleased: Bool
        /// In a sheet asked for in a locale (`--locale de`), the BCP 47 locale the release's
        /// words are in: the translation's, or the original's where the translation lacks the
        /// release. Written only then: absent means the notes as written.
        public var locale: String?
        /// True for a release dated after the day the sheet was made: announced, not out yet.
        /// Written only when true.
        public var scheduled: Bool
        /// The size family the rows were chosen for (`small`, `medium`, … `inline`), with
        /// `--size`; absent for the whole sheet.
        public var size: String?
        /// With `--size`, how many of the release's rows the family left out.
        public var omitted: Int?
        /// The address comparing this release with the one before (`…/compare/v1.2.0...v1.3.0`):
        /// from the heading's link or a "Full Changelog" line. Written only when known.
        public var compare: String?
        /// The build number (`CFBundleVersion`) the release shipped as, when the notes or the
        /// project give it. Written only when known.
        public var build: String?
        /// The release's own word on showing it in an app (`show:` in its front matter): `always`
        /// (a security release) or `never` (a re-cut build), over a ``PresentationPolicy``'s
        /// rules. Written only when the notes say.
        public var show: Show?

        /// A release with its rows; the flags and fitting are off unless given.
        public init(
            version: String?, date: String?, title: String, summary: String?, sections: [Section],
            unreleased: Bool = false, locale: String? = nil, scheduled: Bool = false, size: String? = nil,
            omitted: Int? = nil, compare: String? = nil, build: String? = nil, show: Show? = nil
        ) {
            self.show = show
            self.compare = compare
            self.build = build
            self.version = version
            self.date = date
            self.title = title
            self.summary = summary
            self.sections = sections
            self.unreleased = unreleased
            self.locale = locale
            self.scheduled = scheduled
            self.size = size
            self.omitted = omitted
        }
    }

    /// A release's `show:`. Open-ended, so a value added later still decodes: anything but
    /// ``always`` and ``never`` leaves the decision to the policy.
    public struct Show: RawRepresentable, Codable, Sendable, Hashable {
        /// The value as the JSON writes it.
        public var rawValue: String

        /// A show rule from its JSON value.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Shown to every user who has not seen it, whatever the bump, kinds and pre-release
        /// rules say (opting out and a fresh install still win).
        public static let always = Show(rawValue: "always")
        /// Never shown, alone or merged into another release's sheet.
        public static let never = Show(rawValue: "never")
    }

    /// One row of the sheet: icon · title · summary.
    public struct Section: Codable, Sendable, Hashable, Identifiable {
        /// What the section is about, which gave it its default icon and colour; nil for a
        /// curated section that names no kind.
        public var kind: Kind?
        /// The glyph the sheet shows in the icon column: an emoji, a text glyph, or a stand-in
        /// for an SF Symbol.
        public var icon: String?
        /// The SF Symbol name the section asks for, for apps that can draw it: only a name
        /// whatsnew knows (its table, or the project's `icons:`), so a typo never reaches the app.
        public var symbol: String?
        /// The name of an image in the app's own assets (front matter's `image:`), which the
        /// app draws in place of the symbol. Written only when set.
        public var image: String?
        /// A system colour name (`yellow`, `indigo`) or `#RRGGBB`; ``sheetColor`` reads it.
        public var color: String?
        /// The row's title: a category (`Fixed`) or a curated title.
        public var title: String?
        /// The plain text shown under the title.
        public var summary: String?
        /// Everything the section says as HTML, in cmark's safe form: raw HTML and
        /// `javascript:` links never get through.
        public var html: String
        /// The plain text of each top-level list item in the section.
        public var items: [String]
        /// The line of the section's heading, or of its front matter's opening `---`.
        public var line: Int
        /// In a sheet asked for in a locale, the locale the title and summary are in (the
        /// original's where the translation lacks the section). Written only then.
        public var locale: String?
        /// True when a size family shortened the summary to fit its lines. Written only then.
        public var truncated: Bool
        /// The audiences the row is for (`beta`, `pro`); empty for everyone. Written only when set.
        public var audiences: [String]
        /// The platforms the row is for (`ios`, `macos`); empty for all. Written only when set.
        public var platforms: [String]
        /// A curated row's `priority:` (higher first among featured rows); a positive one makes
        /// the release more than fixes to a ``PresentationPolicy``. Written only when set.
        public var priority: Int?
        /// In a sheet merged from several releases (``Sheet/merging(_:)``, a
        /// ``PresentationDecision``'s sheet), the versions the row came from, newest first: one
        /// for a featured row, each release's for a row of one kind made one. Empty otherwise,
        /// and written only when set.
        public var versions: [String]

        /// A row; its locale, truncation, audiences and platforms are unset unless given.
        public init(
            kind: Kind?, icon: String?, symbol: String?, color: String?, title: String?, summary: String?,
            html: String, items: [String], line: Int, locale: String? = nil, truncated: Bool = false,
            audiences: [String] = [], platforms: [String] = [], priority: Int? = nil, versions: [String] = [],
            image: String? = nil
        ) {
            self.image = image
            self.versions = versions
            self.priority = priority
            self.locale = locale
            self.truncated = truncated
            self.audiences = audiences
            self.platforms = platforms
            self.kind = kind
            self.icon = icon
            self.symbol = symbol
            self.color = color
            self.title = title
            self.summary = summary
            self.html = html
            self.items = items
            self.line = line
        }
    }

    /// What a section is about. Open-ended, so a kind added in a later version of whatsnew
    /// still decodes: compare with the constants, and treat any other value as `other`.
    public struct Kind: RawRepresentable, Codable, Sendable, Hashable {
        public var rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// New features: Keep a Changelog's Added.
        public static let added = Kind(rawValue: "added")
        /// Changes in existing behaviour.
        public static let changed = Kind(rawValue: "changed")
        /// Features to be removed in a later release.
        public static let deprecated = Kind(rawValue: "deprecated")
        /// Features removed in this release.
        public static let removed = Kind(rawValue: "removed")
        /// Bug fixes.
        public static let fixed = Kind(rawValue: "fixed")
        /// Fixed vulnerabilities.
        public static let security = Kind(rawValue: "security")
        /// Changes that break what users rely on.
        public static let breaking = Kind(rawValue: "breaking")
        /// Faster or lighter.
        public static let performance = Kind(rawValue: "performance")
        /// Documentation.
        public static let docs = Kind(rawValue: "docs")
        /// Dependency updates, including the rows whatsnew gathers from bump lines.
        public static let dependencies = Kind(rawValue: "dependencies")
        /// Work users do not see: refactoring, tests, build.
        public static let `internal` = Kind(rawValue: "internal")
        /// Problems known and not yet fixed.
        public static let knownIssues = Kind(rawValue: "known-issues")
        /// Thanks and first-time contributor lists.
        public static let contributors = Kind(rawValue: "contributors")
        /// A generator's list of merged pull requests.
        public static let pullRequests = Kind(rawValue: "pull-requests")
        /// Anything else, and any kind this version does not know.
        public static let other = Kind(rawValue: "other")
    }
}

// Every key is written, absent values as `null`, in the order the schema documents them. Read
// back, only what makes a sheet is required (its releases): JSON an app or a server writes by
// hand may leave out the rest, which takes the defaults the JSON article lists.
extension Sheet {
    private enum CodingKeys: String, CodingKey { case schemaVersion, title, releases, archives }

    /// Decodes a sheet of schema 1 (`schemaVersion` absent is 1); any other schema throws
    /// ``UnsupportedSchema``, since what its keys mean is not known here.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try UnsupportedSchema.version(in: container, forKey: .schemaVersion)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        releases = try container.decode([Release].self, forKey: .releases)
        archives = try container.decodeIfPresent([Archive].self, forKey: .archives) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(title, forKey: .title)
        try container.encode(releases, forKey: .releases)
        // Additive in schema 1: only notes with archive headings carry the key.
        if !archives.isEmpty { try container.encode(archives, forKey: .archives) }
    }
}

extension Sheet.Release {
    private enum CodingKeys: String, CodingKey {
        case version, build, date, title, unreleased, scheduled, show, summary, sections, locale, size, omitted,
            compare
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(String.self, forKey: .version)
        date = try container.decodeIfPresent(String.self, forKey: .date)
        unreleased = try container.decodeIfPresent(Bool.self, forKey: .unreleased) ?? false
        // A release names itself somehow; an object that does not is not a release.
        guard
            let title = try container.decodeIfPresent(String.self, forKey: .title) ?? version
                ?? (unreleased ? "Unreleased" : nil)
        else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "a release needs a version, a title or \"unreleased\": true"))
        }
        self.title = title
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        sections = try container.decodeIfPresent([Sheet.Section].self, forKey: .sections) ?? []
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        scheduled = try container.decodeIfPresent(Bool.self, forKey: .scheduled) ?? false
        size = try container.decodeIfPresent(String.self, forKey: .size)
        omitted = try container.decodeIfPresent(Int.self, forKey: .omitted)
        compare = try container.decodeIfPresent(String.self, forKey: .compare)
        build = try container.decodeIfPresent(String.self, forKey: .build)
        show = try container.decodeIfPresent(Sheet.Show.self, forKey: .show)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        // Additive in schema 1: only a release whose build number is known carries it.
        if let build { try container.encode(build, forKey: .build) }
        try container.encode(date, forKey: .date)
        try container.encode(title, forKey: .title)
        // Additive in schema 1: only a release whose notes give a comparison carries it.
        if let compare { try container.encode(compare, forKey: .compare) }
        // Additive in schema 1: only unreleased changes carry the key.
        if unreleased { try container.encode(true, forKey: .unreleased) }
        if scheduled { try container.encode(true, forKey: .scheduled) }
        // Additive in schema 1: only a release whose notes say `show:` carries it.
        if let show { try container.encode(show, forKey: .show) }
        try container.encode(summary, forKey: .summary)
        try container.encode(sections, forKey: .sections)
        // Additive in schema 1: only a sheet shown in a locale carries it.
        if let locale { try container.encode(locale, forKey: .locale) }
        // Additive in schema 1: only a sheet made for a size family carries them.
        if let size { try container.encode(size, forKey: .size) }
        if let omitted { try container.encode(omitted, forKey: .omitted) }
    }
}

extension Sheet.Section {
    private enum CodingKeys: String, CodingKey {
        case kind, icon, symbol, image, color, title, summary, html, items, line, locale, truncated, audiences,
            platforms, priority, versions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(Sheet.Kind.self, forKey: .kind)
        icon = try container.decodeIfPresent(String.self, forKey: .icon)
        symbol = try container.decodeIfPresent(String.self, forKey: .symbol)
        image = try container.decodeIfPresent(String.self, forKey: .image)
        color = try container.decodeIfPresent(String.self, forKey: .color)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        html = try container.decodeIfPresent(String.self, forKey: .html) ?? ""
        items = try container.decodeIfPresent([String].self, forKey: .items) ?? []
        line = try container.decodeIfPresent(Int.self, forKey: .line) ?? 0
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        truncated = try container.decodeIfPresent(Bool.self, forKey: .truncated) ?? false
        audiences = try container.decodeIfPresent([String].self, forKey: .audiences) ?? []
        platforms = try container.decodeIfPresent([String].self, forKey: .platforms) ?? []
        priority = try container.decodeIfPresent(Int.self, forKey: .priority)
        versions = try container.decodeIfPresent([String].self, forKey: .versions) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(icon, forKey: .icon)
        try container.encode(symbol, forKey: .symbol)
        // Additive in schema 1: only a row that names the app's own image carries it.
        if let image { try container.encode(image, forKey: .image) }
        try container.encode(color, forKey: .color)
        try container.encode(title, forKey: .title)
        try container.encode(summary, forKey: .summary)
        try container.encode(html, forKey: .html)
        try container.encode(items, forKey: .items)
        try container.encode(line, forKey: .line)
        if let locale { try container.encode(locale, forKey: .locale) }
        if truncated { try container.encode(true, forKey: .truncated) }
        if !audiences.isEmpty { try container.encode(audiences, forKey: .audiences) }
        if !platforms.isEmpty { try container.encode(platforms, forKey: .platforms) }
        // Additive in schema 1: only a curated row with a `priority:` carries it.
        if let priority { try container.encode(priority, forKey: .priority) }
        // Additive in schema 1: only a row of a merged sheet carries them.
        if !versions.isEmpty { try container.encode(versions, forKey: .versions) }
    }
}

// What SwiftUI's `.sheet(item:)` and `ForEach` need to tell values apart.
extension Sheet {
    /// The title and the first release's identity: a sheet of other releases is another sheet.
    public var id: String { (title ?? "") + "|" + (releases.first?.id ?? "") }
}

extension Sheet.Release {
    /// The version (`v1.4.0`), or the title for the unreleased changes and notes without one.
    public var id: String { version.map { "v" + $0 } ?? title }
}

extension Sheet.Section {
    /// The line of its heading with the release it came from, kind and title: unique within a
    /// sheet made from one file, merged or not; with its words too in rows written by hand.
    public var id: String {
        let base = "\(line)|\(versions.first ?? "")|\(kind?.rawValue ?? "")|\(title ?? "")"
        // Rows written by hand have no line: their words tell them apart.
        return line == 0 ? base + "|" + (summary ?? items.joined(separator: "\n")) : base
    }
}
