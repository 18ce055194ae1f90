/// Markdown flattened to the words a reader sees: no markup, links as their text.
package enum PlainText {
    package static func of(_ inlines: [Inline]) -> String {
        var text = ""
        append(inlines, to: &text)
        return text
    }

    /// Blocks separated by a blank line, list items by a line break.
    package static func of(_ blocks: [Block]) -> String { joined(blocks, separator: "\n\n") }

    package static func of(_ item: ListItem) -> String { joined(item.blocks, separator: "\n") }

    /// Nil for blocks with no text of their own (raw HTML, a thematic break).
    package static func of(_ block: Block) -> String? {
        switch block.content {
        case .paragraph(let inlines), .heading(_, let inlines):
            return of(inlines)
        case .list(let list):
            return list.items.map(of).joined(separator: "\n")
        case .blockQuote(let blocks):
            return of(blocks)
        case .codeBlock(_, let code):
            // By bytes: a final `\r\n` is one Character, and only its `\n` goes.
            return code.utf8.last == UInt8(ascii: "\n") ? String(Substring(code.utf8.dropLast())) : code
        case .html, .thematicBreak:
            return nil
        }
    }

    /// The blocks that have any text, `separator` between them.
    private static func joined(_ blocks: [Block], separator: String) -> String {
        if blocks.count == 1 { return of(blocks[0]) ?? "" }  // an item of one paragraph, mostly
        var text = ""
        for block in blocks {
            // A paragraph of images plain text leaves out (`image image`) says nothing.
            guard let own = of(block), own.contains(where: { $0 != " " }) else { continue }
            if !text.isEmpty { text += separator }
            text += own
        }
        return text
    }

    private static func append(_ inlines: [Inline], to text: inout String) {
        for inline in Inline.shownInPlainText(inlines) {
            switch inline {
            case .text(let words), .code(let words): text += words
            case .emphasis(let children), .strong(let children), .link(_, _, let children):
                append(children, to: &text)
            case .image(_, _, let children, _):
                append(children, to: &text)
            case .softBreak: text += " "
            case .lineBreak: text += "\n"
            case .html: break
            }
        }
    }
}
