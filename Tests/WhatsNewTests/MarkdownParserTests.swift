import CCMark
import Testing

@testable import WhatsNew

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct MarkdownParserTests {
    private let parser = MarkdownParser(rendersHTML: true)

    @Test func copiesBlocksAndInlinesWithLines() {
        let blocks = parser.parse(
            "# Title\n\nSome *soft* **strong** `code` [link](https://a.example \"t\").\n\n- one\n- two\n")
        #expect(blocks.map(\.block.line) == [1, 3, 5])
        #expect(blocks[0].block.content == .heading(level: 1, [.text("Title")]))
        #expect(
            blocks[1].block.content
                == .paragraph([
                    .text("Some "), .emphasis([.text("soft")]), .text(" "), .strong([.text("strong")]), .text(" "),
                    .code("code"), .text(" "), .link(destination: "https://a.example", title: "t", [.text("link")]),
                    .text("."),
                ]))
        guard case .list(let list) = blocks[2].block.content else {
            Issue.record("not a list")
            return
        }
        #expect(list.items.map(\.line) == [5, 6])
        #expect(list.isTight && !list.isOrdered)
    }

    @Test func blockHTMLJoinsToWhatCmarkRendersForTheDocument() throws {
        let markdown = """
            # Heading

            Text with <b>raw</b> HTML and a [bad link](javascript:alert(1)).

            3. three
            4. four

            > quoted
            > - nested

            ```swift
            let x = 1
            ```

            <div>block html</div>

            - loose

            - list
            """
        let whole = try #require(cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT))
        defer { free(whole) }
        let joined = parser.parse(markdown).flatMap(\.htmlPieces).joined()
        #expect(joined == String(cString: whole))
        // cmark's safe mode: raw HTML and javascript: links do not get through.
        #expect(!joined.contains("<b>") && !joined.contains("javascript:") && !joined.contains("<div>"))
    }

    @Test func referenceLinksResolveAnywhere() {
        let blocks = parser.parse("See [the docs][docs].\n\n[docs]: https://docs.example/x\n")
        #expect(
            blocks.first?.block.content
                == .paragraph([
                    .text("See "), .link(destination: "https://docs.example/x", title: "", [.text("the docs")]),
                    .text("."),
                ]))
    }

    @Test func lineOffsetShiftsLines() {
        let blocks = MarkdownParser(rendersHTML: false, lineOffset: 9).parse("a\n\nb\n")
        #expect(blocks.map(\.block.line) == [10, 12])
        #expect(blocks.allSatisfy { $0.html == .none })
    }

    @Test func placeholderItemsLeaveTheHTMLToo() throws {
        let source = try #require(parser.parse("- None.\n- Real change\n").first)
        let kept = try #require(source.removingItems(where: Placeholder.matches))
        #expect(kept.htmlPieces.joined() == "<ul>\n<li>Real change</li>\n</ul>\n")
        #expect(parser.parse("- None.\n").first?.removingItems(where: Placeholder.matches) == nil)
    }

    @Test func deepNestingIsFlattenedNotOverflowed() throws {
        let quotes = parser.parse(String(repeating: ">", count: 100_000) + " deep\n")
        #expect(PlainText.of(quotes.map(\.block)) == "deep")
        #expect(depth(of: quotes[0].block) <= MarkdownParser.maximumDepth)

        let emphasis = parser.parse(String(repeating: "*", count: 50_000) + "x" + String(repeating: "*", count: 50_000))
        #expect(PlainText.of(emphasis.map(\.block)) == "x")

        var nestedList = ""
        for level in 0..<200 { nestedList += String(repeating: " ", count: level * 2) + "- item \(level)\n" }
        let list = parser.parse(nestedList)
        let text = PlainText.of(list.map(\.block))
        #expect(text.hasPrefix("item 0\nitem 1") && text.hasSuffix("item 199"))
    }

    private func depth(of block: Block) -> Int {
        switch block.content {
        case .blockQuote(let blocks): 1 + (blocks.map(depth).max() ?? 0)
        case .list(let list): 1 + (list.items.flatMap(\.blocks).map(depth).max() ?? 0)
        default: 1
        }
    }

    /// A section's HTML kept as the parse's pieces reads, compares and trims as one string.
    @Test func htmlInPiecesActsAsOneString() {
        var content = MarkdownContent()
        content.htmlPieces = ["<p>a</p>\n", "<ul>\n", "<li>b</li>\n", "</ul>\n", ""]
        let whole = "<p>a</p>\n<ul>\n<li>b</li>\n</ul>\n"
        #expect(content.html == whole)
        #expect(content == MarkdownContent(html: whole))
        #expect(content.hashValue == MarkdownContent(html: whole).hashValue)
        #expect(content.htmlByteCount == whole.utf8.count)
        #expect(content.htmlTrimmingFinalNewline.joined() == whole.dropLast())
        #expect(content.hasHTML && !MarkdownContent(html: "").hasHTML)
        #expect(MarkdownContent(html: "<p>x</p>").htmlTrimmingFinalNewline == ["<p>x</p>"])
    }
}
