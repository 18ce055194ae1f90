/// One change's release note: a Markdown file in `.changes/` whose front matter names its kind.
///
/// With a `title` it is a featured row of its own, like a curated front-matter section; without
/// one its body is an item under its kind's row.
public struct Fragment: Sendable {
    /// The path as the fragment was found.
    public var path: String
    /// The file's name, which starts with the time it was written: the order within a row.
    public var name: String
    /// The kind of change, from `kind:`.
    public var kind: ChangeKind
    /// `title:`: the featured row's title; nil for an item under its kind's row.
    public var title: String?
    /// The icon as written; the catalog resolves it.
    public var icon: String?
    /// A named system colour or `#RRGGBB`, as written.
    public var color: String?
    /// A featured row's summary, as Markdown.
    public var summary: String?
    /// `link:`: an address the row links to.
    public var link: String?
    /// `id:`: a stable identifier for the row, which translations match on.
    public var id: String?
    /// The issues and pull requests the change names.
    public var references: [ChangeReference]
    /// `breaking: true`: listed under breaking changes, whatever its kind.
    public var isBreaking: Bool
    /// The Markdown under the front matter.
    public var body: FragmentBody
    /// `packages:`: the packages whose next releases hold the note, in a repository that
    /// releases several; empty otherwise.
    public var packages: [String] = []
    /// `authors:`: the people who made the change, whom the release credits in its
    /// contributors row.
    public var authors: [String] = []
    /// Whether the note is a file in the fragments folder, which a release removes; false for
    /// one drafted from a commit or made by the release itself.
    package var isFile = true
    /// Where the front matter names things, for diagnostics.
    package var positions: [FrontMatterKey: TextPosition] = [:]

    /// Whether the fragment is a featured row of its own (it has a title).
    public var isFeatured: Bool { title != nil }

    package init(
        path: String, name: String, kind: ChangeKind, title: String?, icon: String?, color: String?, summary: String?,
        link: String?, id: String?, references: [ChangeReference], isBreaking: Bool, body: FragmentBody,
        positions: [FrontMatterKey: TextPosition]
    ) {
        self.path = path
        self.name = name
        self.kind = kind
        self.title = title
        self.icon = icon
        self.color = color
        self.summary = summary
        self.link = link
        self.id = id
        self.references = references
        self.isBreaking = isBreaking
        self.body = body
        self.positions = positions
    }
}

/// The Markdown under a fragment's front matter: its lines as written and as cmark reads them.
public struct FragmentBody: Sendable {
    /// From the first line with text to the last, without line endings.
    public var lines: [String]
    /// The file's line number of `lines[0]`.
    public var firstLine: Int
    /// cmark's blocks, numbered by the file's lines.
    public var blocks: [Block]

    /// Nothing a reader would see: no blocks, or only comments and separators.
    public var isEmpty: Bool { !blocks.contains(where: \.isContent) }

    package init(lines: [String], firstLine: Int, blocks: [Block]) {
        self.lines = lines
        self.firstLine = firstLine
        self.blocks = blocks
    }

    /// The text of a file line, when it is one of the body's.
    package func line(_ number: Int) -> String? {
        let index = number - firstLine
        return lines.indices.contains(index) ? lines[index] : nil
    }
}
