import WhatsNewModel

/// The pre-pass: finds front-matter blocks and blanks their lines, so cmark never sees the
/// YAML but still counts the file's own line numbers.
///
/// It reads lines, not Markdown: a block opens at a `---` line on line 1, or after a blank
/// line or an ATX heading, when the next line starts with a known key. It knows just enough
/// Markdown to leave `---` alone inside fenced code and HTML comments.
package struct FrontMatterSplitter {
    struct Result {
        /// The input with every front-matter line emptied (line endings kept).
        var markdown: [UInt8]
        var blocks: [FrontMatterBlock]
        var diagnostics: [Diagnostic]
        /// The lines of `markdown`.
        var lines: [SourceLines.Line] = []
    }

    let path: String

    package init(path: String) {
        self.path = path
    }

    func split(_ bytes: [UInt8]) -> Result {
        let lines = SourceLines.lines(of: bytes)
        var blocks: [FrontMatterBlock] = []
        var lifted: [ClosedRange<Int>] = []  // indices into `lines`, fences included
        var diagnostics: [Diagnostic] = []
        var context = LineContext()
        var lastClosing = 0  // the line number of the last block's closing `---`; 0 before any
        var next = 0  // the index of the next line to read
        while next < lines.count {
            let position = next
            next += 1
            let opening = lines[position]
            let text = bytes[opening.content]
            let wasPlain = context.isPlain
            context.advance(over: text)
            // A `---` opens a block when a known key follows it, and it stands first, after the
            // last block, after a blank line or after a heading. On line 1 any YAML key will do:
            // docs sites put their own (`toc_depth: 2`, `hide:`) there, and lint names them.
            guard wasPlain, context.isPlain, Self.isFence(text), next < lines.count else { continue }
            let firstKey = Self.leadingKey(bytes[lines[next].content])
            guard firstKey != nil || (position == 0 && Self.opensWithYAMLKey(bytes[lines[next].content])),
                position == 0 || lines[position - 1].number == lastClosing
                    || Self.opensBlockAfter(bytes[lines[position - 1].content])
            else { continue }
            guard let closing = lines[next...].firstIndex(where: { Self.isFence(bytes[$0.content]) }) else {
                diagnostics.append(unclosed(at: opening.number))
                continue
            }
            let yaml = lines[next..<closing].map { String(decoding: bytes[$0.content], as: UTF8.self) }
            let role: FrontMatterBlock.Role =
                if position == 0 && !(firstKey?.isSectionOnly ?? false) {
                    .sheet
                } else if firstKey?.opensReleaseBlock == true { .release } else { .section }
            blocks.append(
                FrontMatterBlock(
                    role: role, openingLine: opening.number, closingLine: lines[closing].number,
                    yaml: yaml.joined(separator: "\n")))
            lifted.append(position...closing)
            lastClosing = lines[closing].number
            next = closing + 1
        }
        // Blanked lines keep their endings but not their offsets: the lines are counted again.
        let markdown = Self.blanking(lifted, of: lines, in: bytes)
        return Result(
            markdown: markdown, blocks: blocks, diagnostics: diagnostics,
            lines: lifted.isEmpty ? lines : SourceLines.lines(of: markdown))
    }

    /// The block a file that must open with front matter (a fragment) opens with: nil when its
    /// first line is no `---`, the unclosed-block diagnostic when no `---` line closes it.
    package func leadingBlock(of bytes: [UInt8], lines: [SourceLines.Line]) -> Swift.Result<
        FrontMatterBlock, Diagnostic
    >? {
        guard let first = lines.first, Self.isFence(bytes[first.content]) else { return nil }
        guard let closing = lines.dropFirst().firstIndex(where: { Self.isFence(bytes[$0.content]) }) else {
            return .failure(unclosed(at: first.number))
        }
        let yaml = lines[1..<closing].map { String(decoding: bytes[$0.content], as: UTF8.self) }
        return .success(
            FrontMatterBlock(
                role: .section, openingLine: first.number, closingLine: lines[closing].number,
                yaml: yaml.joined(separator: "\n")))
    }

    /// A block opened on `line` that no `---` line closes.
    func unclosed(at line: Int) -> Diagnostic {
        Diagnostic(
            .frontMatterUnclosed, at: SourceLocation(path: path, line: line, column: 1),
            "front matter opened here is never closed with a `---` line")
    }

    /// The bytes with the lifted lines emptied, their line endings kept.
    private static func blanking(_ lifted: [ClosedRange<Int>], of lines: [SourceLines.Line], in bytes: [UInt8])
        -> [UInt8]
    {
        guard !lifted.isEmpty else { return bytes }
        var markdown: [UInt8] = []
        markdown.reserveCapacity(bytes.count)
        var next = 0
        for block in lifted {
            markdown += bytes[next..<lines[block.lowerBound].whole.lowerBound]
            for line in lines[block] { markdown += bytes[line.content.upperBound..<line.whole.upperBound] }
            next = lines[block.upperBound].whole.upperBound
        }
        markdown += bytes[next...]
        return markdown
    }

    /// A line of exactly `---`, allowing trailing spaces.
    static func isFence(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "-") else { return false }  // most lines, looked at once
        let trimmed = text.trimmingTrailingSpaces()
        return trimmed.count == 3 && trimmed.allSatisfy { $0 == UInt8(ascii: "-") }
    }

    /// The known key a line starts with (`key:` then a space or the line end), if any.
    static func leadingKey(_ text: ArraySlice<UInt8>) -> FrontMatterKey? {
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let after = text.index(after: colon)
        guard after == text.endIndex || text[after] == UInt8(ascii: " ") || text[after] == UInt8(ascii: "\t") else {
            return nil
        }
        return FrontMatterKey(opening: String(decoding: text[text.startIndex..<colon], as: UTF8.self))
    }

    /// `name:` or `toc_depth: 2`: a YAML key of letters, digits, `_` and `-`, then a colon.
    static func opensWithYAMLKey(_ text: ArraySlice<UInt8>) -> Bool {
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon > text.startIndex,
            let first = text.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20)
        else { return false }
        let after = text.index(after: colon)
        guard after == text.endIndex || text[after] == UInt8(ascii: " ") else { return false }
        return text[..<colon].allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// A blank line or an ATX heading may stand before a block; anything else makes `---` Markdown.
    static func opensBlockAfter(_ previous: ArraySlice<UInt8>) -> Bool {
        previous.trimmingLeadingSpaces(upTo: 3).trimmingTrailingSpaces().isEmpty || previous.opensATXHeading
    }
}

