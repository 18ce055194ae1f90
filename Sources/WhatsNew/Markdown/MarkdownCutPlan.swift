#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a large Markdown file may be cut into pieces that cmark parses apart, found from its
/// lines alone. Nothing here is trusted: `ParallelMarkdownParser` has cmark confirm each cut.
///
/// A line opening an ATX heading at the margin closes every block cmark has open, unless a
/// fenced code block or an HTML block takes it in, so such lines are the candidate cuts. Link
/// reference definitions are what one piece needs from the others; each one contains `]:`, so
/// every line holding `]:` must lie in a run of lines starting with `[` that can be handed to
/// the pieces, or the file is not cut at all. A piece is handed only the runs whose labels'
/// digits stand between its brackets (`ReferenceLabelDigits`), and runs with a label without
/// digits.
struct MarkdownCutPlan {
    let bytes: [UInt8]
    /// The offset of each line's first byte: line `n` starts at `lineStarts[n - 1]`.
    private(set) var lineStarts: [Int] = []
    /// The lines that could open an ATX heading, ascending.
    private(set) var headingLines: [Int] = []
    /// Runs of lines that may be link reference definitions, in file order.
    private(set) var definitionRuns: [ClosedRange<Int>] = []
    /// For each run, whether every piece gets it: a label without digits, or one not read.
    /// Any other run goes to the pieces that hold one of its labels' keys between brackets
    /// (`ReferenceLabelDigits`).
    private var goesToEveryPiece: [Bool] = []
    /// For each key, its first entry in `keyChain`; each entry names a run the key sends to a
    /// piece and the next entry with the same key (or -1): chains in one array, not an array
    /// per key.
    private var firstEntryByKey: [ReferenceLabelDigits.Key: Int] = [:]
    private var keyChain: [(run: Int, next: Int)] = []

