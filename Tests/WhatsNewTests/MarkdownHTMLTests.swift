import CCMark
import Foundation
import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading
@testable import WhatsNewRendering

/// The HTML written from the model must be exactly what cmark's own renderer gives for the
/// same Markdown, in its default safe mode: every fixture, the corners of the HTML renderer,
/// and thousands of generated documents.
struct MarkdownHTMLTests {
    /// cmark's HTML for the whole text.
    private static func cmarkHTML(_ markdown: String) -> String {
        guard let html = cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    private static func modelHTML(_ markdown: String) -> String {
        MarkdownHTML.of(MarkdownParser().parse(markdown))
    }

    @Test(
        arguments: ["examples", "dialects", "text", "lint"].flatMap { group in
            Fixtures.names(in: group).map { "\(group)/\($0)" }
        })
    func fixturesRenderAsCmarkRendersThem(_ fixture: String) throws {
        let parts = fixture.split(separator: "/").map(String.init)
        let text = String(decoding: try Fixtures.source(parts[0], parts[1]).bytes, as: UTF8.self)
        // Raw `<img>` is read as an image (RawHTML), where cmark's safe mode omits it.
        guard !text.contains("<img") else { return }
        #expect(Self.modelHTML(text) == Self.cmarkHTML(text))
    }

    static let corners: [String] = [
        // Escaping in text, titles, code and info strings.
        "a < b > c & d \" e ' f / g\n",
        "&amp; &copy; &#35; &#x22; &bogus; &\n",
        "[t](/u \"a \\\"quoted\\\" & <title>\") ![i](/i 'it''s')\n",
        "```a&b<c>\"d\" more words\ncode < & > \"\n```\n",
        "~~~ \t lang\tx\n~~~\n",
        "```\nno info\n```\n",
        "    indented <code>\n\n    \tand a tab\n",
        "``` `tick`\nx\n```\n",
        // Addresses: every printable byte, UTF-8, and the dangerous schemes.
        "[all](<" + (0x21...0x7E).map { String(UnicodeScalar(UInt8($0))) }.filter { !"<>\\".contains($0) }.joined()
            + ">)\n",
        "[sp](<a b>) [utf](https://例え.jp/ü?q=é#frag) [pct](/%20%zz%)\n",
        "[j](javascript:alert(1)) [J](JaVaScRiPt:x) [v](vbscript:x) [f](file:///etc/passwd) [d](data:text/html,x)\n",
        "![png](data:image/png;base64,AAAA) ![GIF](DATA:IMAGE/GIF;x) ![svg](data:image/svg+xml,x) ![w](data:image/webp,x)\n",
        "<https://auto.link/path?a=1&b=2> <mail@example.com> <javascript:alert(1)>\n",
        "[ref][] [ref2]\n\n[ref]: /url \"Title\"\n[ref2]: <with space> 'single'\n",
        // Images: the description is its text alone.
        "![a *b* **c** `d` <span>e</span> [f](/g) ![h](/i)\nsoft\\\nhard](/src \"t\")\n",
        "![](/empty) ![x]()\n",
        // Raw HTML is omitted, inline and as every kind of block.
        "text <b>bold</b> <!-- c --> <?pi?> <!DECL> <![CDATA[x]]>\n",
        "<div>\nblock\n</div>\n\n<script>x</script>\n\n<!-- comment -->\n\n<?php x ?>\n\n<!DOCTYPE html>\n\n<![CDATA[\ny\n]]>\n\n<custom-tag>\n",
        "- <div>in item</div>\n\n> <p>in quote</p>\n",
        // Lists: tight and loose, starts, nesting, empty items, items with blocks.
        "- a\n- b\n  - c\n  - d\n- e\n",
        "- a\n\n- b\n\n  more\n",
        "0. zero\n1. one\n\n5) five\n6) six\n\n123456789. big\n",
        "-\n- \n-   x\n",
        "1. a\n\n   ```\n   code\n   ```\n2. > quote\n3. # heading\n4. ***\n",
        "- a\n  > q\n  > - nested\n- b\n\n  <div>x</div>\n",
        // Quotes, headings, breaks, rules.
        "> a\n> > b\n> > > c\n>\n> d\n",
        "#\n# \n###### six ######\nSetext\n===\nTwo\n---\n",
        "a  \nb\\\nc\nd\n",
        "***\n---\n___\n* * *\n",
        "line\r\nwith CRLF\r\n\r\n- item\r\n- item\r\n",
        "\ttab\n\n- \ttab item\n",
        "*a **b** c* _d_ __e__ ***f*** **g *h***\n",
        "Ünïcödé 👩‍💻 修复 ✨ \u{FEFF}\u{200B}\n",
    ]

    @Test(arguments: corners)
    func cornersRenderAsCmarkRendersThem(_ markdown: String) {
        #expect(Self.modelHTML(markdown) == Self.cmarkHTML(markdown))
    }

    /// Documents assembled from the corners and more at random, the same ones on every run.
    @Test func generatedDocumentsRenderAsCmarkRendersThem() {
        let pieces =
            Self.corners + [
                "## [1.2.0] - 2024-05-02\n", "### Added\n", "- item with [link][ref] and `code`\n",
                "  continued *lazily*\n", "    - deep\n", "\n", "\n\n", "> ", "- ", "1. ", "   ",
                "**Closed issues:**\n",
                "[ref]: https://example.com/ref\n", "para text & more\n", "```\n", "<details>\n", "</details>\n",
            ]
        var generator = SeededGenerator(seed: 0x5EED)
        for round in 0..<2_000 {
            let markdown = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let (ours, cmark) = (Self.modelHTML(markdown), Self.cmarkHTML(markdown))
            #expect(ours == cmark, "round \(round): \(markdown.debugDescription)")
            if ours != cmark { break }
        }
    }
}

/// A linear congruential generator: the same sequence on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}
