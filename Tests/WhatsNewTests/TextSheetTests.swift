import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// The terminal sheet: the grid measure, wrapping, styling and golden files of whole sheets.
struct TextSheetTests {
    private func render(
        _ reading: DocumentReader.Reading, width: Int = 80, styling: Bool = false, cjk: Bool = false
    ) -> String {
        let options = TerminalOptions(
            width: width, styling: styling, displayWidth: DisplayWidth(ambiguousIsWide: cjk))
        return TextSheetRenderer(options: options).render(
            Presentation(document: reading.document, releases: reading.document.releases))
    }

    /// Lines of the rows (after the header), with where their text starts and how wide they are.
    private func rowLines(_ text: String, cjk: Bool = false) -> [(start: Int, width: Int, line: String)] {
        let width = DisplayWidth(ambiguousIsWide: cjk)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstRow = lines.firstIndex { $0.isEmpty } ?? lines.count
        return lines[firstRow...].filter { !$0.isEmpty }.map { line in
            // The text starts after the icon (the first cluster, if it is not a space) and the padding.
            var prefix = ""
            var rest = Substring(line)
            if let first = rest.first, first != " " {
                prefix.append(first)
                rest = rest.dropFirst()
            }
            let spaces = rest.prefix { $0 == " " }
            prefix += spaces
            return (width.of(prefix), width.of(line), line)
        }
    }

    @Test(arguments: [40, 60, 80, 120])
    func inkwellAlignsAtEveryWidth(_ width: Int) throws {
        let reading = try Fixtures.read("examples", "inkwell-whats-new")
        let text = render(reading, width: width)
        let rows = rowLines(text)
        #expect(rows.count >= 8)
        // Every title and summary line starts at one column: the widest icon (2) plus the gap.
        #expect(Set(rows.map(\.start)) == [4], "\(rows.filter { $0.start != 4 }.map(\.line))")
        for line in text.split(separator: "\n") {
            #expect(DisplayWidth().of(line) <= width, "\(line)")
        }
    }

    @Test(arguments: [40, 52, 80])
    func mixedIconWidthsAndCJKTitlesAlign(_ width: Int) throws {
        let reading = try Fixtures.read("text", "mixed-widths")
        let text = render(reading, width: width)
        let rows = rowLines(text)
        #expect(Set(rows.map(\.start)) == [4], "\(rows.filter { $0.start != 4 }.map(\.line))")
        #expect(rows.allSatisfy { $0.width <= width })
        // ★ takes one cell, so its row pads with three spaces; the flag and the ZWJ emoji take two.
        #expect(text.contains("★   修复启动时的崩溃问题"))
        #expect(text.contains("🇯🇵  Japanese locale"))
        #expect(text.contains("👩‍💻  Developer mode"))
        #expect(text.contains("\n    No icon here\n"))
    }

    @Test func ambiguousWidthsUnderCJK() throws {
        // With --cjk, ★ takes two cells like the emoji, so no row needs extra padding.
        let reading = try Fixtures.read("text", "mixed-widths")
        let text = render(reading, width: 60, cjk: true)
        #expect(text.contains("★  修复启动时的崩溃问题"))
        #expect(Set(rowLines(text, cjk: true).map(\.start)) == [4])
    }

    @Test func iconColumnIsTheWidestIconOverEveryReleaseShown() throws {
        let reading = try Fixtures.read("## 2.0.0\n\n---\nicon: ★\ntitle: One\n---\n\n## 1.0.0\n\n### Fixed\n\n- a\n")
        let text = render(reading)
        // ★ alone would need two columns; the 🐞 of the older release sets the column for both.
        #expect(text.contains("★   One\n"))
        #expect(text.contains("🐞  Fixed\n"))
        let layout = SheetLayout(
            sections: reading.document.releases.flatMap(\.sections), width: 80, displayWidth: DisplayWidth())
        #expect(layout.iconColumn == 2 && layout.textColumn == 4 && layout.measure == 76)
        #expect(SheetLayout(width: 80, iconColumn: 0).textColumn == 0)
    }

    @Test func headerForOneReleaseAndForSeveral() throws {
        let inkwell = render(try Fixtures.read("examples", "inkwell-whats-new"))
        #expect(inkwell.hasPrefix("What's New in Inkwell\nVersion 2024.03 · 18 March 2024\n\n🌟  Favourites Filter\n"))
        let all = render(try Fixtures.read("examples", "keep-a-changelog"))
        #expect(all.hasPrefix("What's New\n\nUnreleased\n\nNothing listed yet.\n\nVersion 1.4.0 · 2 May 2024\n"))
    }

