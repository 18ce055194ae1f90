import Foundation
import Synchronization
import Testing

@testable import WhatsNewModel
@testable import WhatsNewProject
@testable import WhatsNewReading
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// Changelogs generated from the shapes that make reading in part hard (code, quotes and HTML
/// holding `#`, link definitions, setext headings, series and date headings, archives, scheduled
/// and empty releases, front matter), each read in part and whole for the latest release, a
/// version and `--since`: the same sheet, or the same error.
struct GeneratedChangelogTests {
    static let heads = [
        "## [{v}] - 2024-0{m}-1{d}", "## {v}", "### {v}", "## v{v} (2099-01-0{d})", "{v}\n-----",
        "## [Unreleased]", "## 3.x", "## 2023-0{m}-0{d}", "# {v}", "## {v} (unreleased)", "###{v}",
    ]
    static let bodies = [
        "- Added a thing [#1].", "### Added\n\n- New [thing][t].", "### Fixed\n- Crash.\n- Hang.",
        "```\n## 9.9.9\n```", "- item\n  ```\n  # 8.8.8\n  ```", "> quote\n## 7.7.7 in a quote? no, after it",
        "<div>\n## 6.6.6\n</div>", "<!--\n## 5.5.5\n-->", "[t]: https://example.com/t\n[#1]: https://example.com/1",
        "See [older notes](https://example.com/CHANGELOG-0.x.md).", "Released 2099-05-05.", "Text under.\n===",
        "---\ntitle: Curated\nicon: star\n---\n\nA curated row.", "", "    ## 4.4.4 indented code", "* * *",
        "- [x]: https://example.com/x", "Paragraph\n# 3.3.3 right after", "1. one\n2. two\n\n   indented",
        "- 2024-02-03\n\nSee [older notes](https://example.com/CHANGELOG-1.x.md).",
        "- None\n- N/A\n\nSee [notes](https://example.com/HISTORY.md).",
        "- A long item that tells of a change in enough words to pass forty-eight bytes.\n\n"
            + "See [x](https://example.com/CHANGELOG.md).",
        "[Full Changelog](https://example.com/compare/v1...v2)\n\nSee [y](https://example.com/NEWS.md).",
    ]

    static func document(_ generator: inout SplitMix) -> String {
        var parts = ["# Changelog", ""]
        for index in 0..<(2 + Int(generator.next() % 7)) {
            var head = heads[Int(generator.next() % UInt64(heads.count))]
            let version = "\(10 - index).\(Int(generator.next() % 3)).0"
            head = head.replacingOccurrences(of: "{v}", with: version)
                .replacingOccurrences(of: "{m}", with: "\(1 + Int(generator.next() % 8))")
                .replacingOccurrences(of: "{d}", with: "\(1 + Int(generator.next() % 8))")
            parts += [head, ""]
            for _ in 0..<Int(generator.next() % 4) {
                parts += [bodies[Int(generator.next() % UInt64(bodies.count))], ""]
            }
        }
        return parts.joined(separator: "\n")
    }

    private static func outputs(_ document: Document, _ selection: ReleaseSelection, today: ReleaseDate) -> String {
        do {
            let sheet = try Presentation(
                document, path: "notes.md", options: SheetOptions(selection: selection, today: today))
            var text = ""
            for format in [OutputFormat.text, .json] {
                try? format.renderer(RenderOptions(terminal: TerminalOptions(width: 72))).render(sheet, to: &text)
            }
            return text
        } catch {
            return "error: \(error)"
        }
    }

    @Test func readingInPartReadsAsTheWholeFile() throws {
        var generator = SplitMix(
            seed: UInt64(ProcessInfo.processInfo.environment["WHATSNEW_GENERATED_SEED"].flatMap { UInt64($0) } ?? 46))
        var failures: [String] = []
        var (withArchives, readInPart) = (0, 0)
        let traces = Mutex<[String]>([])
        let today = ReleaseDate(year: 2026, month: 11, day: 27)!
        for _ in 0..<(ProcessInfo.processInfo.environment["WHATSNEW_GENERATED_COUNT"].flatMap { Int($0) } ?? 200) {
            let markdown = Self.document(&generator)
            let source = try SourceFile(path: "notes.md", bytes: Array(markdown.utf8))
            let reader = DocumentReader()
            let whole = reader.read(source).document
            if !whole.archives.isEmpty { withArchives += 1 }
            let versions = whole.releases.compactMap(\.version?.text)
            let selections =
                [ReleaseSelection.latest] + versions.prefix(3).map(ReleaseSelection.version)
                + versions.prefix(2).map(ReleaseSelection.since)
            for selection in selections {
                let scope = try #require(ReadingScope(selection, today: today))
                let part = scope.read(source, with: reader, trace: { line in traces.withLock { $0.append(line) } })
                if Self.outputs(part.document, selection, today: today)
                    != Self.outputs(whole, selection, today: today)
                {
                    failures.append("\(selection)\n\(markdown)")
                }
            }
        }
        readInPart = traces.withLock { $0.filter { $0.contains(" in part: ") }.count }
        #expect(failures.isEmpty, "\(failures.count) differ; first:\n\(failures.first ?? "")")
        // The documents exercise what matters: archives, and reading in part rather than whole.
        #expect(withArchives >= 10, "\(withArchives) documents with archives")
        #expect(readInPart >= 200, "\(readInPart) readings in part")
    }
}
