/// One change's release note: a Markdown file in `.changes/` whose front matter names its kind.
///
/// With a `title` it is a featured row of its own, like a curated front-matter section; without
/// one its body is an item under its kind's row.
public struct Fragment: Sendable {
    /// The path as the fragment was found.
    public var path: String
    /// The file's name, which starts with the time it was written: the order within a row.
    public var name: String
    public var kind: ChangeKind
    public var title: String?
    /// The icon as written; the catalog resolves it.
    public var icon: String?
    /// A named system colour or `#RRGGBB`, as written.
    public var color: String?
    /// A featured row's summary, as Markdown.
    public var summary: String?
    public var link: String?
    public var id: String?
    public var references: [ChangeReference]
    /// `breaking: true`: listed under breaking changes, whatever its kind.
    public var isBreaking: Bool
    public var body: FragmentBody
    /// Where the front matter names things, for diagnostics.
    var positions: [String: TextPosition] = [:]

    public var isFeatured: Bool { title != nil }
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

    /// The text of a file line, when it is one of the body's.
    func line(_ number: Int) -> String? {
        let index = number - firstLine
        return lines.indices.contains(index) ? lines[index] : nil
    }
}