    @Test func stylingIsBoldTitlesDimSecondaryColouredIconsAndCursorMoves() throws {
        let reading = try Fixtures.read("examples", "inkwell-whats-new")
        let text = render(reading, width: 60, styling: true)
        #expect(
            text.hasPrefix(
                "\u{1B}[1mWhat's New in Inkwell\u{1B}[0m\n\u{1B}[2mVersion 2024.03 · 18 March 2024\u{1B}[0m\n"))
        // yellow → 256-colour 220; then CHA to column 5 (1-based), then the bold title.
        #expect(text.contains("\u{1B}[38;5;220m🌟\u{1B}[0m\u{1B}[5G\u{1B}[1mFavourites Filter\u{1B}[0m\n"))
        // Styling closes at every line end: the last SGR of a line is a reset.
        for line in text.split(separator: "\n") {
            let sgrs = line.split(separator: "\u{1B}[").dropFirst().compactMap { piece -> Substring? in
                guard let end = piece.firstIndex(where: { $0.isLetter }), piece[end] == "m" else { return nil }
                return piece[..<end]
            }
            #expect(sgrs.last.map { $0 == "0" } ?? true, "\(line)")
        }
        let plain = render(reading, width: 60)
        #expect(!plain.utf8.contains(0x1B))
    }

    @Test func exactColoursUseTrueColourWhenOffered() throws {
        let reading = try Fixtures.read("text", "mixed-widths")
        func colored(_ depth: ColorDepth) -> String {
            TextSheetRenderer(options: TerminalOptions(width: 80, styling: true, colorDepth: depth))
                .render(Presentation(document: reading.document, releases: reading.document.releases))
        }
        #expect(colored(.trueColor).contains("\u{1B}[38;2;188;0;45m🇯🇵"))
        #expect(colored(.palette256).contains("\u{1B}[38;5;124m🇯🇵"))
        #expect(colored(.basic16).contains("\u{1B}[33m⚠️"))
        // Named colours stay on the palette even in true colour.
        #expect(colored(.trueColor).contains("\u{1B}[38;5;62m👩‍💻"))
    }

    @Test(arguments: ["examples", "dialects", "text"])
    func goldenSheets(_ group: String) throws {
        for name in Fixtures.names(in: group) {
            Golden.check(render(try Fixtures.read(group, name)), against: "text/\(group)/\(name).txt")
        }
    }
}

/// Wrapping by display width, at word boundaries, never inside a grapheme cluster.
struct LineWrapperTests {
    private func wrap(_ text: String, _ measure: Int) -> [String] {
        LineWrapper(width: DisplayWidth(), measure: measure).wrap([Span(text)]).map { $0.map(\.text).joined() }
    }

    @Test func wrapsAtSpaces() {
        #expect(wrap("the quick brown fox jumps", 10) == ["the quick", "brown fox", "jumps"])
        #expect(wrap("  leading and trailing  ", 40) == ["leading and trailing"])
        #expect(wrap("exactly ten", 11) == ["exactly ten"])
    }

    @Test func breaksAWordLongerThanTheLine() {
        #expect(wrap("abcdefghijkl xy", 5) == ["abcde", "fghij", "kl xy"])
    }

    @Test func neverSplitsAGraphemeCluster() {
        let family = "👨\u{200D}👩\u{200D}👧"
        let lines = wrap(String(repeating: family, count: 5), 5)
        #expect(lines == [family + family, family + family, family])
        #expect(wrap("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func breaksBetweenIdeographsButNotBeforeClosingPunctuation() {
        #expect(wrap("修复启动时的崩溃", 6) == ["修复启", "动时的", "崩溃"])
        #expect(wrap("あいう。えお", 6) == ["あい", "う。え", "お"])
        #expect(wrap("보안 업데이트", 8) == ["보안 업", "데이트"])
    }

    @Test func hardBreaksAreKept() {
        #expect(wrap("one\ntwo three", 20) == ["one", "two three"])
    }

    @Test func spacesCollapseAndLineEndingsBreak() {
        #expect(wrap("a  b\t\tc   d", 40) == ["a b c d"])
        #expect(wrap("one\r\ntwo", 40) == ["one", "two"])
        #expect(wrap("a\rb", 40) == ["a\rb"])  // a lone CR is kept, as a character of no width
        #expect(wrap("one\n\ntwo", 40) == ["one", "", "two"])
    }

