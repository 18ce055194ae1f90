import Testing

@testable import WhatsNew

struct DocumentReaderTests {
    /// The blocks stay with the reading, so when they are released is up to whoever holds it:
    /// the command line keeps them until exit rather than releasing them one by one.
    @Test func readingKeepsTheBlocksItWasReadFrom() throws {
        let markdown = "# Changelog\n\n## 1.1.0 - 2024-05-01\n\n### Fixed\n\n- A crash\n\n## 1.0.0\n\nFirst.\n"
        let reading = try Fixtures.read(markdown)
        let parsed = MarkdownParser(rendersHTML: true).parse(Array(markdown.utf8))
        #expect(reading.sourceBlocks.map(\.block) == parsed.map(\.block))
        #expect(reading.document.releases.count == 2)
    }
}
