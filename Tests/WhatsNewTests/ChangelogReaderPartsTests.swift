import Testing

@testable import WhatsNew

/// Reading a changelog in parts, each starting at a release heading, must give exactly what
/// one walk over it gives: the same releases, title and diagnostics in the same order.
struct ChangelogReaderPartsTests {
    private func read(_ bytes: [UInt8], parts: Int, minimum: Int) -> ChangelogReader.Result {
        let split = FrontMatterSplitter(path: "notes.md").split(bytes)
        let decoder = FrontMatterDecoder(path: "notes.md")
        let sections = split.blocks.filter { $0.role == .section }.map { decoder.section(from: $0).0 }
        let blocks = MarkdownParser(rendersHTML: true).parse(split.markdown)
        var reader = ChangelogReader(path: "notes.md", blocks: blocks, sectionMetadata: sections) { metadata in
            metadata.summary.map { MarkdownContent(blocks: [], html: $0) }
        }
        reader.parts = parts
        reader.minimumPartSize = minimum
        return reader.read(implicitRelease: Release(version: nil, date: nil, title: "What's New", line: 1))
    }

    private func expectSameReading(_ bytes: [UInt8], _ name: String) {
        let whole = read(bytes, parts: 1, minimum: 1)
        for parts in 2...5 {
            let inParts = read(bytes, parts: parts, minimum: 1)
            #expect(inParts.releases == whole.releases, "\(name) in \(parts) parts")
            #expect(inParts.title == whole.title, "\(name) in \(parts) parts")
            #expect(inParts.diagnostics == whole.diagnostics, "\(name) in \(parts) parts")
        }
    }

    @Test func fixturesReadTheSameInParts() throws {
        for group in ["dialects", "examples", "lint", "text"] {
            for name in Fixtures.names(in: group) {
                expectSameReading(try Fixtures.source(group, name).bytes, "\(group)/\(name)")
            }
        }
    }

    @Test func releasesWithEveryKindOfContentReadTheSameInParts() {
        var markdown = "# Changelog\n\nIntro text.\n\n## [Unreleased]\n\n- Nothing yet\n\n"
        for index in (1...60).reversed() {
            switch index % 6 {
            case 0:
                markdown +=
                    "## 1.\(index).0\n\nReleased on 2024-02-\(index % 28 + 1).\n\n**Added**\n\n- Pseudo heading\n\n"
            case 1: markdown += "## [1.\(index).0] - 2024-13-40\n\n"  // an impossible date, and no changes
            case 2:
                markdown +=
                    "## Swift 1.\(index)\n\n### 2024-03-05\n\n### Fixed\n\n- Fix\n\n## Older releases\n\nText.\n\n"
            case 3: markdown += "## OpenSSL 1.\(index)\n\n### 1.\(index).1\n\n- Change\n\n"
            case 4:
                markdown +=
                    "## v1.\(index).0 (2024-01-02)\n\n---\nkind: new\ntitle: Section \(index)\nsummary: S\n---\n\n"
            default: markdown += "## [1.\(index).0]\n\n### Changed\n\n- None\n\n### Removed\n\n- Gone\n\n"
            }
        }
        expectSameReading(Array(markdown.utf8), "generated")
    }
}
