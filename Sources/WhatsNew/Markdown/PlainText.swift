/// Markdown flattened to the words a reader sees: no markup, links as their text.
///
/// Written into one byte buffer rather than joined from a string per block: JSON asks for
/// the plain text of every section and every item.
public enum PlainText {
    public static func of(_ inlines: [Inline]) -> String {
        var output = ByteWriter()
        append(inlines, to: &output)
        return output.text
    }

    /// Blocks separated by a blank line, list items by a line break.
    public static func of(_ blocks: [Block]) -> String {
        var output = ByteWriter()
        append(blocks, separator: "\n\n", to: &output)
        return output.text
    }

    public static func of(_ item: ListItem) -> String {
        var output = ByteWriter()
        append(item.blocks, separator: "\n", to: &output)
        return output.text
    }

    /// Nil for blocks with no text of their own (raw HTML, a thematic break).
    public static func of(_ block: Block) -> String? {
        var output = ByteWriter()
        return append(block, to: &output) ? output.text : nil
    }

    /// The blocks that have text, `separator` between them.
    private static func append(_ blocks: [Block], separator: StaticString, to output: inout ByteWriter) {
        var wroteAny = false
        for block in blocks {
            let mark = output.bytes.count
            if wroteAny { output.write(separator) }
            let start = output.bytes.count
            if append(block, to: &output), output.bytes.count > start {
                wroteAny = true
            } else {
                output.truncate(to: mark)
            }
        }
    }

    /// Whether the block has text of its own (even if empty).
    private static func append(_ block: Block, to output: inout ByteWriter) -> Bool {
        switch block.content {
        case .paragraph(let inlines), .heading(_, let inlines):
            append(inlines, to: &output)
        case .list(let list):
            for (index, item) in list.items.enumerated() {
                if index > 0 { output.write(byte: UInt8(ascii: "\n")) }
                append(item.blocks, separator: "\n", to: &output)
            }
        case .blockQuote(let blocks):
            append(blocks, separator: "\n\n", to: &output)
        case .codeBlock(_, let code):
            output.write(code.utf8.last == UInt8(ascii: "\n") ? Substring(code.utf8.dropLast()) : Substring(code))
        case .html, .thematicBreak:
            return false
        }
        return true
    }

    private static func append(_ inlines: [Inline], to output: inout ByteWriter) {
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text): output.write(text)
            case .emphasis(let children), .strong(let children), .link(_, _, let children),
                .image(_, _, let children):
                append(children, to: &output)
            case .softBreak: output.write(byte: UInt8(ascii: " "))
            case .lineBreak: output.write(byte: UInt8(ascii: "\n"))
            case .html: break
            }
        }
    }
}
