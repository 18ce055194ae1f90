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
            case .image(let source, let title, let alt):
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

    /// Backslashes before the characters that would start markup: everywhere for emphasis,
    /// code, links and HTML; at a line's start for headings, quotes, list markers and setext rules.
    private func escaped(_ text: String, atLineStart: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var lineStart = atLineStart
        var characters = text[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if lineStart {
                if "#>+-=".contains(character) || (character == "*") {
                    output.append("\\")
                } else if character.isASCII && character.isNumber {
                    // `1.` or `1)` at a line's start is an ordered list.
                    let digits = characters.prefix { $0.isASCII && $0.isNumber }
                    let after = characters.dropFirst(digits.count).first
                    if after == "." || after == ")" {
                        output.append(character)
                        output += digits
                        output.append("\\")
                        characters = characters.dropFirst(digits.count)
                        lineStart = false
                        continue
                    }
                }
            }
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<":
                output.append("\\")
            case "!" where characters.first == "[":
                output.append("\\")
            case "&" where characters.first.map { $0.isLetter || $0 == "#" } ?? false:
                output.append("\\")
            default:
                break
            }
            output.append(character)
            lineStart = character == "\n"
        }
        return output
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
