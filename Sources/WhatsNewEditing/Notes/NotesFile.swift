import WhatsNewModel
import WhatsNewReading

/// A notes file read for editing: its lines, what they say, and where everything stands.
struct NotesFile: Sendable {
    let path: String
    let lines: NotesLines
    let document: Document
    /// cmark's top-level blocks, numbered by the file's lines.
    let blocks: [Block]
    let outline: NotesOutline
    let diagnostics: [Diagnostic]

    init(_ source: SourceFile, reader: DocumentReader) {
        let (reading, frontMatter, blocks) = reader.readWithBlocks(source)
        path = source.path
        lines = NotesLines(source.bytes)
        document = reading.document
        diagnostics = reading.diagnostics
        self.blocks = blocks
        outline = NotesOutline(document: reading.document, blocks: blocks, frontMatter: frontMatter, lines: lines)
    }

    func text(_ range: ClosedRange<Int>) -> [String] { range.map { lines[$0] } }

    /// The top-level block that starts on `line`.
    func block(at line: Int) -> Block? { blocks.first { $0.line == line } }

    /// The release that holds the unreleased changes: `Unreleased`, `main`, or a planned
    /// version such as `1.5.0 (unreleased)`.
    var unreleasedIndex: Int? { document.releases.firstIndex(where: \.isUnreleased) }

    /// Releases with a version, newest first whichever way the file runs.
    var versionedNewestFirst: [Int] {
        let releases = document.releases
        let versioned = releases.indices.filter { releases[$0].version != nil && !releases[$0].isUnreleased }
        return runsNewestFirst ? versioned : versioned.reversed()
    }

    /// Whether the file puts its newest release at the top, as nearly every changelog does.
    var runsNewestFirst: Bool {
        let versions = document.releases.filter { !$0.isUnreleased }.compactMap(\.version)
        guard let first = versions.first, let last = versions.last, versions.count > 1 else { return true }
        return first.compare(to: last) != .older
    }
}
