import WhatsNewModel
import WhatsNewSheet

/// Inline Markdown as styled runs for the terminal, every piece of text made safe first.
struct InlineText {
    /// Whether links may be OSC 8 hyperlinks (styling is on).
    let hyperlinks: Bool
    var links: LinkDisplay = .short

    func spans(_ inlines: [Inline], style: TextStyle = .plain) -> [Span] {
        var spans: [Span] = []
        append(inlines, style: style, to: &spans)
        return spans
    }

    private func append(_ inlines: [Inline], style: TextStyle, to spans: inout [Span]) {
        let inlines = Inline.shownInPlainText(inlines)
        for (index, inline) in inlines.enumerated() {
            switch inline {
            case .text(let text)
            where links == .short && ReferenceLink.isJoint(text)
                && isReference(inlines, at: index - 1) && isReference(inlines, at: index + 1):
                spans.append(Span(", ", style))
            case .text(let text)
            where links == .short && text.utf8.contains(UInt8(ascii: ":")) && text.contains(text: "://"):
                appendShortening(TerminalSanitizer.clean(text), style: style, to: &spans)
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
            case .link(let destination, _, let children), .image(let destination, _, let children, _):
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
        var children = children
        var text = PlainText.of(children)
        // A bare address of an issue or commit reads as its short name: `#12`, `0e11d4c`.
        if links == .short, text == destination, let name = ReferenceLink.shortName(of: destination) {
            children = [.text(name)]
            text = name
        }
        if hyperlinks, Self.isFollowable(destination), !text.isEmpty {
            var linked = style
            linked.link = destination
            linked.underline = true
            append(children, style: linked, to: &spans)
            return
        }
        if links == .short, !text.isEmpty,
            ReferenceLink.isReference(text) || ReferenceLink.isBookkeeping(destination)
                || ReferenceLink.isProfile(destination, text: text)
        {
            append(children, style: style, to: &spans)
            if !ReferenceLink.isReference(text), let name = ReferenceLink.shortName(of: destination) {
                var secondary = style
                secondary.dim = true
                spans.append(Span(" (\(name))", secondary))
            }
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

    /// Text with bare addresses in it, as GitHub's generated notes write them (`by @mira in
    /// https://github.com/o/r/pull/12`): an address of an issue or commit reads as its short
    /// name, a hyperlink where the terminal follows one.
    private func appendShortening(_ text: String, style: TextStyle, to spans: inout [Span]) {
        var rest = Substring(text)
        while let start = rest.firstRange(of: "https://") ?? rest.firstRange(of: "http://") {
            let address = rest[start.lowerBound...].prefix { !$0.isWhitespace && !"<>\"'".contains($0) }
            // Sentence punctuation after an address is not part of it.
            let trimmed = address.reversed().drop { ".,;:!?)".contains($0) }.reversed()
            let url = String(trimmed)
            guard let name = ReferenceLink.shortName(of: url) else {
                spans.append(Span(String(rest[..<address.endIndex]), style))
                rest = rest[address.endIndex...]
                continue
            }
            if start.lowerBound > rest.startIndex { spans.append(Span(String(rest[..<start.lowerBound]), style)) }
            var linked = style
            if hyperlinks {
                linked.link = url
                linked.underline = true
            }
            spans.append(Span(name, linked))
            rest = rest[rest.index(start.lowerBound, offsetBy: url.count)...]
        }
        if !rest.isEmpty { spans.append(Span(String(rest), style)) }
    }

    /// A link whose words are a reference (`#12`, `0e11d4c`), the kind plain text joins with commas.
    private func isReference(_ inlines: [Inline], at index: Int) -> Bool {
        guard inlines.indices.contains(index), case .link(let destination, _, let children) = inlines[index] else {
            return false
        }
        let text = PlainText.of(children)
        return ReferenceLink.isReference(text) || ReferenceLink.shortName(of: destination) != nil && text == destination
    }

    /// Only web and mail addresses become hyperlinks: a terminal should not open `file:` or
    /// anything stranger from a release note.
    static func isFollowable(_ destination: String) -> Bool { LinkSafety.isWebOrMail(destination) }
}
