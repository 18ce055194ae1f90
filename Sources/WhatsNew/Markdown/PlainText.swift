/// Markdown flattened to the words a reader sees: no markup, links as their text.
public enum PlainText {
    public static func of(_ inlines: [Inline]) -> String {
        var output = ""
        append(inlines, to: &output)
        return output
    }

    /// Blocks separated by a blank line, list items by a line break.
    public static func of(_ blocks: [Block]) -> String {
        blocks.compactMap(of).filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    public static func of(_ item: ListItem) -> String {
        item.blocks.compactMap(of).filter { !$0.isEmpty }.joined(separator: "\n")
    }

    public static func of(_ block: Block) -> String? {
        switch block.content {
        case .paragraph(let inlines), .heading(_, let inlines): of(inlines)
        case .list(let list): list.items.map(of).joined(separator: "\n")
        case .blockQuote(let blocks): of(blocks)
        case .codeBlock(_, let code): code.hasSuffix("\n") ? String(code.dropLast()) : code
        case .html, .thematicBreak: nil
        }
    }

    private static func append(_ inlines: [Inline], to output: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text): output += text
            case .emphasis(let children), .strong(let children), .link(_, _, let children),
                .image(_, _, let children):
                append(children, to: &output)
            case .softBreak: output += " "
            case .lineBreak: output += "\n"
            case .html: break
            }
        }
    }
}