    /// nil when the file cannot be cut: a lone carriage return (cmark ends a line there, so
    /// the line numbers here would drift), or a `]:` outside any run that could be definitions.
    init?(bytes: [UInt8]) {
        self.bytes = bytes
        let found = self.bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress, !Self.hasLoneCarriageReturn(base, count: buffer.count) else {
                return false
            }
            findLines(base, count: buffer.count)
            guard findDefinitionRuns(base, count: buffer.count) else { return false }
            indexDefinitionKeys(base)
            return true
        }
        guard found else { return nil }
    }

    var lineCount: Int { lineStarts.count }

    /// The byte range of line `line`, its line ending included.
    func byteRange(ofLine line: Int) -> Range<Int> {
        lineStarts[line - 1]..<(line < lineStarts.count ? lineStarts[line] : bytes.count)
    }

    /// The bytes of lines `lines`, endings included.
    func byteRange(ofLines lines: ClosedRange<Int>) -> Range<Int> {
        byteRange(ofLine: lines.lowerBound).lowerBound..<byteRange(ofLine: lines.upperBound).upperBound
    }

    /// Whether a line holds nothing but spaces and tabs, as cmark decides blankness.
    func isBlank(_ line: Int) -> Bool {
        bytes[byteRange(ofLine: line)].allSatisfy {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n")
                || $0 == UInt8(ascii: "\r")
        }
    }

    /// Heading lines that split the bytes into about `pieces` equal parts; each starts a piece.
    func cuts(into pieces: Int) -> [Int] {
        var cuts: [Int] = []
        for piece in 1..<max(pieces, 1) {
            let target = bytes.count / pieces * piece
            var low = 0
            var high = headingLines.count
            while low < high {
                let middle = (low + high) / 2
                if lineStarts[headingLines[middle] - 1] < target { low = middle + 1 } else { high = middle }
            }
            guard low < headingLines.count else { break }
            let line = headingLines[low]
            if line > (cuts.last ?? 1) { cuts.append(line) }
        }
        return cuts
    }

    /// The definition runs the piece of lines `lines` may use, as one text, each run followed
    /// by a blank line, and its line count. A run whose label digits appear between none of the
    /// piece's brackets cannot serve any of its references, so cmark is spared parsing it.
    func definitionText(forLines lines: ClosedRange<Int>) -> (bytes: [UInt8], lines: Int) {
        var needed = goesToEveryPiece
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            ReferenceLabelDigits.forEachBracketed(base, byteRange(ofLines: lines)) { key, hasDigits, _ in
                guard hasDigits, var entry = firstEntryByKey[key] else { return }
                while entry >= 0 {
                    needed[keyChain[entry].run] = true
                    entry = keyChain[entry].next
                }
            }
        }
        var text: [UInt8] = []
        var count = 0
        for (run, isNeeded) in zip(definitionRuns, needed) where isNeeded {
            text += bytes[byteRange(ofLines: run)]
            if text.last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
            text.append(UInt8(ascii: "\n"))
            count += run.count + 1
        }
        return (text, count)
    }

    private static func hasLoneCarriageReturn(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 0
        while offset < count, let found = memchr(base + offset, 0x0D, count - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if index + 1 >= count || base[index + 1] != 0x0A { return true }
            offset = index + 1
        }
        return false
    }

    private mutating func findLines(_ base: UnsafePointer<UInt8>, count: Int) {
        var start = 0
        while start < count {
            lineStarts.append(start)
            let end = memchr(base + start, 0x0A, count - start).map {
                base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) + 1
            }
            if bytes[start..<(end ?? count)].opensATXHeading { headingLines.append(lineStarts.count) }
            guard let end else { break }
            start = end
        }
    }

    /// Which runs go to every piece, and the keys that send each of the others.
    private mutating func indexDefinitionKeys(_ base: UnsafePointer<UInt8>) {
        firstEntryByKey.reserveCapacity(definitionRuns.count)
        var keys: [ReferenceLabelDigits.Key] = []
        for (run, lines) in definitionRuns.enumerated() {
            keys.removeAll(keepingCapacity: true)
            let isKeyed = ReferenceLabelDigits.definitionKeys(base, byteRange(ofLines: lines), into: &keys)
            goesToEveryPiece.append(!isKeyed)
            for key in keys where isKeyed {
                let next = firstEntryByKey.updateValue(keyChain.count, forKey: key) ?? -1
                keyChain.append((run, next))
            }
        }
    }

    /// Finds the run around every `]:`; false when one of them cannot be a definition's run.
    private mutating func findDefinitionRuns(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 0
        var line = 1
        while offset < count, let found = memchr(base + offset, Int32(UInt8(ascii: "]")), count - offset) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            offset = index + 1
            guard index + 1 < count, base[index + 1] == UInt8(ascii: ":") else { continue }
            while line < lineStarts.count, lineStarts[line] <= index { line += 1 }
            if let last = definitionRuns.last, last.contains(line) { continue }
            guard let run = run(around: line), startsWithBracket(run.lowerBound) else { return false }
            definitionRuns.append(run)
        }
        return true
    }

    /// The non-blank lines around `line`, bounded by blank lines and heading lines.
    private func run(around line: Int) -> ClosedRange<Int>? {
        guard !isBlank(line), !isHeadingLine(line) else { return nil }
        var first = line
        while first > 1, !isBlank(first - 1), !isHeadingLine(first - 1) { first -= 1 }
        var last = line
        while last < lineCount, !isBlank(last + 1), !isHeadingLine(last + 1) { last += 1 }
        return first...last
    }

    private func isHeadingLine(_ line: Int) -> Bool { bytes[byteRange(ofLine: line)].opensATXHeading }

    /// Up to three spaces, then `[`: how a link reference definition starts.
    private func startsWithBracket(_ line: Int) -> Bool {
        let text = bytes[byteRange(ofLine: line)]
        guard let first = text.firstIndex(where: { $0 != UInt8(ascii: " ") }) else { return false }
        return first - text.startIndex <= 3 && text[first] == UInt8(ascii: "[")
    }
}
