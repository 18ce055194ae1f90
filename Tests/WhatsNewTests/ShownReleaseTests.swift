import Testing

@testable import WhatsNewEditing
@testable import WhatsNewModel
@testable import WhatsNewReading

/// Finding each fragment's last words in the release the preview shows, in one pass: every
/// answer is the one searching each row's text gives, whatever the text.
struct ShownReleaseTests {
    /// Rows' text, one item each.
    static let items = [
        "Café au lait e\u{301} cafe\u{301} re\u{301}sume\u{301}.",
        "新しい機能を追加しました 修复启动时的崩溃问题 동기화 속도 개선",
        "Flags 🇯🇵🇯🇵 🇫🇷 and 👩\u{200D}💻 people 👍🏽 ok",
        "Arabic \u{600} prepend \u{600}x mark \u{600} more",
        "Words [with] (brackets) and [#240] links",
        "ﾊﾟﾋﾟ halfwidth ｶﾞ voiced ﾞ alone",
        "Prefix ab c d e f g",
        "A mark after a tab x\t\u{301}y z",
    ]

    /// Fragments' notes: some found where a word starts, some only inside one (`b c`), some not
    /// at all, and one (`\u{301}y z`) at a word's start where the text has no character starting.
    static let notes = [
        "Café au lait e\u{301} cafe\u{301} re\u{301}sume\u{301}.",
        "修复启动时的崩溃问题 동기화 속도 개선",
        "🇯🇵🇯🇵 🇫🇷 and 👩\u{200D}💻 people",
        "🇯🇵 🇫🇷",
        "Arabic \u{600} prepend",
        "prepend \u{600}x mark \u{600}",
        "(brackets) and [#240] links",
        "ｶﾞ voiced ﾞ alone",
        "ﾞ alone",
        "b c d e f",
        "b c",
        "Not in the notes at all.",
        "e\u{301}",
        "\u{301}",
        "\u{301}y z",
    ]

    @Test func everyAnswerIsTheSearchs() throws {
        let rows = Self.items.enumerated().map { index, item in "### Row \(index)\n\n- \(item)\n" }
        let text = "# Changelog\n\n## [Unreleased]\n\n" + rows.joined(separator: "\n")
        let source = try SourceFile(path: "CHANGELOG.md", bytes: Array(text.utf8))
        let release = try #require(DocumentReader().read(source).document.releases.first)
        let fragments = try Self.notes.enumerated().map { index, note in
            let text = "---\nkind: added\n---\n\(note)\n"
            let file = try SourceFile(path: ".changes/\(index).md", bytes: Array(text.utf8))
            return try #require(FragmentReader().read(file).fragment)
        }
        let shown = ShownRelease(release, fragments: fragments)
        let texts = release.sections.map { ShownRelease.words(of: $0.content.plainText).joined(separator: " ") }
        #expect(texts.count == Self.items.count)
        var found = 0
        for fragment in fragments {
            let words = ShownRelease.lastWords(of: fragment).joined(separator: " ")
            // The standard library's search, as the notes' target has it (Foundation's `contains`,
            // which the tests see, matches a lone combining mark where it finds no character).
            let searched = texts.contains { $0.firstRange(of: words) != nil }
            #expect(shown.shows(words: words) == searched, "\(fragment.name): `\(words)`")
            if searched { found += 1 }
        }
        #expect(found > 0 && found < fragments.count)
    }

    /// Words taken line by line, ASCII lines byte by byte, are the words of the whole text.
    @Test func wordsAreTheWholeTextsWords() {
        let texts = [
            "", "\n\n", " Leading and trailing \n", "Two lines\nof words [in] (brackets)", "(only)", "[]()",
            "a\r\nb", "a\r(\nb", "a\r\n\u{301}b", "x\n\u{301}y z", "🇯(🇵 flag made\nby a bracket",
            "e\u{301}[x](y) caf\u{E9}\r\nnext", "tab\tsep\u{0B}v\u{0C}f\u{1C}g", "ﾊﾟ\nan ASCII line",
            "\u{85}next\u{A0}line \u{2028}sep", "\u{1100}[\u{1161} joined", " [\u{301}] ( \u{200D})",
            "\u{600}[x] \u{600} y", "\u{1F1EF} [\u{1F1F5}]", "x\u{200D}[\u{1F642}] ok", "a \u{903}(b)",
        ]
        for text in texts {
            let whole = text.filter { !"[]()".contains($0) }.split(whereSeparator: \.isWhitespace)
            let scalars = ShownRelease.words(of: text).map { Array($0.unicodeScalars) }
            #expect(scalars == whole.map { Array($0.unicodeScalars) }, "\(text.debugDescription)")
        }
    }

    /// Strings of the scalars that join or split characters around brackets and spaces (marks,
    /// joiners, prepended signs, Hangul jamo, flags, skin tones): the words are the whole
    /// text's words, whatever the order.
    @Test func wordsAreTheWholeTextsWordsForMixedScalars() {
        let alphabet: [String] = [
            " ", "\t", "\r", "\n", "[", "]", "(", ")", "a", "\u{301}", "\u{200D}", "\u{600}", "\u{1100}",
            "\u{1161}", "\u{1F1EF}", "\u{1F1F5}", "\u{1F642}", "\u{1F3FB}", "\u{A0}", "\u{903}", "\u{E9}", "\u{2014}",
            "\u{3000}", "\u{FE0F}",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<3_000 {
            let text = (0..<(1 + next(14))).map { _ in alphabet[next(alphabet.count)] }.joined()
            let whole = text.filter { !"[]()".contains($0) }.split(whereSeparator: \.isWhitespace)
            let scalars = ShownRelease.words(of: text).map { Array($0.unicodeScalars) }
            #expect(scalars == whole.map { Array($0.unicodeScalars) }, "\(text.debugDescription)")
        }
    }
}
