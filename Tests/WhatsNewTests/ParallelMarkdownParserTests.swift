import Testing

@testable import WhatsNew

/// Parsing in pieces must give exactly the blocks one parse of the whole file gives.
struct ParallelMarkdownParserTests {
    private let parser = MarkdownParser(rendersHTML: true)

    private func inPieces(_ pieces: Int, _ bytes: [UInt8], pieceBytes: Int = 1 << 20) -> (
        blocks: [SourceBlock], outcome: ParallelMarkdownParser.Outcome
    ) {
        ParallelMarkdownParser(parser: parser, pieces: pieces, minimumBytes: 0, pieceBytes: pieceBytes).parse(bytes)
    }

    @Test func eachPieceGetsOnlyTheDefinitionsItsBracketsMayUse() throws {
        let markdown = """
            ## One

            See [the notes][Notes 12] and [docs].

            ## Two

            Fixed [#34].

            [notes  12]: https://example.com/12

            [#34]: https://example.com/34

            [docs]: https://example.com/docs

            """
        let bytes = Array(markdown.utf8)
        let plan = try #require(MarkdownCutPlan(bytes: bytes))
        let given = { (lines: ClosedRange<Int>) in
            String(decoding: plan.definitionText(forLines: lines).bytes, as: UTF8.self)
        }
        // Case and spacing differ, the digits do not; a label without digits goes everywhere.
        #expect(given(1...4) == "[notes  12]: https://example.com/12\n\n[docs]: https://example.com/docs\n\n")
        #expect(
            given(5...plan.lineCount)
                == "[notes  12]: https://example.com/12\n\n[#34]: https://example.com/34\n\n"
                + "[docs]: https://example.com/docs\n\n")
        // Cut at `## Two`: the definitions make up most of the bytes.
        #expect(inPieces(4, bytes).outcome == .cut(pieces: 2))
        #expect(inPieces(4, bytes).blocks == parser.parseWhole(bytes).blocks)
    }

    @Test(arguments: [
        "Text [REF\n 12]  here.", "![image][ref 12]", "> quoted [a\n> ref 12]\n> b", "[`x`][ref 12]",
        "[text [ref 12]]", "\\[ref 12] escaped", "[ref 1\\]2]", "- item [Ref 12][]\n  more",
    ])
    func referencesIn(form text: String) {
        // Each form in the middle of a long file, its definitions at the end in runs of their own.
        var markdown = ""
        for index in 0..<12 { markdown += "## H\(index)\n\n\(index == 6 ? text : "Text \(index).")\n\n" }
        markdown += "[ref 12]: /twelve\n\n[a ref 12]: /a\n\n[ref 1\\]2]: /escaped\n\n[other 3]: /three\n"
        let bytes = Array(markdown.utf8)
        let whole = parser.parseWhole(bytes).blocks
        for pieces in 2...6 {
            let cut = inPieces(pieces, bytes)
            #expect(cut.outcome != .whole)
            #expect(cut.blocks == whole, "\(text) in \(pieces) pieces")
        }
    }

    @Test func definitionsAtTheEndResolveReferencesInEveryPiece() throws {
        var markdown = "# Changelog\n\n"
        for version in (1...40).reversed() {
            markdown += "## [1.\(version).0] - 2024-01-\(version % 28 + 1)\n\n### Fixed\n\n- A fix [#\(version)].\n\n"
        }
        for version in 1...40 { markdown += "[1.\(version).0]: https://example.com/compare/\(version)\n" }
        markdown += "[#7]: https://example.com/issues/7\n"
        let bytes = Array(markdown.utf8)
        let cut = inPieces(3, bytes)
        // The last third is definitions, with no heading to cut at.
        #expect(cut.outcome == .cut(pieces: 2))
        #expect(cut.blocks == parser.parseWhole(bytes).blocks)
        guard case .heading(_, let inlines) = cut.blocks[1].block.content else {
            Issue.record("no release heading")
            return
        }
        #expect(inlines.first == .link(destination: "https://example.com/compare/40", title: "", [.text("1.40.0")]))
    }

    @Test func fixturesParseTheSameInAnyNumberOfPieces() throws {
        for group in ["dialects", "examples", "lint", "text", "fuzz"] {
            for name in Fixtures.names(in: group) {
                let bytes = try Fixtures.source(group, name).bytes
                let whole = parser.parseWhole(bytes).blocks
                for pieces in 2...5 {
                    #expect(inPieces(pieces, bytes).blocks == whole, "\(group)/\(name) in \(pieces) pieces")
                }
            }
        }
    }

    @Test(arguments: [
        // Every candidate cut is inside a fenced code block.
        "# A\n\n```\n" + String(repeating: "## not a heading\n\ntext\n\n", count: 30) + "```\n",
        // An unclosed fence takes in the rest of the file.
        "# A\n\n```\n" + String(repeating: "## not a heading\n\n", count: 30),
        // An HTML block runs to the next blank line, over heading lines.
        "## H\n\n<div>\n" + String(repeating: "## inside\ntext\n", count: 30) + "</div>\n",
        // A definition inside a block quote cannot be handed to the other pieces.
        String(repeating: "## [a]\n\ntext\n\n", count: 20) + "> [a]: https://example.com/quoted\n",
        // A definition after paragraph text is text.
        String(repeating: "## [a]\n\ntext\n\n", count: 20) + "text\n[a]: https://example.com/not\n",
        // Definitions followed by text in one paragraph.
        String(repeating: "## [a]\n\ntext\n\n", count: 20) + "[a]: https://example.com/\nthen text\n",
        // A lone carriage return ends a line for cmark.
        String(repeating: "## H\rtext\r\r", count: 20),
    ])
    func uncertainCutsFallBackToOneParse(markdown: String) {
        let bytes = Array(markdown.utf8)
        let whole = parser.parseWhole(bytes).blocks
        for pieces in 2...4 {
            let cut = inPieces(pieces, bytes)
            #expect(cut.outcome == .whole)
            #expect(cut.blocks == whole)
        }
    }

    @Test func generatedDocumentsParseTheSame() {
        var random = SplitMix(seed: 0x5eed)
        var outcomes: [ParallelMarkdownParser.Outcome: Int] = [:]
        for _ in 0..<600 {
            let bytes = Array(GeneratedMarkdown.document(&random).utf8)
            let whole = parser.parseWhole(bytes).blocks
            // Two to four pieces, and as many as cuts allow (a piece of about 64 bytes).
            for (pieces, pieceBytes) in [(2, 1 << 20), (3, 1 << 20), (4, 1 << 20), (2, 64)] {
                let cut = inPieces(pieces, bytes, pieceBytes: pieceBytes)
                outcomes[cut.outcome, default: 0] += 1
                #expect(cut.blocks == whole, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        // Both paths are exercised: most documents are cut, the doubtful ones are not.
        let cutCount = outcomes.filter { $0.key != .whole }.values.reduce(0, +)
        #expect(cutCount > 400, "\(outcomes)")
        #expect((outcomes[.whole] ?? 0) > 400, "\(outcomes)")
    }
}

/// Random Markdown from fragments that stress the cuts: headings in code and HTML, definitions
/// in and out of place, lazy lines, setext headings, CRLF.
private enum GeneratedMarkdown {
    static func document(_ random: inout SplitMix) -> String {
        var parts: [String] = []
        // Most documents have no doubtful fragment, so the cut path is tested as much as the other.
        let doubtfulChance = Int.random(in: 0..<3, using: &random) == 0 ? 8 : 0
        for _ in 0..<Int.random(in: 5...40, using: &random) {
            let number = Int.random(in: 0...6, using: &random)
            // Labels with and without digits, several runs of them, spaces that references
            // may write differently.
            let label = ["ref-\(number)", "Ref \(number)", "v1.\(number).0", "docs", "a\(number) b\(number)"][
                Int.random(in: 0..<5, using: &random)]
            let reference =
                Bool.random(using: &random) ? label : label.uppercased().replacingOccurrences(" ", with: "\n  ")
            let fragments =
                Int.random(in: 0..<100, using: &random) < doubtfulChance
                ? [
                    "```\n## fenced heading\n[\(label)]: /in-code\n```", "```\n## unclosed fence",
                    "<div>\n## in html\n</div>", "> quote\n> [\(label)]: /quoted",
                    "[\(label)]: /mixed\nMixed paragraph text", "Text\n[\(label)]: /continuation",
                    "## Heading with `a]:b` code", "<!-- comment\n## inside comment\n-->",
                ]
                : [
                    "## [\(label)] - 2024-01-02", "## [\(label.uppercased())]", "### Added", "# Title",
                    "- item with [a link][\(reference)] and `code`\n  - nested [\(reference)]",
                    "Paragraph text [\(reference)] here.", "[\(label)]: https://example.com/\(label)",
                    "[\(label)]: https://example.com/\(label)\n  \"A title\"", "```\n## fenced heading\n```",
                    "> lazy\n## heading after quote", "Setext\n===", "    indented code\n    ## x",
                    "*   list\n\n    continued", "1. ordered\n2. two", "---", "  ## indented heading",
                    "####### seven hashes", "#not a heading", "<div>\n\n## after html\n",
                ]
            let fragment = fragments[Int.random(in: 0..<fragments.count, using: &random)]
            // Definitions mostly stand apart, as people write them; the doubtful fragments do not.
            if fragment.hasPrefix("["), parts.last == "\n" { parts.append("\n") }
            parts.append(fragment)
            parts.append(Bool.random(using: &random) ? "\n" : "\n\n")
        }
        let text = parts.joined()
        return Int.random(in: 0..<5, using: &random) == 0 ? text.replacingOccurrences("\n", with: "\r\n") : text
    }
}

/// A small seeded generator, so the generated documents are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
