/// A block of Markdown with the line it starts on.
public struct Block: Sendable, Hashable {
    /// What kind of block it is, with what it holds.
    public enum Content: Sendable, Hashable {
        /// A paragraph of inline content.
        case paragraph([Inline])
        /// An ATX or setext heading, level 1–6.
        case heading(level: Int, [Inline])
        /// A bullet or ordered list.
        case list(ListBlock)
        /// A block quote and the blocks in it.
        case blockQuote([Block])
        /// A fenced or indented code block: the fence's info string (empty when none) and the code.
        case codeBlock(info: String, code: String)
        /// Raw block HTML; renderers decide whether it may pass.
        case html(String)
        /// A thematic break (`---`).
        case thematicBreak
    }

    /// What the block is and holds.
    public var content: Content
    /// 1-based line in the input file.
    public var line: Int
    /// The block's last line, for editing the file around it; not part of what the block says,
    /// so two blocks alike in content and start are equal wherever they end.
    public var endLine: Int

    /// A block from `line` to `endLine` (the same line unless given).
    public init(_ content: Content, line: Int, endLine: Int? = nil) {
        self.content = content
        self.line = line
        self.endLine = endLine ?? line
    }

    public static func == (lhs: Block, rhs: Block) -> Bool { lhs.line == rhs.line && lhs.content == rhs.content }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(content)
        hasher.combine(line)
    }

    package var isHeading: Bool {
        if case .heading = content { return true }
        return false
    }

    /// A paragraph of nothing but inline HTML, such as an `<a id="1.2.0"></a>` anchor.
    package var isOnlyInlineHTML: Bool {
        guard case .paragraph(let inlines) = content else { return false }
        return inlines.allSatisfy { inline in
            switch inline {
            case .html, .softBreak, .lineBreak: true
            case .text(let text): text.allSatisfy(\.isWhitespace)
            default: false
            }
        }
    }

    /// A paragraph of a piece or two, such as `_2024-01-05_`: cheap to look at closely.
    package var isShortParagraph: Bool {
        guard case .paragraph(let inlines) = content else { return false }
        return inlines.count <= 3
    }

    /// Anything a reader sees: not raw HTML (anchors, comments) or a thematic break.
    package var isContent: Bool {
        switch content {
        case .html, .thematicBreak: false
        default: true
        }
    }

    package var isList: Bool {
        if case .list = content { return true }
        return false
    }
}

/// A bullet or ordered list.
public struct ListBlock: Sendable, Hashable {
    /// Whether the list is numbered.
    public var isOrdered: Bool
    /// The first number of an ordered list.
    public var start: Int
    /// A tight list has no blank lines between items; its items render without paragraphs.
    public var isTight: Bool
    /// The items, in order.
    public var items: [ListItem]

    /// A list of the given items.
    public init(isOrdered: Bool, start: Int, isTight: Bool, items: [ListItem]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

/// One item of a list: the blocks in it and where it starts.
public struct ListItem: Sendable, Hashable {
    /// The item's blocks: usually one paragraph, then any nested lists.
    public var blocks: [Block]
    /// The 1-based line the item starts on.
    public var line: Int

    /// An item of the given blocks.
    public init(blocks: [Block], line: Int) {
        self.blocks = blocks
        self.line = line
    }
}