    @Test func asciiNextToIdeographsBreaksBetweenThem() {
        #expect(wrap("ab修复cd", 4) == ["ab修", "复cd"])
        #expect(wrap("ab修复cd", 40) == ["ab修复cd"])
        #expect(wrap("see 修复。ok", 5) == ["see", "修", "复。", "ok"])
    }

    @Test func wordsRunAcrossSpansAndKeepTheirStyles() {
        var bold = TextStyle()
        bold.bold = true
        let lines = LineWrapper(width: DisplayWidth(), measure: 40).wrap([Span("a b"), Span("c d", bold)])
        #expect(lines == [[Span("a b"), Span("c d", bold)]])
        let narrow = LineWrapper(width: DisplayWidth(), measure: 3).wrap([Span("a b"), Span("c d", bold)])
        #expect(narrow == [[Span("a")], [Span("b"), Span("c", bold)], [Span("d", bold)]])
    }

    /// ASCII text takes a fast path by runs; a plain greedy wrapper written for the test must
    /// agree with it on every input and measure.
    @Test func asciiRunsAgreeWithAPlainGreedyWrapper() {
        func reference(_ text: String, _ measure: Int) -> [String] {
            var lines: [String] = []
            var line = ""
            for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) {
                if line.isEmpty || line.count + 1 + word.count > measure {
                    if !line.isEmpty { lines.append(line) }
                    line = ""
                    var rest = Substring(word)
                    while rest.count > measure {
                        lines.append(String(rest.prefix(measure)))
                        rest = rest.dropFirst(measure)
                    }
                    line = String(rest)
                } else {
                    line += " " + word
                }
            }
            if !line.isEmpty { lines.append(line) }
            return lines
        }
        var seed: UInt64 = 2024
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let words = ["a", "to", "fix", "crash", "layout", "thumbnail", "notification", "--index", "(#1234)", "x.y"]
        for _ in 0..<300 {
            let text = (0..<next(30)).map { _ in words[next(words.count)] + String(repeating: " ", count: 1 + next(2)) }
                .joined()
            let measure = 1 + next(40)
            #expect(wrap(text, measure) == reference(text, measure), "\(measure): \(text)")
        }
    }

    @Test func stylesStayWithTheirWords() {
        var bold = TextStyle()
        bold.bold = true
        let lines = LineWrapper(width: DisplayWidth(), measure: 10).wrap([Span("plain "), Span("bold words", bold)])
        #expect(lines == [[Span("plain "), Span("bold", bold)], [Span("words", bold)]])
    }
}

/// Inline Markdown and blocks on the terminal.
struct TerminalMarkdownTests {
    private func lines(_ markdown: String, measure: Int = 40, hyperlinks: Bool = false) throws -> [String] {
        let blocks = try Fixtures.read("## 1.0.0\n\n" + markdown).document.releases[0].sections[0].lead.blocks
        let text = BlockText(inline: InlineText(hyperlinks: hyperlinks), width: DisplayWidth())
        return text.lines(blocks, measure: measure).map {
            String(repeating: " ", count: $0.indent) + $0.spans.map(\.text).joined()
        }
    }

    @Test func linksWithoutHyperlinksShowTheAddressOnce() throws {
        #expect(try lines("See [the guide](https://example.com/g).") == ["See the guide (https://example.com/g)."])
        #expect(try lines("<https://example.com/g>") == ["https://example.com/g"])
        #expect(try lines("[mail us](mailto:team@example.com)") == ["mail us (mailto:team@example.com)"])
        #expect(try lines("<team@example.com>") == ["team@example.com"])
    }

    @Test func hyperlinksOnlyForWebAndMail() throws {
        let inline = InlineText(hyperlinks: true)
        let web = inline.spans([.link(destination: "https://example.com", title: "", [.text("site")])])
        #expect(web.map(\.style.link) == ["https://example.com"])
        let file = inline.spans([.link(destination: "file:///etc/passwd", title: "", [.text("local")])])
        #expect(file.map(\.text) == ["local", " (file:///etc/passwd)"])
        #expect(file.allSatisfy { $0.style.link == nil })
    }

