/// Release notes as read: the sheet's own details and every release, newest first as written.
public struct Document: Sendable, Hashable {
    /// The sheet's title: front matter's `title`, the notes' own first heading, or the project's name.
    public var title: String?
    /// Front matter's `subtitle`, shown under the title.
    public var subtitle: String?
    /// The sheet's accent colour.
    public var accent: String?
    /// The sheet's `icons:` map: icons for categories (`added: sparkles`) and new names.
    public var icons: [IconOverride]
    /// Every release, in the order the notes list them.
    public var releases: [Release]
    /// Headings that only point to older notes kept elsewhere (`## 0.11.x` over `See
    /// [changelogs/0.11.x](…)`): not releases, kept as links.
    public var archives: [Archive] = []
    /// What the notes say before their first release (`All notable changes …`), kept for
    /// renderers and templates that show it.
    public var introduction: MarkdownContent?
    /// Where front matter names the accent colour, for diagnostics.
    package var accentPosition: TextPosition?

    /// The accent as a colour, when it is one.
    public var accentColor: SheetColor? { accent.flatMap(SheetColor.init) }

    /// A document of the given releases and details.
    public init(
        title: String? = nil, subtitle: String? = nil, accent: String? = nil, icons: [IconOverride] = [],
        releases: [Release] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.accent = accent
        self.icons = icons
        self.releases = releases
    }
}

/// A heading that points to older notes kept elsewhere, and the address.
public struct Archive: Sendable, Hashable {
    /// The heading's words: `0.11.x`.
    public var title: String
    /// Where the older notes are: a web address, or a path relative to the notes.
    public var link: String
    /// The 1-based line of the heading.
    public var line: Int

    /// An archive heading with its words, address and line.
    public init(title: String, link: String, line: Int) {
        self.title = title
        self.link = link
        self.line = line
    }
}

/// One entry of an `icons:` map, in a sheet's front matter or an `--icons` file.
///
/// The key is a kind (`fixed`), a heading name (`Bug Fixes`) or a new icon name
/// (`inkwell.nib`, `:inkwell:`) that sections can then use.
public struct IconOverride: Sendable, Hashable {
    /// A kind, a heading name, or a new icon name.
    public var key: String
    /// The icon it stands for.
    public var icon: Icon
    /// Where the value stands, for diagnostics.
    package var position: TextPosition?

    /// An entry mapping `key` to `icon`.
    public init(key: String, icon: Icon) {
        self.key = key
        self.icon = icon
    }

    package init(key: String, icon: Icon, position: TextPosition?) {
        self.key = key
        self.icon = icon
        self.position = position
    }

    /// Two entries are equal when they say the same thing, wherever they stand.
    public static func == (lhs: IconOverride, rhs: IconOverride) -> Bool {
        lhs.key == rhs.key && lhs.icon == rhs.icon
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(icon)
    }
}
