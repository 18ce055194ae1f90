/// The Markdown that fills one place in the sheet: a summary, a section body.
public struct MarkdownContent: Sendable, Hashable {
    /// The top-level blocks, in order.
    public var blocks: [Block]

    /// Content of the given blocks; empty unless given.
    public init(blocks: [Block] = []) {
        self.blocks = blocks
    }

    /// Whether there is no block at all.
    public var isEmpty: Bool { blocks.isEmpty }

    /// The plain text of every top-level list item.
    public var items: [String] {
        var items: [String] = []
        for block in blocks {
            guard case .list(let list) = block.content else { continue }
            items.reserveCapacity(items.count + list.items.count)
            for item in list.items { items.append(PlainText.of(item)) }
        }
        return items
    }

    /// The top-level list items `moves` picks, taken out, and the blocks left (a list left
    /// empty goes): how rows hand items to another row (dependency updates, breaking changes).
    package func splittingItems(where moves: (ListItem) -> Bool) -> (kept: [Block], moved: [ListItem]) {
        var kept: [Block] = []
        var moved: [ListItem] = []
        for block in blocks {
            guard case .list(var list) = block.content, list.items.contains(where: moves) else {
                kept.append(block)
                continue
            }
            moved += list.items.filter(moves)
            list.items.removeAll(where: moves)
            if !list.items.isEmpty {
                var copy = block
                copy.content = .list(list)
                kept.append(copy)
            }
        }
        return (kept, moved)
    }

    /// The text without markup, blocks separated by line breaks, for counting and for apps.
    public var plainText: String { PlainText.of(blocks) }

    /// Two pieces of content one after the other.
    static func + (lhs: MarkdownContent, rhs: MarkdownContent) -> MarkdownContent {
        MarkdownContent(blocks: lhs.blocks + rhs.blocks)
    }
}

extension Block {
    /// The block without the list items `drop` picks; nil when nothing is left of a list.
    package func removingItems(where drop: (ListItem) -> Bool) -> Block? {
        guard case .list(var list) = content else { return self }
        // Nothing to drop, as in nearly every list: the block as it is, its items shared, not copied.
        guard list.items.contains(where: drop) else { return self }
        list.items.removeAll(where: drop)
        guard !list.items.isEmpty else { return nil }
        var copy = self
        copy.content = .list(list)
        return copy
    }
}
