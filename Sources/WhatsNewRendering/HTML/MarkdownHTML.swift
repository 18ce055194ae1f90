import WhatsNewModel

/// Markdown blocks as HTML, written from the model as cmark's own renderer writes them in its
/// default safe mode: raw HTML is omitted, and `javascript:`, `vbscript:`, `file:` and
/// non-image `data:` addresses are emptied. A test holds it to cmark's output byte for byte.
public enum MarkdownHTML {
    /// The blocks as HTML; with `imagesAsLinks`, each image is a link to it named by its
    /// description, for a page that must load nothing (Sparkle's release notes).
    public static func of(_ blocks: [Block], imagesAsLinks: Bool = false) -> String {
        String(decoding: bytes(of: blocks, imagesAsLinks: imagesAsLinks), as: UTF8.self)
    }

    /// The blocks as the UTF-8 bytes of their HTML.
    static func bytes(of blocks: [Block], imagesAsLinks: Bool) -> [UInt8] {
        var writer = Writer(imagesAsLinks: imagesAsLinks)
        for block in blocks { writer.write(block, inTightItem: false) }
        return writer.html
    }

    /// The content's blocks as HTML.
    public static func of(_ content: MarkdownContent, imagesAsLinks: Bool = false) -> String {
        of(content.blocks, imagesAsLinks: imagesAsLinks)
    }
}

private struct Writer {
    var html: [UInt8] = []
    let imagesAsLinks: Bool

    /// cmark's `cr`: a line break, unless the output is empty or already ends with one.
    private mutating func lineBreak() {
        if let last = html.last, last != UInt8(ascii: "\n") { html.append(UInt8(ascii: "\n")) }
    }

    /// A paragraph directly in an item of a tight list has no `<p>` of its own.
    mutating func write(_ block: Block, inTightItem: Bool) {
        switch block.content {
        case .paragraph(let inlines):
            guard !inTightItem else { return write(inlines) }
            lineBreak()
            html += "<p>".utf8
            write(inlines)
            html += "</p>\n".utf8
        case .heading(let level, let inlines):
            lineBreak()
            html += "<h\(level)>".utf8
            write(inlines)
            html += "</h\(level)>\n".utf8
        case .blockQuote(let blocks):
            lineBreak()
            html += "<blockquote>\n".utf8
            for inner in blocks { write(inner, inTightItem: false) }
            lineBreak()
            html += "</blockquote>\n".utf8
        case .list(let list):
            write(list)
        case .codeBlock(let info, let code):
            lineBreak()
            // The language is the info string's first word.
            let language = info.utf8.prefix { !MarkupText.isSpace($0) }
            if language.isEmpty {
                html += "<pre><code>".utf8
            } else {
                html += "<pre><code class=\"language-".utf8
                MarkupText.appendEscaped(String(Substring(language)), to: &html)
                html += "\">".utf8
            }
            MarkupText.appendEscaped(code, to: &html)
            html += "</code></pre>\n".utf8
        case .html:
            lineBreak()
            html += "<!-- raw HTML omitted -->".utf8
            lineBreak()
        case .thematicBreak:
            lineBreak()
            html += "<hr />\n".utf8
        }
    }

    private mutating func write(_ list: ListBlock) {
        lineBreak()
        html += (!list.isOrdered ? "<ul>\n" : list.start == 1 ? "<ol>\n" : "<ol start=\"\(list.start)\">\n").utf8
        for item in list.items {
            lineBreak()
            html += "<li>".utf8
            for block in item.blocks { write(block, inTightItem: list.isTight) }
            html += "</li>\n".utf8
        }
        html += (list.isOrdered ? "</ol>\n" : "</ul>\n").utf8
    }

    private mutating func write(_ inlines: [Inline]) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                MarkupText.appendEscaped(text, to: &html)
            case .code(let code):
                html += "<code>".utf8
                MarkupText.appendEscaped(code, to: &html)
                html += "</code>".utf8
            case .emphasis(let children):
                write(children, in: "em")
            case .strong(let children):
                write(children, in: "strong")
            case .link(let destination, let title, let children):
                html += "<a href=\"".utf8
                HTMLText.appendAddress(destination, to: &html)
                appendTitle(title)
                html += "\">".utf8
                write(children)
                html += "</a>".utf8
            case .image(let source, let title, let alt, _) where imagesAsLinks:
                html += "<a href=\"".utf8
                HTMLText.appendAddress(source, to: &html)
                appendTitle(title)
                html += "\">".utf8
                let start = html.count
                writeAlt(alt)
                if html.count == start { MarkupText.appendEscaped(source, to: &html) }
                html += "</a>".utf8
            case .image(let source, let title, let alt, let size):
                html += "<img src=\"".utf8
                HTMLText.appendAddress(source, to: &html)
                html += "\" alt=\"".utf8
                writeAlt(alt)
                appendTitle(title)
                html += "\"".utf8
                // The size the notes gave it: an 18-pixel avatar stays 18 pixels.
                if let width = size?.width { html += " width=\"\(width)\"".utf8 }
                if let height = size?.height { html += " height=\"\(height)\"".utf8 }
                html += " />".utf8
            case .softBreak:
                html += "\n".utf8
            case .lineBreak:
                html += "<br />\n".utf8
            case .html:
                html += "<!-- raw HTML omitted -->".utf8
            }
        }
    }

    private mutating func write(_ inlines: [Inline], in element: String) {
        html += "<\(element)>".utf8
        write(inlines)
        html += "</\(element)>".utf8
    }

    private mutating func appendTitle(_ title: String) {
        guard !title.isEmpty else { return }
        html += "\" title=\"".utf8
        MarkupText.appendEscaped(title, to: &html)
    }

    /// An image's description as cmark gives it: the text alone (raw HTML too, escaped), and a
    /// space for each line break.
    private mutating func writeAlt(_ inlines: [Inline]) {
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text), .html(let text): MarkupText.appendEscaped(text, to: &html)
            case .emphasis(let children), .strong(let children), .link(_, _, let children),
                .image(_, _, let children, _):
                writeAlt(children)
            case .softBreak, .lineBreak: html += " ".utf8
            }
        }
    }
}
