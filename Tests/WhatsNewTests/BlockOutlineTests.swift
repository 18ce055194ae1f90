import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading

/// The outline's top-level headings and paragraphs against cmark's own: hand-picked cases
/// where a `#` hides in a container, code or HTML, then documents generated from the
/// constructs that change CommonMark's block structure.
struct BlockOutlineTests {
    /// Where cmark and the outline put top-level headings and paragraphs, by first line.
    private static func compare(_ markdown: String) -> (cmark: [String], outline: [String], doubt: String?) {
        let bytes = Array(markdown.utf8)
        let outline = BlockOutline(bytes, lines: SourceLines.lines(of: bytes))
        let cmark = MarkdownParser().parse(bytes).compactMap { block -> String? in
            switch block.content {
            case .heading: "heading \(block.line)"
            case .paragraph: "paragraph \(block.line)"
            default: nil
            }
        }
        let found = outline.blocks.compactMap { block -> String? in
            switch block.kind {
            case .heading: "heading \(block.first + 1)"
            // A paragraph of link definitions alone is no block to cmark.
            case .paragraph where !block.opensWithBracket: "paragraph \(block.first + 1)"
            default: nil
            }
        }
        return (cmark, found, outline.doubt)
    }

    static let cases: [String] = [
        "# Title\n\nText\n## 1.0\n- a\n- b\n",
        "- item\n  ```\n  # not a heading\n  ```\n# heading\n",
        "- item\n  ```\n# closes the list and the fence\n",
        "```\n# in code\n```\n# after\n",
        "~~~~\n# in code\n~~~\n# still code\n~~~~\n# after\n",
        "> quote\n# closes the quote\n",
        "> quote\nlazy line\n# after\n",
        "<div>\n# in html\n\n# after a blank\n",
        "<!-- comment\n# in a comment\n-->\n# after\n",
        "<script>\n# in\n</script>\n# out\n",
        "Para\n<span>\n# heading\n",
        "<span>\n# in type 7\n\n# out\n",
        "    # indented code\n# heading\n",
        "Para\n    # continuation, not code\n# heading\n",
        "Setext\n======\n\nAnother\n-------\n",
        "Two lines\nof a heading\n---\n",
        "- item\n\n  continued\n# out\n",
        "- item\n\n\n  still in the item? no\n",
        "1. one\n2) two\n   # inside the item\n# out\n",
        "-\n  foo\n# out\n",
        "-\n\n  foo\n",
        "* * *\n# out\n",
        "Para\n- - -\n# x\n",
        "\t# tab-indented code\n# heading\n",
        "-\t# in an item after a tab\n",
        " \t# code after a space and a tab\n",
        "> - item\n>   ```\n>   # in\n>   ```\n# out\n",
        "Para\n2. not an item\n# heading\n",
        "Para\n1. an item\n# heading\n",
        "#not a heading\n#\tone\n#######seven\n",
        "[link]: https://example.com\n# heading\n",
        "Text\n===\n[a]: b\n",
        "<pre>\n\n# in pre across a blank\n</pre>\n# out\n",
        "- a\n    - b\n        ```\n        # in\n        ```\n# out\n",
        "> # heading in a quote\n# top\n",
        "`````\n```\n# in\n`````\n# out\n",
        "``` not`a fence\n# heading\n",
        "Para\n    ```\n# heading\n",
        "10. ten\n    # in\n# out\n",
        "- a\n - b\n  - c\n   - d\n    # in d\n# out\n",
    ]

    @Test(arguments: cases) func agreesWithCmark(_ markdown: String) {
        let (cmark, outline, doubt) = Self.compare(markdown)
        #expect(doubt == nil)
        #expect(outline == cmark, "\(markdown.debugDescription)")
    }

    /// Lines that change block structure, joined at random (a fixed seed): thousands of
    /// documents, each compared with cmark.
    @Test func agreesWithCmarkOnGeneratedDocuments() {
        let pieces = [
            "# Heading", "## 1.2.0", "### Added", "text", "more text", "", "", "- item", "  - nested",
            "1. first", "2) second", "    code or continuation", "\tcode", "> quote", "> > deeper", ">",
            "```", "~~~", "```swift", "<div>", "</div>", "<!-- a", "-->", "<span class=\"x\">", "<pre>", "</pre>",
            "===", "---", "***", "- - -", "  # indented heading", "   ## three spaces", "#hash", "* star item",
            "+ plus", "-", "  text under an item", "      deep", "> - item in quote", ">     code in quote",
            "- ```", "  ```", "<?php", "?>", "<!DOCTYPE html>", "<![CDATA[", "]]>", " -\ttab item",
        ]
        var generator = SplitMix(seed: 20_261_127)
        var failures: [String] = []
        for _ in 0..<3_000 {
            let count = 2 + Int(generator.next() % 14)
            let lines = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
            let markdown = lines.joined(separator: "\n") + "\n"
            let (cmark, outline, doubt) = Self.compare(markdown)
            if doubt == nil, cmark != outline { failures.append(markdown) }
        }
        #expect(failures.isEmpty, "\(failures.count) documents differ, first: \(failures.first.debugDescription)")
    }
}

/// A small deterministic generator, so a failing document can be found again.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
