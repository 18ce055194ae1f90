/// Writes the model's blocks back out as CommonMark (with GitHub's reading in mind): reference
/// links become inline links, text is escaped where it would otherwise turn into markup, and
/// nothing of the content is dropped.
package struct MarkdownWriter {
    /// The shallowest heading level a heading inside a section body is written at, so it stays
    /// below the section headings around it.
    package var minimumHeadingLevel = 4

    package init() {}

    package func blocks(_ blocks: [Block], tight: Bool = false) -> String {
        blocks.map(block).filter { !$0.isEmpty }.joined(separator: tight ? "\n" : "\n\n")
    }

    package func block(_ block: Block) -> String {
        switch block.content {
        case .paragraph(let inlines):
            return inline(inlines)
        case .heading(let level, let inlines):
            return String(repeating: "#", count: min(6, max(minimumHeadingLevel, level))) + " " + inline(inlines)
        case .list(let list):
            return self.list(list)
        case .blockQuote(let blocks):
            return prefixed(self.blocks(blocks), first: "> ", rest: "> ", blank: ">")
        case .codeBlock(let info, let code):
            let longest = Self.longestRun(of: "`", in: code)
            let fence = String(repeating: "`", count: max(3, longest + 1))
            let body = code.hasSuffix("\n") ? code : code + "\n"
            return fence + info + "\n" + body + fence
        case .html(let html):
            return html.hasSuffix("\n") ? String(html.dropLast()) : html
        case .thematicBreak:
            return "---"
        }
    }

    private func list(_ list: ListBlock) -> String {
        list.items.enumerated().map { index, item in
            let marker = list.isOrdered ? "\(list.start + index)." : "-"
            let indent = String(repeating: " ", count: marker.count + 1)
            let content = blocks(item.blocks, tight: list.isTight)
            guard !content.isEmpty else { return marker }
            return prefixed(content, first: marker + " ", rest: indent, blank: "")
        }.joined(separator: list.isTight ? "\n" : "\n\n")
    }

    /// Every line of `text` behind a prefix; blank lines get `blank` so a quote stays one quote.
    private func prefixed(_ text: String, first: String, rest: String, blank: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            line.isEmpty ? blank : (index == 0 ? first : rest) + line
        }.joined(separator: "\n")
    }

    package func inline(_ inlines: [Inline]) -> String {
        var output = ""
        append(inlines, to: &output)
        return output
    }

    private func append(_ inlines: [Inline], to output: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                output += escaped(text, atLineStart: output.isEmpty || output.hasSuffix("\n"))
            case .code(let code):
                let fence = String(repeating: "`", count: Self.longestRun(of: "`", in: code) + 1)
                let pad = code.hasPrefix("`") || code.hasSuffix("`") || (code.hasPrefix(" ") && code.hasSuffix(" "))
                output += fence + (pad ? " " : "") + code + (pad ? " " : "") + fence
            case .emphasis(let children):
                output += "*"
                append(children, to: &output)
                output += "*"
            case .strong(let children):
                output += "**"
                append(children, to: &output)
                output += "**"
            case .link(let destination, let title, let children):
                output += "["
                append(children, to: &output)
                output += "](" + Self.destination(destination) + Self.title(title) + ")"
            case .image(let source, let title, let alt, _):
                output += "!["
                append(alt, to: &output)
                output += "](" + Self.destination(source) + Self.title(title) + ")"
            case .softBreak:
                output += "\n"
            case .lineBreak:
                output += "\\\n"
            case .html(let html):
                output += html
            }
        }
    }

    /// Plain text as Markdown that reads back as that text, its `code spans` kept as code:
    /// how words from outside (a commit's subject) become a note.
    package static func text(keepingCode text: String) -> String {
        var output = ""
        var rest = Substring(text)
        var atLineStart = true
        while let open = rest.firstIndex(of: "`") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "`"), close > after.startIndex else { break }
            output += MarkdownWriter().escaped(String(rest[..<open]), atLineStart: atLineStart)
            output += rest[open...close]
            atLineStart = false
            rest = after[after.index(after: close)...]
        }
        return output + MarkdownWriter().escaped(String(rest), atLineStart: atLineStart)
    }

    /// Backslashes before the characters that would start markup: everywhere for emphasis,
    /// code, links and HTML; at a line's start for headings, quotes, list markers and setext rules.
    /// Read as bytes, as cmark reads them (every such character is ASCII): by characters it cost
    /// a tenth of a long Markdown sheet.
    private func escaped(_ text: String, atLineStart: Bool) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        let backslash = UInt8(ascii: "\\")
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        var lineStart = atLineStart
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // A marker at a line's start is escaped here, once, and not again below.
            let isLineStartMarker = lineStart && Self.lineStartMarkers.contains(byte)
            if isLineStartMarker {
                output.append(backslash)
            } else if lineStart, isDigit(byte) {
                // `1.` or `1)` at a line's start is an ordered list.
                var end = index + 1
                while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")") {
                    output += bytes[index..<end]
                    output.append(backslash)
                    index = end
                    lineStart = false
                    continue
                }
            }
            let next = index + 1 < bytes.count ? bytes[index + 1] : nil
            switch byte {
            case _ where isLineStartMarker:
                break
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                UInt8(ascii: "]"), UInt8(ascii: "<"):
                output.append(backslash)
            case UInt8(ascii: "!") where next == UInt8(ascii: "["):
                output.append(backslash)
            case UInt8(ascii: "&") where next.map { Self.mayStartEntity($0, rest: bytes[(index + 1)...]) } ?? false:
                output.append(backslash)
            default:
                break
            }
            output.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// What starts a heading, quote, list item or setext rule at a line's start.
    private static let lineStartMarkers: [UInt8] = Array("#>+-=*".utf8)

    /// Whether `&` before `rest` (which starts with `byte`) could start an entity: `#` or a
    /// letter, in any script.
    private static func mayStartEntity(_ byte: UInt8, rest: ArraySlice<UInt8>) -> Bool {
        guard byte >= 0x80 else {
            return byte == UInt8(ascii: "#") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }
        return String(decoding: rest, as: UTF8.self).first?.isLetter ?? false
    }

    package static func destination(_ url: String) -> String {
        let needsBrackets =
            url.isEmpty || url.contains { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" }
        guard needsBrackets else { return url }
        return "<" + url.replacing("<", with: "%3C").replacing(">", with: "%3E") + ">"
    }

    private static func title(_ title: String) -> String {
        title.isEmpty ? "" : " \"" + title.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0
        var current = 0
        for each in text {
            current = each == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
