/// One row of the sheet: icon · title · summary.
@dynamicMemberLookup
public struct Section: Sendable, Hashable {
    /// Where the section came from in the notes.
    public enum Origin: Sendable, Hashable {
        /// A front-matter block (`icon:`, `title:`, `summary:` …).
        case frontMatter
        /// A category heading such as `### Fixed`.
        case heading
        /// A paragraph standing in for a heading: `**Closed issues:**`, `Fixes:`.
        case pseudoHeading
        /// A release with no categories: its unmarked items (or all it says) as one section.
        case wholeRelease
        /// A release with no categories: the items that open with one kind marker (`fix:`,
        /// `**New**:`, `🐛`), the marker taken off.
        case itemMarkers
        /// Dependency updates gathered from the other rows (`**deps:** bump …`) into a row of
        /// their own.
        case gathered
    }

    /// Where the section came from in the notes.
    public var origin: Origin
    /// What the section is about: from front matter's `kind`, or from its heading; nil when unknown.
    public var kind: SectionKind?
    /// The icon as the notes name it; ``appearance`` holds what the sheet draws.
    public var icon: Icon?
    /// A named system colour or `#RRGGBB`, as written.
    public var color: String?
    /// The row's title: front matter's `title` or the heading's words.
    public var title: String?
    /// A front-matter `summary`; without one the body is the summary.
    public var summary: MarkdownContent?
    /// The Markdown under the section.
    public var body: MarkdownContent
    /// The line of the heading or of the front matter's opening `---`.
    public var line: Int
    /// The glyph and colour the sheet shows, once the icon catalog has resolved them.
    public var appearance = SectionAppearance()

    /// A fact few rows have (``Facts``), read and written as the section's own:
    /// `section.priority`, `section.audiences`.
    /// Inlinable, so a renderer reading a fact of every row reads it in place.
    @inlinable
    public subscript<Value>(dynamicMember fact: WritableKeyPath<Facts, Value>) -> Value {
        get {
            guard let rare else { return Facts.none[keyPath: fact] }
            return rare.facts[keyPath: fact]
        }
        set {
            var facts = rare?.facts ?? Facts()
            facts[keyPath: fact] = newValue
            rare = facts == Facts() ? nil : FactsBox(facts)
        }
    }

    /// What few rows have, out of line (nil when none is set): a changelog of a million rows
    /// carries a word for them in each, not 140 bytes.
    @usableFromInline var rare: FactsBox?

    /// A section; its locale, priority, audiences, platforms and appearance are unset.
    public init(
        origin: Origin, kind: SectionKind? = nil, icon: Icon? = nil, color: String? = nil, title: String? = nil,
        summary: MarkdownContent? = nil, body: MarkdownContent = MarkdownContent(), link: String? = nil,
        id: String? = nil, line: Int
    ) {
        self.origin = origin
        self.kind = kind
        self.icon = icon
        self.color = color
        self.title = title
        self.summary = summary
        self.body = body
        self.line = line
        if link != nil || id != nil { rare = FactsBox(Facts(link: link, id: id)) }
    }

    /// The short text the sheet shows under the title.
    public var lead: MarkdownContent { summary ?? body }

    /// Everything the section says: its summary, then its body.
    public var content: MarkdownContent {
        guard let summary else { return body }
        return summary + body
    }

    /// The plain text of each top-level list item in the body.
    public var items: [String] { body.items }

    /// Whether the row is one list and nothing else (no summary): such a row reads as its
    /// ``items``, one per line, in the formats that show plain text.
    package var isOneList: Bool { summary == nil && body.blocks.count == 1 && body.blocks[0].isList }
}

extension Section {
    /// What few rows have: front matter's less common keys, and where a gathered row's items
    /// came from. A section keeps them out of line, so a changelog of a million rows carries a
    /// word for them in each, not 140 bytes.
    public struct Facts: Sendable, Hashable {
        /// Front matter's `image`: the name of an image in the app's own assets, which an app
        /// draws in place of a symbol; the other formats show the row's icon.
        public var image: String?
        /// Front matter's `link`: an address the row links to.
        public var link: String?
        /// Front matter's `id`: a stable identifier, which translations match on.
        public var id: String?
        /// In a sheet shown in a locale, the locale its title and summary are in (the
        /// original's where the translation lacks the section). Nil when no locale was asked for.
        public var locale: String?
        /// Front matter's `priority`: featured rows with a higher one come first when a size
        /// family has room for only some rows.
        public var priority: Int?
        /// Front matter's `audience`: who the row is for (`beta`, `pro`); empty for everyone.
        public var audiences: [String] = []
        /// Front matter's `platforms`: where the row applies (`ios`, `macos`); empty for all.
        public var platforms: [String] = []
        /// Items gathered here from a row of another kind (a dependency update listed under
        /// Features), by the item's line: the kind the notes gave them, which the version follows.
        public var itemKinds: [Int: SectionKind] = [:]
        /// Where front matter names the icon, the colour, the audience and the platforms, for
        /// diagnostics.
        package var iconPosition: TextPosition?
        package var imagePosition: TextPosition?
        package var colorPosition: TextPosition?
        package var audiencePosition: TextPosition?
        package var platformsPosition: TextPosition?

        /// No facts: what a section has until front matter or gathering gives it some.
        public init() {}

        /// No facts, made once: what a row without any reads its facts from.
        @usableFromInline static let none = Facts()

        init(link: String?, id: String?) {
            self.link = link
            self.id = id
        }
    }
}

/// An immutable box, compared by what it holds: a section changes its rare facts by replacing it.
@usableFromInline
final class FactsBox: Sendable, Hashable {
    @usableFromInline let facts: Section.Facts

    @usableFromInline init(_ facts: Section.Facts) { self.facts = facts }

    @usableFromInline static func == (lhs: FactsBox, rhs: FactsBox) -> Bool { lhs === rhs || lhs.facts == rhs.facts }

    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(facts) }
}
