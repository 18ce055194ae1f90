/// The Markdown that fills one place in the sheet (a summary, a section body), with the
/// HTML cmark rendered for it.
public struct MarkdownContent: Sendable, Hashable {
    public var blocks: [Block]
    /// cmark's HTML as it came, a piece per block (and per list item, between a list's tags):
    /// shared with the parse rather than joined into a second copy of every section's HTML.
    var htmlPieces: [String]

    public init(blocks: [Block] = [], html: String = "") {
        self.blocks = blocks
        htmlPieces = html.isEmpty ? [] : [html]
    }

    init(_ sources: [SourceBlock]) {
        blocks = sources.map(\.block)
        htmlPieces = sources.flatMap(\.htmlPieces)
    }

    /// cmark's safe HTML for the blocks, or empty when HTML was not asked for.
    public var html: String {
        get { htmlPieces.count == 1 ? htmlPieces[0] : htmlPieces.joined() }
        set { htmlPieces = newValue.isEmpty ? [] : [newValue] }
    }

    /// Whether there is any HTML, without joining it.
    var hasHTML: Bool { htmlPieces.contains { !$0.isEmpty } }

    /// The HTML's length in bytes, without joining it.
    var htmlByteCount: Int { htmlPieces.reduce(0) { $0 + $1.utf8.count } }

    /// The HTML without cmark's final newline (the templates place their own), as slices of
    /// the pieces.
    var htmlTrimmingFinalNewline: [Substring] {
        var pieces = htmlPieces.map { $0[...] }
        while let last = pieces.last, last.isEmpty { pieces.removeLast() }
        // By bytes: dropping a Character walks the whole string to find the last one.
        if let last = pieces.last, last.utf8.last == UInt8(ascii: "\n") {
            pieces[pieces.count - 1] = Substring(last.utf8.dropLast())
        }
        return pieces
    }

    public var isEmpty: Bool { blocks.isEmpty }

    /// The plain text of every top-level list item.
    public var items: [String] {
        blocks.flatMap { block -> [String] in
            guard case .list(let list) = block.content else { return [] }
            return list.items.map(PlainText.of)
        }
    }

    public var plainText: String { PlainText.of(blocks) }

    /// Two pieces of content one after the other.
    static func + (lhs: MarkdownContent, rhs: MarkdownContent) -> MarkdownContent {
        var sum = lhs
        sum.blocks += rhs.blocks
        sum.htmlPieces += rhs.htmlPieces
        return sum
    }

    /// The same blocks and the same HTML, however it is cut into pieces.
    public static func == (lhs: MarkdownContent, rhs: MarkdownContent) -> Bool {
        lhs.blocks == rhs.blocks && lhs.html == rhs.html
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(blocks)
        hasher.combine(html)
    }
}

extension SourceBlock {
    /// The block's HTML in pieces; a list's items between the tags cmark wraps them in.
    var htmlPieces: [String] {
        switch html {
        case .none: return []
        case .block(let text): return [text]
        case .listItems(let items):
            guard case .list(let list) = block.content else { return items }
            let open =
                !list.isOrdered ? "<ul>\n" : list.start == 1 ? "<ol>\n" : "<ol start=\"\(list.start)\">\n"
            return [open] + items + [list.isOrdered ? "</ol>\n" : "</ul>\n"]
        }
    }

    /// The block without the list items `drop` picks, HTML included; nil when nothing is left.
    func removingItems(where drop: (ListItem) -> Bool) -> SourceBlock? {
        guard case .list(var list) = block.content else { return self }
        var itemHTML: [String]? = if case .listItems(let items) = html { items } else { nil }
        for index in list.items.indices.reversed() where drop(list.items[index]) {
            list.items.remove(at: index)
            itemHTML?.remove(at: index)
        }
        guard !list.items.isEmpty else { return nil }
        var copy = self
        copy.block.content = .list(list)
        if let itemHTML { copy.html = .listItems(itemHTML) }
        return copy
    }
}