    @Test func listsHangAndNest() throws {
        let markdown =
            "- first item that is long enough to wrap around\n  - nested item that wraps as well here\n- second\n"
        #expect(
            try lines(markdown, measure: 30) == [
                "• first item that is long",
                "  enough to wrap around",
                "  ◦ nested item that wraps as",
                "    well here",
                "• second",
            ])
        #expect(try lines("1. one\n2. two\n", measure: 30) == ["1. one", "2. two"])
    }

    @Test func quotesAndCodeBlocks() throws {
        #expect(try lines("> quoted words here\n", measure: 12) == ["│ quoted", "│ words here"])
        let code = try lines(
            "```\nlet x = 1 // a long line that is never wrapped at all\n\tindented\n```\n", measure: 20)
        #expect(code == ["let x = 1 // a long line that is never wrapped at all", "    indented"])
    }

    @Test func emphasisStrongAndCodeSpansKeepTheirWords() throws {
        #expect(try lines("Use **bold**, *italics* and `code`.") == ["Use bold, italics and code."])
        let inline = InlineText(hyperlinks: false)
        let spans = inline.spans([.strong([.text("a")]), .emphasis([.text("b")]), .code("c")])
        #expect(spans.map(\.style.bold) == [true, false, false])
        #expect(spans.map(\.style.italic) == [false, true, false])
        #expect(spans.map(\.style.code) == [false, false, true])
    }

    @Test func hardBreaksAndDates() throws {
        #expect(try lines("one  \ntwo") == ["one", "two"])
        #expect(ReleaseDate(year: 2024, month: 3, day: 18)?.longText == "18 March 2024")
    }
}

/// Which way styling and width go, from options, environment and terminal.
struct TerminalOptionTests {
    @Test func colorPrecedence() {
        let tty = true
        #expect(ColorChoice.always.styles(environment: ["NO_COLOR": "1"], outputIsTerminal: false))
        #expect(!ColorChoice.never.styles(environment: ["FORCE_COLOR": "1"], outputIsTerminal: tty))
        #expect(!ColorChoice.auto.styles(environment: ["NO_COLOR": "1", "FORCE_COLOR": "1"], outputIsTerminal: tty))
        #expect(ColorChoice.auto.styles(environment: ["NO_COLOR": "", "FORCE_COLOR": "1"], outputIsTerminal: false))
        #expect(ColorChoice.auto.styles(environment: ["CLICOLOR_FORCE": "1", "TERM": "dumb"], outputIsTerminal: false))
        #expect(!ColorChoice.auto.styles(environment: ["FORCE_COLOR": ""], outputIsTerminal: false))
        #expect(!ColorChoice.auto.styles(environment: ["TERM": "dumb"], outputIsTerminal: tty))
        #expect(ColorChoice.auto.styles(environment: ["TERM": "xterm-256color"], outputIsTerminal: tty))
        #expect(!ColorChoice.auto.styles(environment: [:], outputIsTerminal: false))
    }

    @Test func colorDepth() {
        #expect(ColorDepth.from(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorDepth.from(environment: ["COLORTERM": "24bit", "TERM": "linux"]) == .trueColor)
        #expect(ColorDepth.from(environment: ["TERM": "linux"]) == .basic16)
        #expect(ColorDepth.from(environment: ["TERM": "xterm-256color"]) == .palette256)
    }

    @Test func widthPrecedence() {
        #expect(TerminalOptions.width(option: 50, environment: ["COLUMNS": "100"], terminalColumns: 120) == 50)
        #expect(TerminalOptions.width(option: nil, environment: ["COLUMNS": "100"], terminalColumns: 120) == 100)
        #expect(TerminalOptions.width(option: nil, environment: ["COLUMNS": "wide"], terminalColumns: 120) == 120)
        #expect(TerminalOptions.width(option: nil, environment: [:], terminalColumns: nil) == 80)
    }

    /// C1 controls are found even in text with no C0 control or DEL to give them away, and
    /// text without any control comes back as it was.
    @Test func sanitizerFindsC1ControlsOnTheirOwn() {
        #expect(TerminalSanitizer.clean("C1 \u{9B}31malone") == "C1 alone")
        #expect(TerminalSanitizer.clean("next\u{85}line") == "nextline")
        #expect(TerminalSanitizer.clean("\u{9D}52;c;eA==\u{9C}kept") == "kept")
        let plain = "Café · 修复 🚀 ©"
        #expect(TerminalSanitizer.clean(plain) == plain)
    }
}
