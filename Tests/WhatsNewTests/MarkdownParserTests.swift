import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading
@testable import WhatsNewRendering

struct MarkdownParserTests {
    private let parser = MarkdownParser()

    @Test func copiesBlocksAndInlinesWithLines() {
        let blocks = parser.parse(
            "# Title\n\nSome *soft* **strong** `code` [link](https://a.example \"t\").\n\n- one\n- two\n")
        #expect(blocks.map(\.line) == [1, 3, 5])
        #expect(blocks[0].content == .heading(level: 1, [.text("Title")]))
        #expect(
            blocks[1].content
                == .paragraph([
                    .text("Some "), .emphasis([.text("soft")]), .text(" "), .strong([.text("strong")]), .text(" "),
                    .code("code"), .text(" "), .link(destination: "https://a.example", title: "t", [.text("link")]),
                    .text("."),
                ]))
        guard case .list(let list) = blocks[2].content else {
            Issue.record("not a list")
            return
        }
        #expect(list.items.map(\.line) == [5, 6])
        #expect(list.isTight && !list.isOrdered)
    }

    @Test func referenceLinksResolveAnywhere() {
        let blocks = parser.parse("See [the docs][docs].\n\n[docs]: https://docs.example/x\n")
        #expect(
            blocks.first?.content
                == .paragraph([
                    .text("See "), .link(destination: "https://docs.example/x", title: "", [.text("the docs")]),
                    .text("."),
                ]))
    }

    @Test func lineOffsetShiftsLines() {
        let blocks = MarkdownParser(lineOffset: 9).parse("a\n\nb\n")
        #expect(blocks.map(\.line) == [10, 12])
    }

    @Test func emptyInputHasNoBlocks() {
        #expect(parser.parse("").isEmpty)
        #expect(parser.parse("\n\n   \n").isEmpty)
    }

    @Test func placeholderItemsLeaveTheList() throws {
        let list = try #require(parser.parse("- None.\n- Real change\n").first)
        let kept = try #require(list.removingItems(where: Placeholder.matches))
        #expect(MarkdownHTML.of([kept]) == "<ul>\n<li>Real change</li>\n</ul>\n")
        #expect(parser.parse("- None.\n").first?.removingItems(where: Placeholder.matches) == nil)
    }

    @Test func deepNestingIsFlattenedNotOverflowed() throws {
        let quotes = parser.parse(String(repeating: ">", count: 100_000) + " deep\n")
        #expect(PlainText.of(quotes) == "deep")
        #expect(depth(of: quotes[0]) <= MarkdownParser.maximumDepth)

        let emphasis = parser.parse(String(repeating: "*", count: 50_000) + "x" + String(repeating: "*", count: 50_000))
        #expect(PlainText.of(emphasis) == "x")

        var nestedList = ""
        for level in 0..<200 { nestedList += String(repeating: " ", count: level * 2) + "- item \(level)\n" }
        let text = PlainText.of(parser.parse(nestedList))
        #expect(text.hasPrefix("item 0\nitem 1") && text.hasSuffix("item 199"))
    }

    private func depth(of block: Block) -> Int {
        switch block.content {
        case .blockQuote(let blocks): 1 + (blocks.map(depth).max() ?? 0)
        case .list(let list): 1 + (list.items.flatMap(\.blocks).map(depth).max() ?? 0)
        default: 1
        }
    }
}
