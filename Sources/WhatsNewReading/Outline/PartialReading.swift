import WhatsNewModel

/// A notes file read in part: every heading, link reference definition and front-matter block,
/// and in full only the parts asked for, so a run that shows one release of a long changelog
/// does work in proportion to that release.
///
/// The file is cut into regions at its top-level headings (``BlockOutline``); cmark is handed the
/// headings, the paragraphs that may define links, and the regions kept, each a run of whole
/// top-level blocks, with their own line numbers. A release whose regions were left out reads
/// as its heading with nothing under it. What the reading of the whole file decides from the
/// blocks (the introduction, the unreleased changes, a series heading over changes of its own,
/// an archive's link, a paragraph naming a release) is always read.
package struct PartialReading {
    private let reader: DocumentReader
    private var prepared: DocumentReader.Prepared
    private var lines: [SourceLines.Line]
    private var outline: BlockOutline
    /// The first and last line index of each top-level heading.
    private var headings: [(first: Int, last: Int)]
    /// Regions read in full: 0 is before the first heading, `k` follows heading `k - 1`.
    private var kept: Set<Int> = [0]
    /// Regions that may hold an archive's link: a paragraph with a `[` or `<` in it, no code or
    /// quote, and no list a release could keep (a date line, comparison links, placeholders
    /// and HTML do not count against an archive: a list of one item may be a date, one of
    /// short items placeholders).
    private var archiveShaped: Set<Int> = []
    /// Regions with no block at all (blank lines).
    private var emptyRegions: Set<Int> = []
    /// Why the file has to be read whole, if it does.
    package private(set) var doubt: String?
    /// The latest reading of what is kept.
    package private(set) var reading: DocumentReader.Reading
    private var boundaries: [Int] = []
    private var structureNeeds: Set<Int> = []
    /// Lines of release headings that carry a date: the release's date whatever it holds.
    private var datedHeadings: Set<Int> = []
    /// Heading roles, classified once for all the readings.
    private let roles = HeadingRoleMemo()
    /// The file's lines handed to cmark in the latest reading (blank lines standing for what was
    /// left out not counted): all of them only when the whole file was read.
    package private(set) var linesRead = 0
    /// How many times cmark was handed part of the file.
    package private(set) var readings = 0

    /// Lines in the file.
    package var lineCount: Int { lines.count }

    /// Top-level headings in the file: every reading in part reads them all.
    package var headingCount: Int { headings.count }

    /// Prepares `source` for reading in part: its front matter lifted and read, its lines and
    /// their outline; ``survey()`` and ``read()`` hand cmark what is kept.
    package init(_ source: SourceFile, reader: DocumentReader) {
        reader.didRead?(source.path)
        self.reader = reader
        prepared = reader.prepare(source)
        lines = prepared.split.lines
        reading = DocumentReader.Reading(document: Document(), diagnostics: [])
        // Counted before any outline: where lines that open like a heading are most of the file
        // (a million one-item releases), it is read whole, and an outline would go unused.
        if Self.headingLikeLines(prepared.split.markdown, lines) * 5 > lines.count * 2 {
            isMostlyHeadings = true
            outline = BlockOutline([], lines: [])
            headings = []
            return
        }
        outline = BlockOutline(prepared.split.markdown, lines: lines)
        headings = outline.blocks.filter { $0.kind == .heading }.map { ($0.first, $0.last) }
        doubt = outline.doubt
    }

    /// Whether lines that open as an ATX heading does (up to three spaces, one to six `#`, then a
    /// space, a tab or the line's end) are most of the file: it is then best read whole, and
    /// ``init(_:reader:)`` makes no outline. A count of how lines open, not of cmark's headings
    /// (a fence can hide some): it decides only how the file is read, never what it reads as.
    package private(set) var isMostlyHeadings = false

    private static func headingLikeLines(_ markdown: [UInt8], _ lines: [SourceLines.Line]) -> Int {
        markdown.withUnsafeBufferPointer { bytes in
            lines.reduce(0) { count, line in bytes[line.content].opensATXHeading ? count + 1 : count }
        }
    }

    /// Whether the regions every reading keeps are chosen: at the first look or reading, not
    /// here, so a file then read whole at once (a million one-item releases) never pays for it.
    private var hasChosenStructure = false

    private mutating func chooseStructure() {
        guard !hasChosenStructure else { return }
        hasChosenStructure = true
        keepWhatTheStructureNeeds()
    }

    /// Whether the release on `line` is dated by its heading, so that nothing under it can
    /// change its date (a date line or a date heading only dates an undated release).
    package func isDatedByHeading(releaseAt line: Int) -> Bool {
        datedHeadings.contains(line)
    }

    /// Regions read in full so far.
    package var keptCount: Int { kept.count }

    /// Reads the regions of the release that begins on `line` in full, at the next ``read()``.
    package mutating func keep(releaseAt line: Int) {
        chooseStructure()
        kept.formUnion(regions(ofReleaseAt: line))
    }

    /// Whether every region of the release that begins on `line` was read.
    package func isWhole(releaseAt line: Int) -> Bool {
        regions(ofReleaseAt: line).allSatisfy(kept.contains)
    }

    /// Reads what is kept, and notes what the reading shows is needed to read as the whole file
    /// reads: the introduction, the unreleased changes, what follows a heading whose role turns
    /// on it, a release of one paragraph (perhaps an archive's link). ``keepStructure()`` keeps it.
    package mutating func read() {
        chooseStructure()
        guard doubt == nil else { return }
        let (reading, changelog) = reader.finish(prepared, blocks: parseKept(), roles: roles)
        self.reading = reading
        boundaries = changelog.boundaries
        guard changelog.namesReleases else {
            doubt = "no heading names a release"
            return
        }
        structureNeeds = needs(
            releases: reading.document.releases, contentDependentLines: changelog.contentDependentLines,
            dateHeadingLines: changelog.dateHeadingLines)
    }

    /// The regions the structure needs that are not kept yet.
    private func needs(releases: [Release], contentDependentLines: [Int], dateHeadingLines: [Int]) -> Set<Int> {
        var needed: Set<Int> = []
        // Everything before the first release: the title and the introduction.
        let first = boundaries.first.map { regionAfter(line: $0) } ?? regions.upperBound
        needed.formUnion(0..<first)
        for line in contentDependentLines { needed.insert(regionAfter(line: line)) }
        // A date heading dates the release above it only when nothing stands between them.
        for line in dateHeadingLines { if let heading = heading(holding: line) { needed.insert(heading) } }
        for release in releases {
            let regions = regions(ofReleaseAt: release.line)
            // The unreleased changes, and what may be an archive's link (under a date heading, say).
            if release.isUnreleased
                || (regions.contains(where: archiveShaped.contains)
                    && regions.allSatisfy { archiveShaped.contains($0) || emptyRegions.contains($0) })
            {
                needed.formUnion(regions)
            }
        }
        return needed.subtracting(kept)
    }

    /// A first look, cheaper than ``read()``: cmark's reading of what is kept and the headings'
    /// roles, without the releases' contents. The releases it gives are their headings alone,
    /// and what it says is needed may be more or less than a reading finds: ``read()`` settles it.
    package mutating func survey() {
        chooseStructure()
        guard doubt == nil else { return }
        let blocks = parseKept()
        let outline = HeadingOutline(blocks: blocks, roles: roles)
        var releases: [Release] = []
        var starts: [Int] = []
        for heading in outline.list {
            let line = blocks[heading.index].line
            switch heading.role {
            case .release(let release):
                if release.date != nil { datedHeadings.insert(line) }
                releases.append(
                    Release(
                        version: release.version, date: release.date?.date, title: heading.text,
                        isUnreleased: release.isUnreleased, line: line))
                starts.append(line)
            case .unreleased:
                releases.append(Release(title: heading.text, isUnreleased: true, line: line))
                starts.append(line)
            case .series:
                starts.append(line)
            case .period, .dateOnly:
                if heading.level <= (outline.releaseLevel ?? heading.level) {
                    releases.append(Release(title: heading.text, line: line))
                    starts.append(line)
                }
            case .other:
                break
            }
        }
        guard outline.list.contains(where: { $0.role.namesRelease }) else {
            doubt = "no heading names a release"
            return
        }
        boundaries = starts
        reading = DocumentReader.Reading(document: Document(releases: releases), diagnostics: [])
        structureNeeds = needs(
            releases: releases, contentDependentLines: outline.contentDependentIndices.map { blocks[$0].line },
            dateHeadingLines: outline.dateHeadingIndices.map { blocks[$0].line })
    }

    /// Keeps what the latest reading showed the structure needs.
    package mutating func keepStructure() {
        chooseStructure()
        kept.formUnion(structureNeeds)
    }

    /// The whole file's reading, for a file that cannot be read in part.
    package mutating func readWhole() -> DocumentReader.Reading {
        // What reading in part kept goes first: the largest files are the ones that come here.
        lines = []
        headings = []
        outline = BlockOutline([], lines: [])
        reading = DocumentReader.Reading(document: Document(), diagnostics: [])
        return reader.readWhole(&prepared).reading
    }

    // MARK: - Regions

    private var regions: Range<Int> { 0..<(headings.count + 1) }

    /// Paragraphs that may name a release (`###4.0.0` over its list) are read with every reading.
    private mutating func keepWhatTheStructureNeeds() {
        var linked = Array(repeating: false, count: headings.count + 1)
        var others = Array(repeating: 0, count: headings.count + 1)
        var blocks = Array(repeating: 0, count: headings.count + 1)
        var items = blocks
        var longItems = blocks
        var heading = 0
        let markdown = prepared.split.markdown
        for block in outline.blocks {
            if block.kind != .heading { blocks[heading] += 1 }
            switch block.kind {
            case .heading: heading += 1
            case .paragraph:
                if block.opensWithHash { kept.insert(heading) }
                if !linked[heading] {
                    let bytes = markdown[lines[block.first].whole.lowerBound..<lines[block.last].whole.upperBound]
                    linked[heading] = bytes.contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "<") }
                }
            case .other: others[heading] += 1
            case .listItem:
                items[heading] += 1
                let line = lines[block.first].content
                if block.first != block.last || line.count > 48 { longItems[heading] += 1 }
            case .htmlOrBreak: break
            }
        }
        archiveShaped = Set(
            regions.filter { linked[$0] && others[$0] == 0 && (items[$0] <= 1 || longItems[$0] == 0) })
        emptyRegions = Set(regions.filter { blocks[$0] == 0 })
    }

    /// The first of sorted `lines` after `line`.
    private static func first(in lines: [Int], after line: Int) -> Int? {
        let next = lines.partitionIndex { $0 > line }
        return next < lines.count ? lines[next] : nil
    }

    /// The number of headings whose first line is at or before file line `line` (1-based).
    private func headingsStarted(by line: Int) -> Int {
        headings.partitionIndex { $0.first > line - 1 }
    }

    /// The heading whose lines hold file line `line`, if one does.
    private func heading(holding line: Int) -> Int? {
        let started = headingsStarted(by: line)
        return started > 0 && line - 1 <= headings[started - 1].last ? started - 1 : nil
    }

    /// The region file line `line` stands in, or the one after the heading it belongs to.
    private func regionAfter(line: Int) -> Int {
        heading(holding: line).map { $0 + 1 } ?? headingsStarted(by: line)
    }

    /// The regions from a release's start to the next release, archive or series.
    private func regions(ofReleaseAt line: Int) -> ClosedRange<Int> {
        let start = regionAfter(line: line)
        guard let next = Self.first(in: boundaries, after: line) else { return start...(regions.upperBound - 1) }
        // The region before the next release's heading, or the one its paragraph stands in.
        let end = heading(holding: next) ?? headingsStarted(by: next)
        return start...max(start, end)
    }

    // MARK: - Reading

    /// cmark's reading of the headings, the link definitions and the kept regions.
    private mutating func parseKept() -> [Block] {
        let markdown = prepared.split.markdown
        var bytes: [UInt8] = []
        var lineMap: [Int] = []
        var include = Array(repeating: false, count: lines.count)
        let isKept = regions.map(kept.contains)  // asked per line: a set hashes each time
        var heading = 0
        var region = 0
        var index = 0
        for block in outline.blocks {
            // Lines between blocks belong to the region they stand in.
            while index < block.first {
                include[index] = isKept[region]
                index += 1
            }
            if block.kind == .heading {
                for line in block.first...block.last { include[line] = true }
                heading += 1
                region = heading
            } else {
                let keep = isKept[region] || (block.kind == .paragraph && block.opensWithBracket)
                for line in block.first...block.last { include[line] = keep }
            }
            index = block.last + 1
        }
        while index < lines.count {
            include[index] = isKept[region]
            index += 1
        }
        var gap = false
        for (index, line) in lines.enumerated() {
            if include[index] {
                if gap {
                    // One blank line for what was left out, numbered as its first line.
                    bytes.append(0x0A)
                    lineMap.append(index)
                    gap = false
                }
                bytes += markdown[line.whole]
                if line.whole.upperBound == line.content.upperBound { bytes.append(0x0A) }
                lineMap.append(index + 1)
            } else if !lineMap.isEmpty {
                gap = true
            }
        }
        linesRead = include.count(where: { $0 })
        readings += 1
        return MarkdownParser(lineMap: lineMap).parse(bytes)
    }
}