/// Tracks whether a line sits inside fenced code or an HTML comment, where `---` is content.
struct LineContext {
    private var fence: (marker: UInt8, length: Int)?
    private var inComment = false

    var isPlain: Bool { fence == nil && !inComment }

    private static let commentOpening = Array("<!--".utf8)

    mutating func advance(over text: ArraySlice<UInt8>) {
        let trimmed = text.trimmingLeadingSpaces(upTo: 3)
        if let open = fence {
            let run = trimmed.prefix { $0 == open.marker }.count
            if run >= open.length, trimmed.dropFirst(run).trimmingTrailingSpaces().isEmpty { fence = nil }
            return
        }
        if inComment {
            if text.containsSequence("-->") { inComment = false }
            return
        }
        if let marker = trimmed.first, marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") {
            let run = trimmed.prefix { $0 == marker }.count
            if run >= 3 { fence = (marker, run) }
        } else if trimmed.first == UInt8(ascii: "<"), trimmed.starts(with: Self.commentOpening) {
            inComment = !trimmed.dropFirst(4).containsSequence("-->")
        }
    }
}

extension ArraySlice<UInt8> {
    func trimmingTrailingSpaces() -> ArraySlice<UInt8> {
        var end = endIndex
        while end > startIndex, self[end - 1] == UInt8(ascii: " ") || self[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return self[startIndex..<end]
    }

    func trimmingLeadingSpaces(upTo limit: Int) -> ArraySlice<UInt8> {
        // Counted by index: every line of the file comes here, and nested prefixes cost more.
        var index = startIndex
        while index < endIndex, index - startIndex < limit, self[index] == UInt8(ascii: " ") { index += 1 }
        return self[index...]
    }

    func containsSequence(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard count >= pattern.count else { return false }
        var index = startIndex
        while index + pattern.count <= endIndex {
            if self[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }
}
