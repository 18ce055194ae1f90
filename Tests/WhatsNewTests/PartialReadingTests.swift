import Foundation
import Synchronization
import Testing

@testable import WhatsNewModel
@testable import WhatsNewProject
@testable import WhatsNewReading
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// Reading in part against reading whole: on every fixture, for the latest release, each
/// version and each `--since`, on a day after every release and on one before some, the
/// sheets in text, JSON, Markdown and HTML are the same, or the same error is.
struct PartialReadingTests {
    /// Every Markdown file under Fixtures, by path.
    static let files: [String] = {
        let root = Fixtures.directory.path
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".md") }.sorted().map { root + "/" + $0 }
    }()

    /// The sheet of `document` in four formats, or the diagnostic that it cannot be made.
    private static func outputs(_ document: Document, _ selection: ReleaseSelection, today: ReleaseDate) -> String {
        let options = SheetOptions(selection: selection, today: today)
        do {
            let sheet = try Presentation(document, path: "notes.md", options: options)
            var text = ""
            for format in [OutputFormat.text, .json, .markdown, .html] {
                try? format.renderer(RenderOptions(terminal: TerminalOptions(width: 72))).render(sheet, to: &text)
                text += "\n--\n"
            }
            return text + sheet.releases.map { "\($0.release.line)" }.joined(separator: " ")
        } catch {
            return "error: \(error)"
        }
    }

    @Test(arguments: files) func readsAsTheWholeFileDoes(_ path: String) throws {
        let source = try SourceFile.load(path: path)
        let reader = DocumentReader()
        let whole = reader.read(source).document
        let versions = whole.releases.compactMap(\.version?.text)
        let selections =
            [ReleaseSelection.latest] + versions.map(ReleaseSelection.version)
            + versions.prefix(6).map(ReleaseSelection.since) + [.version("0.0.0-none"), .since("0.0.0-none")]
        for today in [ReleaseDate(year: 2026, month: 11, day: 27)!, ReleaseDate(year: 2021, month: 6, day: 1)!] {
            for selection in selections {
                let scope = try #require(ReadingScope(selection, today: today))
                let part = scope.read(source, with: reader, trace: nil).document
                #expect(
                    Self.outputs(part, selection, today: today) == Self.outputs(whole, selection, today: today),
                    "\(path) \(selection) \(today.iso)")
            }
        }
    }

    /// The fixtures exercise reading in part, not only the whole file it falls back to.
    @Test func mostFixturesAreReadInPart() throws {
        let traces = Mutex<[String]>([])
        for path in Self.files {
            let source = try SourceFile.load(path: path)
            let scope = try #require(ReadingScope(.latest, today: ReleaseDate(year: 2026, month: 11, day: 27)!))
            _ = scope.read(source, with: DocumentReader(), trace: { line in traces.withLock { $0.append(line) } })
        }
        let all = traces.withLock { $0 }
        let inPart = all.filter { $0.contains(" in part: ") }
        #expect(all.count == Self.files.count)
        #expect(inPart.count * 2 > all.count, "\(all.filter { !$0.contains(" in part: ") })")
    }

    /// Lines that open as headings do, past two fifths of the file, have it read whole before
    /// any outline is made: one-item releases, and a fence of shell comments (not headings to
    /// cmark), which reads the same either way.
    @Test func aFileOfMostlyHeadingLinesIsReadWholeAtOnce() throws {
        let releases = (0..<200).map { "## 1.\($0).0\n- Item \($0).\n" }.joined()
        let comments = (0..<200).map { "  # step \($0)\n" }.joined()
        let fenced = "## 2.0.0\n\n- Script:\n\n  ```sh\n\(comments)  ```\n\n## 1.0.0\n\n- First.\n"
        let today = ReleaseDate(year: 2026, month: 11, day: 27)!
        for (name, text) in [("releases.md", "# Changelog\n\n" + releases), ("fenced.md", fenced)] {
            let source = try SourceFile(path: name, bytes: Array(text.utf8))
            let reader = DocumentReader()
            #expect(PartialReading(source, reader: reader).isMostlyHeadings, "\(name)")
            let whole = reader.read(source).document
            for selection in [ReleaseSelection.latest, .version("1.0.0")] {
                let traces = Mutex<[String]>([])
                let part = try #require(ReadingScope(selection, today: today))
                    .read(source, with: reader, trace: { line in traces.withLock { $0.append(line) } }).document
                #expect(Self.outputs(part, selection, today: today) == Self.outputs(whole, selection, today: today))
                #expect(traces.withLock { $0 }.last == "\(name) whole: most of its lines open as headings do")
            }
        }
        // A changelog as people write them has a heading every few lines: it gets its outline.
        let usual = "# Changelog\n\n## 1.1.0\n\n### Added\n\n- One.\n- Two.\n\n## 1.0.0\n\n- First.\n"
        #expect(
            !PartialReading(try SourceFile(path: "usual.md", bytes: Array(usual.utf8)), reader: DocumentReader())
                .isMostlyHeadings)
    }
}
