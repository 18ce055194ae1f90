/// Parses a large file on every core: cuts it at top-level headings, gives each piece to
/// cmark with the file's link reference definitions it may use in front, and keeps the pieces
/// only when cmark confirms the cuts changed nothing. Otherwise the file is parsed whole, so
/// the blocks are always exactly what one parse of the whole file gives.
struct ParallelMarkdownParser {
    var parser: MarkdownParser
    var pieces = ParallelWork.processorCount
    /// Below this a file is parsed whole: threads cost more than they save.
    var minimumBytes = 256 * 1024
    /// A larger file is cut into more pieces than cores, about this size each, which the cores
    /// take in turn: a core that finishes early takes the next piece, and cmark's tree (about
    /// ten times its input) is held for a few pieces at a time rather than half the file.
    var pieceBytes = 1 << 20

    /// How the file was parsed, for tests and measurements.
    enum Outcome: Hashable {
        case whole
        case cut(pieces: Int)
    }

    func parse(_ bytes: [UInt8]) -> (blocks: [SourceBlock], outcome: Outcome) {
        if let cut = parseInPieces(bytes) { return (cut.blocks, .cut(pieces: cut.pieces)) }
        return (parser.parseWhole(bytes).blocks, .whole)
    }

    private func parseInPieces(_ bytes: [UInt8]) -> (blocks: [SourceBlock], pieces: Int)? {
        guard pieces > 1, bytes.count >= minimumBytes, parser.lineOffset == 0, let plan = MarkdownCutPlan(bytes: bytes)
        else { return nil }
        let cuts = plan.cuts(into: max(pieces, bytes.count / max(pieceBytes, 1)))
        guard !cuts.isEmpty else { return nil }
        let firstLines = [1] + cuts
        let lineRanges = firstLines.indices.map { index in
            firstLines[index]...((index + 1 < firstLines.count ? firstLines[index + 1] : plan.lineCount + 1) - 1)
        }
        let parser = parser
        let pieces = ParallelWork.map(parts: lineRanges.count) { index in
            let lines = lineRanges[index]
            let definitions = plan.definitionText(forLines: lines)
            var input = definitions.bytes
            input += bytes[plan.byteRange(ofLines: lines)]
            var piece = parser
            piece.lineOffset = lines.lowerBound - 1 - definitions.lines
            return (parsed: piece.parseWhole(input), definitionBytes: definitions.bytes.count)
        }
        let definitionBytes = pieces.map(\.definitionBytes)
        var parsed = (consume pieces).map(\.parsed)
        guard
            CutCheck(plan: plan, lineRanges: lineRanges, parsed: parsed, definitionBytes: definitionBytes).holds()
        else { return nil }
        return (Self.joined(&parsed), parsed.count)
    }

    /// The pieces' blocks in one array, moved rather than copied: a copy would retain every
    /// block's texts and arrays once more, and release them all again when the pieces go.
    private static func joined(_ pieces: inout [ParsedMarkdown]) -> [SourceBlock] {
        let total = pieces.reduce(0) { $0 + $1.blocks.count }
        return [SourceBlock](unsafeUninitializedCapacity: total) { joined, count in
            for index in pieces.indices {
                pieces[index].blocks.withUnsafeMutableBufferPointer { blocks in
                    guard let from = blocks.baseAddress, let to = joined.baseAddress, !blocks.isEmpty else { return }
                    (to + count).moveInitialize(from: from, count: blocks.count)
                    // The piece's array still owns its slots: they get a block that holds nothing.
                    from.initialize(repeating: .movedOut, count: blocks.count)
                    count += blocks.count
                }
            }
        }
    }
}

extension SourceBlock {
    /// What a moved-out slot holds: no text or array to release.
    fileprivate static let movedOut = SourceBlock(block: Block(.thematicBreak, line: 0), html: .none)
}

/// Whether parsing in pieces gave what one parse of the whole file gives.
private struct CutCheck {
    let plan: MarkdownCutPlan
    let lineRanges: [ClosedRange<Int>]
    let parsed: [ParsedMarkdown]
    /// The bytes of definitions put in front of each piece.
    let definitionBytes: [Int]

    func holds() -> Bool {
        definitionsVanished() && referencesWithinLimit() && cutsOpenTopLevelHeadings()
            && everyLineAccountedFor()
    }

    /// The definitions put in front of each piece made no block of their own, and every piece
    /// after the first starts with the heading it was cut at.
    private func definitionsVanished() -> Bool {
        zip(lineRanges, parsed).enumerated().allSatisfy { index, pair in
            let (lines, piece) = pair
            guard let first = piece.spans.first else { return index == 0 }
            return index == 0
                ? first.lines.lowerBound >= 1 : first.lines.lowerBound == lines.lowerBound && first.isHeading
        }
    }

    /// cmark stops expanding references once their bytes pass the input's size (at least
    /// 100,000); staying under that in every piece and in the whole file means it stopped nowhere.
    private func referencesWithinLimit() -> Bool {
        let limit = { (size: Int) in max(size, 100_000) }
        let total = parsed.reduce(0) { $0 + $1.linkBytes }
        return total <= limit(plan.bytes.count)
            && lineRanges.indices.allSatisfy { index in
                parsed[index].linkBytes
                    <= limit(plan.byteRange(ofLines: lineRanges[index]).count + definitionBytes[index])
            }
    }

    /// Each cut line, parsed after the last block of the piece before it, still opens a
    /// top-level heading: no fenced code, HTML block or other open block took it in.
    private func cutsOpenTopLevelHeadings() -> Bool {
        for index in 1..<lineRanges.count {
            let cut = lineRanges[index].lowerBound
            guard let last = parsed[index - 1].spans.last else { continue }
            let start = last.lines.lowerBound
            guard start >= lineRanges[index - 1].lowerBound else { return false }
            let snippet = Array(plan.bytes[plan.byteRange(ofLines: start...cut)])
            guard let heading = MarkdownParser.outline(of: snippet).last, heading.isHeading,
                heading.lines.lowerBound == cut - start + 1
            else { return false }
        }
        return true
    }

    /// Every line outside the top-level blocks is blank or in a run of definitions, and every
    /// run lies wholly outside them: cmark took each run as definitions in its own place too,
    /// and there are no definitions the runs missed.
    private func everyLineAccountedFor() -> Bool {
        let runs = plan.definitionRuns
        var runIndex = 0
        var matched = 0
        var next = 1
        func gapHolds(_ gap: ClosedRange<Int>) -> Bool {
            var line = gap.lowerBound
            while line <= gap.upperBound {
                if plan.isBlank(line) {
                    line += 1
                    continue
                }
                while runIndex < runs.count, runs[runIndex].upperBound < line { runIndex += 1 }
                guard runIndex < runs.count, runs[runIndex].lowerBound == line,
                    runs[runIndex].upperBound <= gap.upperBound
                else { return false }
                matched += 1
                line = runs[runIndex].upperBound + 1
            }
            return true
        }
        // cmark may count a line after a block into it (the line after a setext underline, blank
        // lines after a thematic break), so spans can overlap; counting too much only refuses a cut.
        for span in parsed.lazy.flatMap(\.spans) {
            if span.lines.lowerBound > next, !gapHolds(next...(span.lines.lowerBound - 1)) { return false }
            next = max(next, span.lines.upperBound + 1)
        }
        if next <= plan.lineCount, !gapHolds(next...plan.lineCount) { return false }
        return matched == runs.count
    }
}
