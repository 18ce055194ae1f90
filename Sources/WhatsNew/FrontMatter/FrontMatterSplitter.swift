#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pre-pass: finds front-matter blocks and blanks their lines, so cmark never sees the
/// YAML but still counts the file's own line numbers.
///
/// It reads lines, not Markdown: a block opens at a `---` line on line 1, or after a blank
/// line or an ATX heading, when the next line starts with a known key. It knows just enough
/// Markdown to leave `---` alone inside fenced code and HTML comments.
struct FrontMatterSplitter {
    struct Result {
        /// The input with every front-matter line emptied (line endings kept).
        var markdown: [UInt8]
        var blocks: [FrontMatterBlock]
        var diagnostics: [Diagnostic]
    }

    let path: String

    /// Given the only copy of the bytes, the lines are emptied in place rather than in a copy
    /// of the whole file.
    func split(_ bytes: consuming [UInt8]) -> Result {
        var blocks: [FrontMatterBlock] = []
        var lifted: [LiftedLines] = []
        var diagnostics: [Diagnostic] = []
        // The line iterators share the bytes; they are gone by the end of this block, so the
        // lines are then emptied in the only copy.
        do {
            // One pass with a line of look-back and one of look-ahead: a list of every line
            // would cost more than the scan (a 10 MB file has some 200,000).
            var lines = SourceLines(bytes: copy bytes).makeIterator()
            var context = LineContext()
            var lastClosing = 0  // the line of the last block's closing `---`; 0 before any
            var previous: SourceLines.Line?
            var upcoming = lines.next()
            while let line = upcoming {
                upcoming = lines.next()
                let before = previous
                previous = line
                // Most lines of plain Markdown can neither open code or a comment nor be a `---`.
                if context.isPlain, !Self.mayChangeContext(bytes, line.content) { continue }
                let text = bytes[line.content]
                let wasPlain = context.isPlain
                context.advance(over: text)
                guard wasPlain, context.isPlain, Self.isFence(text), let first = upcoming,
                    let firstKey = Self.leadingKey(bytes[first.content]),
                    before.map({ $0.number == lastClosing || Self.opensBlockAfter(bytes[$0.content]) }) ?? true
                else { continue }
                var scan = lines
                var candidate: SourceLines.Line? = first
                while let current = candidate, !Self.isFence(bytes[current.content]) { candidate = scan.next() }
                guard let closing = candidate else {
                    diagnostics.append(
                        Diagnostic(
                            .frontMatterUnclosed, at: SourceLocation(path: path, line: line.number, column: 1),
                            "front matter opened here is never closed with a `---` line"))
                    continue
                }
                let block = Self.lift(line, first: first, rest: lines, closing: closing, in: bytes)
                let role: FrontMatterBlock.Role = line.number == 1 && !firstKey.isSectionOnly ? .sheet : .section
                blocks.append(
                    FrontMatterBlock(
                        role: role, openingLine: line.number, closingLine: closing.number, yaml: block.yaml))
                lifted.append(block.lines)
                lastClosing = closing.number
                previous = closing
                lines = scan
                upcoming = lines.next()
            }
        }
        var markdown = consume bytes
        Self.blank(lifted, in: &markdown)
        return Result(markdown: markdown, blocks: blocks, diagnostics: diagnostics)
    }

    /// Where a block's lines lie: all of them, and the line endings that stay.
    private struct LiftedLines {
        var whole: Range<Int>
        var endings: [Range<Int>]
    }

    /// The YAML between `opening` and `closing`: the lines from `first`, then on from `rest`.
    private static func lift(
        _ opening: SourceLines.Line, first: SourceLines.Line, rest: SourceLines.Iterator,
        closing: SourceLines.Line, in bytes: [UInt8]
    ) -> (yaml: String, lines: LiftedLines) {
        var yaml: [String] = []
        var endings = [opening.content.upperBound..<opening.whole.upperBound]
        var rest = rest
        var next: SourceLines.Line? = first
        while let line = next, line.number < closing.number {
            yaml.append(String(decoding: bytes[line.content], as: UTF8.self))
            endings.append(line.content.upperBound..<line.whole.upperBound)
            next = rest.next()
        }
        endings.append(closing.content.upperBound..<closing.whole.upperBound)
        let lines = LiftedLines(whole: opening.whole.lowerBound..<closing.whole.upperBound, endings: endings)
        return (yaml.joined(separator: "\n"), lines)
    }

    /// Empties the lifted lines, keeping their line endings, by moving what follows each
    /// block's content down over it: in place when the splitter holds the only copy.
    private static func blank(_ lifted: [LiftedLines], in bytes: inout [UInt8]) {
        guard let first = lifted.first else { return }
        var kept = first.whole.lowerBound  // the bytes before this offset are final
        bytes.withUnsafeMutableBytes { buffer in
            let base = buffer.baseAddress!
            func keep(_ range: Range<Int>) {
                if range.lowerBound != kept { memmove(base + kept, base + range.lowerBound, range.count) }
                kept += range.count
            }
            var next = kept  // the first byte neither kept nor dropped yet
            for block in lifted {
                // Everything up to the block as it is, then only the line endings of its lines.
                keep(next..<block.whole.lowerBound)
                for ending in block.endings { keep(ending) }
                next = block.whole.upperBound
            }
            keep(next..<buffer.count)
        }
        bytes.removeSubrange(kept...)
    }

    /// Whether a line of plain Markdown can open fenced code or an HTML comment, or be a `---`
    /// line (a list item's `-` is neither).
    static func mayChangeContext(_ bytes: [UInt8], _ content: Range<Int>) -> Bool {
        guard !LineContext.mayOpen(bytes, content) else { return true }
        return content.first.map { bytes[$0] == UInt8(ascii: "-") } == true && isFence(bytes[content])
    }

    /// A line of exactly `---`, allowing trailing spaces.
    static func isFence(_ text: ArraySlice<UInt8>) -> Bool {
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
        return FrontMatterKey(rawValue: String(decoding: text[text.startIndex..<colon], as: UTF8.self))
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

    /// Whether `advance` can leave plain Markdown over this line: only when its first byte after
    /// up to three spaces is a fence character or `<`. Read as bytes of the whole input, so the
    /// pre-pass makes no slice of the lines it passes over.
    static func mayOpen(_ bytes: [UInt8], _ content: Range<Int>) -> Bool {
        var index = content.lowerBound
        while index < content.upperBound, index - content.lowerBound < 3, bytes[index] == UInt8(ascii: " ") {
            index += 1
        }
        guard index < content.upperBound else { return false }
        return bytes[index] == UInt8(ascii: "`") || bytes[index] == UInt8(ascii: "~")
            || bytes[index] == UInt8(ascii: "<")
    }

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
        let spaces = prefix(limit).prefix { $0 == UInt8(ascii: " ") }.count
        return dropFirst(spaces)
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
