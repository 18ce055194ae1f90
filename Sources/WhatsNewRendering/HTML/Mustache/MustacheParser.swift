import WhatsNewModel

/// Parses Mustache (the spec's interpolation, sections, inverted sections, comments,
/// partials and set delimiters; no lambdas or inheritance) into a `MustacheTemplate`.
///
/// Tags alone on their line — sections, comments, partials, delimiters — take the line with
/// them, as the spec asks, so templates can be laid out readably without blank lines in the
/// output.
struct MustacheParser {
    private let source: [UInt8]
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)

    static let maximumDepth = 100

    init(_ text: String) { source = Array(text.utf8) }

    /// The spec's partial indentation: `indentation` before every line of `text`.
    static func indenting(_ text: String, by indentation: String) -> String {
        guard !indentation.isEmpty, !text.isEmpty else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The empty piece after a final newline is not a line of its own.
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        return lines.map { indentation + $0 }.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    private struct OpenSection {
        var path: MustacheTemplate.Path
        var name: String
        var inverted: Bool
        var start: Int
        var outer: [MustacheTemplate.Node]
    }

    mutating func parse() throws(MustacheSyntaxError) -> MustacheTemplate {
        var nodes: [MustacheTemplate.Node] = []
        var sections: [OpenSection] = []
        var position = 0
        var textStart = 0
        while let tagStart = find(open, from: position) {
            var contentStart = tagStart + open.count
            var closing = close
            let isTriple = open == Array("{{".utf8) && byte(at: contentStart) == UInt8(ascii: "{")
            if isTriple {
                closing = Array("}}}".utf8)
                contentStart += 1
            }
            guard let contentEnd = find(closing, from: contentStart) else {
                throw error("this tag is never closed with `\(String(decoding: closing, as: UTF8.self))`", at: tagStart)
            }
            let tagEnd = contentEnd + closing.count
            var sigil = isTriple ? UInt8(ascii: "&") : byte(at: contentStart) ?? 0
            var nameStart = contentStart
            if !isTriple, "#^/!>=&<$".utf8.contains(sigil) {
                nameStart += 1
            } else if !isTriple {
                sigil = 0
            }
            var content = String(decoding: source[nameStart..<contentEnd], as: UTF8.self)
            content = content.trimmingCharacters(from: " \t\r\n")

            // A block tag alone on its line takes the whole line, newline included.
            let lineStart = (source[..<tagStart].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            var standaloneEnd: Int?
            if "#^/!>=".utf8.contains(sigil), source[lineStart..<tagStart].allSatisfy(Self.isBlank) {
                var after = tagEnd
                while let next = byte(at: after), Self.isBlank(next) { after += 1 }
                if after == source.count {
                    standaloneEnd = after
                } else if source[after] == UInt8(ascii: "\n") {
                    standaloneEnd = after + 1
                } else if source[after] == UInt8(ascii: "\r"), byte(at: after + 1) == UInt8(ascii: "\n") {
                    standaloneEnd = after + 2
                }
            }
            let textEnd = standaloneEnd == nil ? tagStart : lineStart
            if textStart < textEnd {
                nodes.append(.text(String(decoding: source[textStart..<textEnd], as: UTF8.self)))
            }
            position = standaloneEnd ?? tagEnd
            textStart = position

            if sigil != UInt8(ascii: "!"), sigil != UInt8(ascii: "="), content.isEmpty {
                throw error("this tag names nothing", at: tagStart)
            }
            let path: MustacheTemplate.Path =
                content == "." ? [] : content.split(separator: ".").map { TemplateKey(String($0)) }
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                // Rendering recurses once per level; a limit keeps any template within the stack.
                guard sections.count < Self.maximumDepth else {
                    throw error("sections nest more than \(Self.maximumDepth) deep", at: tagStart)
                }
                sections.append(
                    OpenSection(
                        path: path, name: content, inverted: sigil == UInt8(ascii: "^"), start: tagStart, outer: nodes))
                nodes = []
            case UInt8(ascii: "/"):
                guard let section = sections.popLast() else {
                    throw error("`{{/\(content)}}` closes a section that was never opened", at: tagStart)
                }
                guard section.name == content else {
                    throw error("`{{/\(content)}}` closes `{{#\(section.name)}}`, which is still open", at: tagStart)
                }
                let body = nodes
                nodes = section.outer
                nodes.append(.section(section.path, inverted: section.inverted, body))
            case UInt8(ascii: "!"):
                break
            case UInt8(ascii: ">"):
                let indentation =
                    standaloneEnd == nil ? "" : String(decoding: source[lineStart..<tagStart], as: UTF8.self)
                nodes.append(
                    .partial(content, indentation: indentation, at: TextPosition(of: tagStart, in: source)))
            case UInt8(ascii: "="):
                try setDelimiters(content, at: tagStart)
            case UInt8(ascii: "<"), UInt8(ascii: "$"):
                throw error("template inheritance (`{{<…}}`, `{{$…}}`) is not supported", at: tagStart)
            default:
                nodes.append(.value(path, escaped: sigil != UInt8(ascii: "&")))
            }
        }
        if textStart < source.count {
            nodes.append(.text(String(decoding: source[textStart...], as: UTF8.self)))
        }
        if let unclosed = sections.last {
            throw error("`{{#\(unclosed.name)}}` is never closed", at: unclosed.start)
        }
        return MustacheTemplate(nodes: nodes)
    }

    /// `{{=<% %>=}}`: two new delimiters, without spaces or `=` in them.
    private mutating func setDelimiters(_ content: String, at offset: Int) throws(MustacheSyntaxError) {
        let parts = content.hasSuffix("=") ? content.dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" }) : []
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error("a delimiter change is written `{{=<% %>=}}`", at: offset)
        }
        open = Array(parts[0].utf8)
        close = Array(parts[1].utf8)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start < source.count else { return nil }
        var index = start
        while index + needle.count <= source.count {
            if source[index] == first, source[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private func byte(at index: Int) -> UInt8? { index < source.count ? source[index] : nil }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private func error(_ message: String, at offset: Int) -> MustacheSyntaxError {
        MustacheSyntaxError(message: message, position: TextPosition(of: offset, in: source))
    }
}
