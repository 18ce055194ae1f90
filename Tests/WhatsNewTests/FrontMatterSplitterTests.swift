import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading

struct FrontMatterSplitterTests {
    private func split(_ text: String) -> FrontMatterSplitter.Result {
        FrontMatterSplitter(path: "notes.md").split(Array(text.utf8))
    }

    @Test func blanksLinesButKeepsLineNumbers() {
        let text = "---\ntitle: Sheet\n---\n\n## 1.0\n"
        let result = split(text)
        #expect(result.blocks.map(\.openingLine) == [1])
        #expect(result.blocks[0].role == .sheet)
        #expect(result.blocks[0].yaml == "title: Sheet")
        #expect(String(decoding: result.markdown, as: UTF8.self) == "\n\n\n\n## 1.0\n")
    }

    @Test func blanksEveryBlockAndLeavesAKeptCopyAlone() {
        let text =
            "## 2.0\r\n\r\n---\r\nicon: star\r\ntitle: Two\r\n---\r\nBody two.\n\n## 1.0\n\n---\nicon: bolt\n---\nOne.\n"
        let blanked = "## 2.0\r\n\r\n\r\n\r\n\r\n\r\nBody two.\n\n## 1.0\n\n\n\n\nOne.\n"
        // Still held here, so the splitter must blank a copy.
        let kept = Array(text.utf8)
        let fromKept = FrontMatterSplitter(path: "notes.md").split(kept)
        #expect(String(decoding: fromKept.markdown, as: UTF8.self) == blanked)
        #expect(kept == Array(text.utf8))
        #expect(fromKept.blocks.map(\.yaml) == ["icon: star\ntitle: Two", "icon: bolt"])
        // Handed over, so it blanks in place.
        #expect(String(decoding: split(text).markdown, as: UTF8.self) == blanked)
    }

    @Test func sectionBlocksOpenAfterABlankLineOrAHeading() {
        let text = """
            ## 1.0

            ---
            icon: star
            ---
            Body.
            ### Next
            ---
            title: After a heading
            ---
            """
        #expect(split(text).blocks.map(\.openingLine) == [3, 8])
        #expect(split(text).blocks.map(\.role) == [.section, .section])
    }

    @Test func dashesAfterAParagraphStayMarkdown() {
        // A setext underline, not front matter.
        let result = split("Some text\n---\ntitle: x\n---\n")
        #expect(result.blocks.isEmpty)
    }

    @Test func unknownFirstKeyStaysMarkdownAfterLineOne() {
        #expect(split("Intro\n\n---\nauthor: someone\n---\n").blocks.isEmpty)
        #expect(split("Intro\n\n---\n\nNote: prose after a rule\n").blocks.isEmpty)
    }

    /// Docs sites put their own keys in a page's front matter (`toc_depth: 2`); on line 1 it
    /// is still the sheet's block, and the decoder reports the keys it does not take.
    @Test func anyYAMLKeyOnLineOneOpensTheSheetBlock() throws {
        let result = split("---\ntoc_depth: 2\n---\n\n## 1.0.0\n")
        #expect(result.blocks.map(\.role) == [.sheet])
        let reading = try Fixtures.read("---\ntoc_depth: 2\n---\n\n## 1.0.0\n\n- a\n")
        #expect(reading.document.releases.map { $0.version?.text } == ["1.0.0"])
        #expect(reading.diagnostics.map(\.rule) == [.frontMatterUnknownKey])
    }

    @Test func fencedCodeAndCommentsAreLeftAlone() {
        let text = """
            ```yaml

            ---
            title: inside a fence
            ---
            ```

            <!--

            ---
            title: inside a comment
            ---
            -->
            """
        #expect(split(text).blocks.isEmpty)
    }

    @Test func lineOneBlockWithSectionKeysIsASection() {
        #expect(split("---\nicon: star\ntitle: First\n---\n").blocks.map(\.role) == [.section])
    }

    @Test func unclosedBlockIsReported() {
        let result = split("# Title\n\n---\ntitle: never closed\n")
        #expect(result.blocks.isEmpty)
        #expect(result.diagnostics.map(\.rule) == [.frontMatterUnclosed])
        #expect(result.diagnostics.first?.location.line == 3)
    }

    @Test func windowsAndOldMacLineEndings() {
        let crlf = split("---\r\ntitle: Sheet\r\n---\r\n\r\n---\r\nicon: star\r\n---\r\n")
        #expect(crlf.blocks.map(\.openingLine) == [1, 5])
        #expect(crlf.blocks[0].yaml == "title: Sheet")
        let cr = split("---\rtitle: Sheet\r---\r\r## 1.0\r")
        #expect(cr.blocks.map(\.closingLine) == [3])
        #expect(String(decoding: cr.markdown, as: UTF8.self) == "\r\r\r\r## 1.0\r")
    }

    @Test func adjacentBlocks() {
        #expect(split("---\nicon: a\ntitle: A\n---\n---\nicon: b\ntitle: B\n---\n").blocks.count == 2)
    }

    @Test func linesSplitWhereCmarkSplitsThem() {
        // Every string of up to six bytes from `a`, `\n` and `\r`, against a plain byte loop.
        let alphabet: [UInt8] = [UInt8(ascii: "a"), 0x0A, 0x0D]
        var inputs: [[UInt8]] = [[]]
        for _ in 0..<6 {
            inputs += inputs.filter { $0.count == inputs.last!.count }.flatMap { i in alphabet.map { i + [$0] } }
        }
        for bytes in inputs {
            var expected: [(Range<Int>, Range<Int>)] = []
            var start = 0
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0x0A || bytes[index] == 0x0D {
                    let after =
                        bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A
                        ? index + 2 : index + 1
                    expected.append((start..<index, start..<after))
                    start = after
                    index = after
                } else {
                    index += 1
                }
            }
            if start < bytes.count { expected.append((start..<bytes.count, start..<bytes.count)) }
            let lines = SourceLines.lines(of: bytes)
            #expect(lines.map(\.content) == expected.map(\.0), "\(bytes)")
            #expect(lines.map(\.whole) == expected.map(\.1), "\(bytes)")
            #expect(lines.map(\.number) == Array(1...max(1, lines.count)).prefix(lines.count).map { $0 })
        }
    }
}
