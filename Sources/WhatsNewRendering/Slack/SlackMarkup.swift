import WhatsNewModel

/// A row's Markdown as Slack's mrkdwn: paragraphs, `•` bullets (nested ones indented), code
/// in backticks, bold and italics, quotes and code blocks; every piece of the notes' text
/// escaped. Links and images keep their words and leave out their addresses: the notes are
/// untrusted, and whatsnew's own link to the full notes is the message's only link.
enum SlackMarkup {
    static func of(_ content: MarkdownContent) -> String {
        content.blocks.map { block($0, depth: 0) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private static func block(_ block: Block, depth: Int) -> String {
        switch block.content {
        case .paragraph(let inlines), .heading(_, let inlines):
            return Self.inlines(inlines)
        case .list(let list):
            let indent = String(repeating: "    ", count: depth)
            return list.items.enumerated().map { index, item in
                let marker = list.isOrdered ? "\(list.start + index)." : (depth == 0 ? "•" : "◦")
                let text = item.blocks.filter { !$0.isList }.map { Self.block($0, depth: depth + 1) }
                let nested = item.blocks.filter(\.isList).map { Self.block($0, depth: depth + 1) }
                return ([indent + marker + " " + text.joined(separator: " ")] + nested).joined(separator: "\n")
            }.joined(separator: "\n")
        case .blockQuote(let blocks):
            return blocks.map { Self.block($0, depth: depth) }.joined(separator: "\n").split(
                separator: "\n", omittingEmptySubsequences: false
            ).map { "> " + $0 }.joined(separator: "\n")
        case .codeBlock(_, let code):
            var code = code
            while code.hasSuffix("\n") { code.removeLast() }
            return "```\n" + SlackRenderer.escaped(code.replacing("```", with: "ˋˋˋ")) + "\n```"
        case .html, .thematicBreak:
            return ""
        }
    }

    private static func inlines(_ inlines: [Inline]) -> String {
        Inline.shownInPlainText(inlines).map(inline).joined()
    }

    private static func inline(_ inline: Inline) -> String {
        switch inline {
        case .text(let text): SlackRenderer.escaped(text)
        // A backtick cannot be escaped in mrkdwn: code holding one is shown as text.
        case .code(let code): code.contains("`") ? SlackRenderer.escaped(code) : "`" + SlackRenderer.escaped(code) + "`"
        case .strong(let content): wrapped(inlines(content), in: "*")
        case .emphasis(let content): wrapped(inlines(content), in: "_")
        case .link(_, _, let content): inlines(content)
        case .image(_, _, let alt, _): inlines(alt)
        case .softBreak: " "
        case .lineBreak: "\n"
        case .html: ""
        }
    }

    /// `*bold*` only where Slack reads it as such: not around nothing or spaces.
    private static func wrapped(_ text: String, in mark: String) -> String {
        let trimmed = text.trimmingCharacters(from: " ")
        guard !trimmed.isEmpty, trimmed == text, !text.contains(mark) else { return text }
        return mark + text + mark
    }
}
