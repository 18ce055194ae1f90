/// One row of the sheet: icon · title · summary.
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
    /// Front matter's `link`: an address the row links to.
    public var link: String? {
        get { rare?.facts.link }
        set { updateRare { $0.link = newValue } }
    }
    /// Front matter's `id`: a stable identifier, which translations match on.
    public var id: String? {
        get { rare?.facts.id }
        set { updateRare { $0.id = newValue } }
    }
    /// The line of the heading or of the front matter's opening `---`.
    public var line: Int
    /// In a sheet shown in a locale, the locale its title and summary are in (the original's
    /// where the translation lacks the section). Nil when no locale was asked for.
    public var locale: String? {
        get { rare?.facts.locale }
        set { updateRare { $0.locale = newValue } }
    }
    /// Front matter's `priority`: featured rows with a higher one come first when a size family
    /// has room for only some rows.
    public var priority: Int? {
        get { rare?.facts.priority }
        set { updateRare { $0.priority = newValue } }
    }
    /// Front matter's `audience` and `platforms`: who and where the row is for; empty for all.
    public var audiences: [String] {
        get { rare?.facts.audiences ?? [] }
        set { updateRare { $0.audiences = newValue } }
    }
    /// Front matter's `platforms`: where the row applies (`ios`, `macos`); empty for all.
    public var platforms: [String] {
        get { rare?.facts.platforms ?? [] }
        set { updateRare { $0.platforms = newValue } }
    }
    /// The glyph and colour the sheet shows, once the icon catalog has resolved them.
    public var appearance = SectionAppearance()
    /// Items gathered here from a row of another kind (a dependency update listed under
    /// Features), by the item's line: the kind the notes gave them, which the version follows.
    public var itemKinds: [Int: SectionKind] {
        get { rare?.facts.itemKinds ?? [:] }
        set { updateRare { $0.itemKinds = newValue } }
    }
    /// Where front matter names the icon and the colour, for diagnostics.
    package var iconPosition: TextPosition? {
        get { rare?.facts.iconPosition }
        set { updateRare { $0.iconPosition = newValue } }
    }
    package var colorPosition: TextPosition? {
        get { rare?.facts.colorPosition }
        set { updateRare { $0.colorPosition = newValue } }
    }
    package var audiencePosition: TextPosition? {
        get { rare?.facts.audiencePosition }
        set { updateRare { $0.audiencePosition = newValue } }
    }
    package var platformsPosition: TextPosition? {
        get { rare?.facts.platformsPosition }
        set { updateRare { $0.platformsPosition = newValue } }
    }

    /// What few rows have, out of line (nil when none is set): a changelog of a million rows
    /// carries a word for them in each, not 140 bytes.
    private var rare: RareFactsBox?

    private mutating func updateRare(_ change: (inout RareFacts) -> Void) {
        var facts = rare?.facts ?? RareFacts()
        change(&facts)
        rare = facts == RareFacts() ? nil : RareFactsBox(facts)
    }

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
        if link != nil || id != nil { rare = RareFactsBox(RareFacts(link: link, id: id)) }
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

/// The facts of a section that few rows have: front matter's and gathered items'.
private struct RareFacts: Sendable, Hashable {
    var link: String?
    var id: String?
    var locale: String?
    var priority: Int?
    var audiences: [String] = []
    var platforms: [String] = []
    var itemKinds: [Int: SectionKind] = [:]
    var iconPosition: TextPosition?
    var colorPosition: TextPosition?
    var audiencePosition: TextPosition?
    var platformsPosition: TextPosition?
}

/// An immutable box, compared by what it holds: a section changes its rare facts by replacing it.
private final class RareFactsBox: Sendable, Hashable {
    let facts: RareFacts

    init(_ facts: RareFacts) { self.facts = facts }

    static func == (lhs: RareFactsBox, rhs: RareFactsBox) -> Bool { lhs === rhs || lhs.facts == rhs.facts }

    func hash(into hasher: inout Hasher) { hasher.combine(facts) }
}
