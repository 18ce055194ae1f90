/// The Markdown that fills one place in the sheet (a summary, a section body), with the
/// HTML cmark rendered for it.
public struct MarkdownContent: Sendable, Hashable {
    public var blocks: [Block]
    /// cmark's safe HTML for the blocks, or empty when HTML was not asked for.
    public var html: String

    public init(blocks: [Block] = [], html: String = "") {
        self.blocks = blocks
        self.html = html
    }

    init(_ sources: [SourceBlock]) {
        self.init(blocks: sources.map(\.block), html: sources.map(\.renderedHTML).joined())
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
        MarkdownContent(blocks: lhs.blocks + rhs.blocks, html: lhs.html + rhs.html)
    }
}

extension SourceBlock {
    /// The block's HTML; a list is wrapped around its items the way cmark wraps them.
    var renderedHTML: String {
        switch html {
        case .none: return ""
        case .block(let text): return text
        case .listItems(let items):
            guard case .list(let list) = block.content else { return items.joined() }
            let open =
                !list.isOrdered ? "<ul>\n" : list.start == 1 ? "<ol>\n" : "<ol start=\"\(list.start)\">\n"
            return open + items.joined() + (list.isOrdered ? "</ol>\n" : "</ul>\n")
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
