/// Inline Markdown as styled runs for the terminal, every piece of text made safe first.
struct InlineText {
    /// Whether links may be OSC 8 hyperlinks (styling is on).
    let hyperlinks: Bool

    func spans(_ inlines: [Inline], style: TextStyle = .plain) -> [Span] {
        var spans: [Span] = []
        append(inlines, style: style, to: &spans)
        return spans
    }

    private func append(_ inlines: [Inline], style: TextStyle, to spans: inout [Span]) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                spans.append(Span(TerminalSanitizer.clean(text), style))
            case .code(let code):
                var code_ = style
                code_.code = true
                spans.append(Span(TerminalSanitizer.clean(code), code_))
            case .emphasis(let children):
                var emphasis = style
                emphasis.italic = true
                append(children, style: emphasis, to: &spans)
            case .strong(let children):
                var strong = style
                strong.bold = true
                append(children, style: strong, to: &spans)
            case .link(let destination, _, let children), .image(let destination, _, let children):
                appendLink(to: TerminalSanitizer.clean(destination), children, style: style, spans: &spans)
            case .softBreak:
                spans.append(Span(" ", style))
            case .lineBreak:
                spans.append(Span("\n", style))
            case .html:
                // Raw HTML means nothing on a terminal, and may hide anything.
                break
            }
        }
    }

    /// A hyperlink where the terminal can follow one; otherwise the text, then the address in
    /// parentheses, or the address alone when the text is the address.
    private func appendLink(to destination: String, _ children: [Inline], style: TextStyle, spans: inout [Span]) {
        let text = PlainText.of(children)
        if hyperlinks, Self.isFollowable(destination), !text.isEmpty {
            var linked = style
            linked.link = destination
            linked.underline = true
            append(children, style: linked, to: &spans)
            return
        }
        guard !text.isEmpty else {
            spans.append(Span(destination, style))
            return
        }
        append(children, style: style, to: &spans)
        let shown = destination.hasPrefix("mailto:") ? String(destination.dropFirst(7)) : destination
        if !destination.isEmpty, text != shown, text != destination {
            var secondary = style
            secondary.dim = true
            spans.append(Span(" (\(destination))", secondary))
        }
    }

    /// Only web and mail addresses become hyperlinks: a terminal should not open `file:` or
    /// anything stranger from a release note.
    static func isFollowable(_ destination: String) -> Bool { LinkScheme.isWebOrMail(destination) }
}
