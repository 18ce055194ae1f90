import WhatsNewModel
import WhatsNewReading

/// A notes file read for editing: its lines, what they say, and where everything stands. It
/// is read once; the preview, the release and the check that it reads back all start from it.
package struct NotesFile: Sendable {
    /// The file as read.
    package let source: SourceFile
    /// What reading it found: the notes and every finding.
    package private(set) var reading: DocumentReader.Reading
    let lines: NotesLines
    /// cmark's top-level blocks, numbered by the file's lines.
    let blocks: [Block]
    let outline: NotesOutline

    /// Reads the file with `reader`.
    package init(_ source: SourceFile, reader: DocumentReader) {
        let (reading, frontMatter, blocks) = reader.readWithBlocks(source)
        self.source = source
        self.reading = reading
        lines = NotesLines(source.bytes)
        self.blocks = blocks
        outline = NotesOutline(document: reading.document, blocks: blocks, frontMatter: frontMatter, lines: lines)
    }

    /// The file with the release at `index` read as the release in progress: a heading the
    /// project's tags and version files show is not out yet, although it reads as released.
    package func readingAsInProgress(_ index: Int) -> NotesFile {
        var file = self
        file.reading.document.releases[index].isUnreleased = true
        return file
    }

    var path: String { source.path }
    /// The notes as read.
    package var document: Document { reading.document }
    var diagnostics: [Diagnostic] { reading.diagnostics }

    func text(_ range: ClosedRange<Int>) -> [String] { range.map { lines[$0] } }

    /// The top-level block that starts on `line`.
    func block(at line: Int) -> Block? { blocks.first { $0.line == line } }

    /// The release that holds the unreleased changes: `Unreleased`, `main`, or a planned
    /// version such as `1.5.0 (unreleased)`.
    package var unreleasedIndex: Int? { ReleaseInProgress.index(in: document.releases) }

    /// Releases with a version, newest first whichever way the file runs.
    package var versionedNewestFirst: [Int] {
        let releases = document.releases
        let versioned = releases.indices.filter { releases[$0].version != nil && !releases[$0].isUnreleased }
        return runsNewestFirst ? versioned : versioned.reversed()
    }

    /// Whether the file puts its newest release at the top, as nearly every changelog does.
    var runsNewestFirst: Bool { ReleaseOrder(of: document.releases.lazy.filter { !$0.isUnreleased }) == .newestFirst }
}
