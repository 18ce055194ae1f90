import Foundation
import Testing
import WhatsNewTestSupport

@testable import WhatsNewModel

/// One string and the cells a terminal gives it.
struct WidthCase: CustomTestStringConvertible, Sendable {
    var text: String
    var cells: Int
    var what: String

    init(_ text: String, _ cells: Int, _ what: String) {
        self.text = text
        self.cells = cells
        self.what = what
    }

    var testDescription: String { what }
}

/// Widths checked by hand against the Unicode data, and against `wcwidth.wcswidth` where
/// python3 has it. Disagreements with wcwidth would be listed in `disagreements`; there are none.
let widthCases: [WidthCase] = [
    // ASCII and Latin
    WidthCase("", 0, "empty"),
    WidthCase("a", 1, "ASCII letter"),
    WidthCase("Hello, world!", 13, "ASCII sentence"),
    WidthCase("é", 1, "precomposed e acute"),
    WidthCase("e\u{301}", 1, "e with combining acute"),
    WidthCase("a\u{301}\u{316}\u{323}", 1, "stacked combining marks"),
    WidthCase("naïve café", 10, "Latin with diacritics"),
    WidthCase("Straße", 6, "sharp s"),
    WidthCase("\u{2014}", 1, "em dash"),
    WidthCase("\u{2026}", 1, "horizontal ellipsis (ambiguous)"),
    WidthCase("\u{00B7}", 1, "middle dot (ambiguous)"),
    WidthCase("\u{2022}", 1, "bullet (ambiguous)"),
    WidthCase("\u{00AD}", 1, "soft hyphen, drawn as a hyphen"),
    WidthCase("Ω", 1, "Greek omega (ambiguous)"),
    WidthCase("Жук", 3, "Cyrillic"),
    // Zero-width and format characters
    WidthCase("\u{200B}", 0, "zero width space"),
    WidthCase("a\u{200B}b", 2, "zero width space between letters"),
    WidthCase("\u{200D}", 0, "lone zero width joiner"),
    WidthCase("\u{2060}", 0, "word joiner"),
    WidthCase("\u{FEFF}", 0, "zero width no-break space"),
    WidthCase("\u{200E}abc", 3, "left-to-right mark"),
    WidthCase("\u{0301}", 0, "lone combining acute"),
    // East Asian
    WidthCase("中", 2, "CJK ideograph"),
    WidthCase("中文字", 6, "three CJK ideographs"),
    WidthCase("新しい機能", 10, "Japanese kanji and hiragana"),
    WidthCase("カタカナ", 8, "katakana"),
    WidthCase("ｶﾀｶﾅ", 4, "halfwidth katakana"),
    WidthCase("ＡＢＣ", 6, "fullwidth Latin"),
    WidthCase("한국어", 6, "Hangul syllables"),
    WidthCase("\u{1100}\u{1161}\u{11A8}", 2, "conjoining Hangul jamo L V T"),
    WidthCase("\u{3000}", 2, "ideographic space"),
    WidthCase("。", 2, "ideographic full stop"),
    WidthCase("が", 2, "hiragana with voiced mark, precomposed"),
    WidthCase("か\u{3099}", 2, "hiragana with combining voiced mark"),
    WidthCase("修复崩溃", 8, "Chinese title"),
    // Other scripts
    WidthCase("क्षि", 2, "Devanagari conjunct with vowel sign"),
    WidthCase("नमस्ते", 4, "Devanagari word"),
    WidthCase("ก่", 1, "Thai consonant with tone mark"),
    WidthCase("שלום", 4, "Hebrew"),
    WidthCase("مرحبا", 5, "Arabic"),
    // Symbols that stay one cell without VS16
    WidthCase("★", 1, "black star (ambiguous, text)"),
    WidthCase("☆", 1, "white star (ambiguous, text)"),
    WidthCase("⚠", 1, "warning sign, text presentation"),
    WidthCase("✔", 1, "heavy check mark, text presentation"),
    WidthCase("❤", 1, "heavy heart, text presentation"),
    WidthCase("→", 1, "rightwards arrow (ambiguous)"),
    WidthCase("⌘", 1, "place of interest sign"),
    WidthCase("1\u{20E3}", 1, "digit with keycap, no VS16"),
    // Emoji
    WidthCase("⭐", 2, "star emoji"),
    WidthCase("🐞", 2, "lady beetle"),
    WidthCase("✨", 2, "sparkles"),
    WidthCase("⚠\u{FE0F}", 2, "warning sign with VS16"),
    WidthCase("✔\u{FE0F}", 2, "check mark with VS16"),
    WidthCase("❤\u{FE0F}", 2, "heart with VS16"),
    WidthCase("☁\u{FE0F}", 2, "cloud with VS16"),
    WidthCase("1\u{FE0F}\u{20E3}", 2, "keycap one"),
    WidthCase("#\u{FE0F}\u{20E3}", 2, "keycap number sign"),
    WidthCase("🇫🇷", 2, "flag: regional-indicator pair"),
    WidthCase("🇯🇵🇰🇷", 4, "two flags"),
    WidthCase("🇫", 2, "lone regional indicator"),
    WidthCase("👍🏽", 2, "thumbs up, medium skin tone"),
    WidthCase("👋🏿", 2, "waving hand, dark skin tone"),
    WidthCase("👨\u{200D}👩\u{200D}👧", 2, "family ZWJ sequence"),
    WidthCase("👩🏽\u{200D}💻", 2, "technologist with skin tone, ZWJ"),
    WidthCase("🏳\u{FE0F}\u{200D}🌈", 2, "rainbow flag ZWJ sequence"),
    WidthCase("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2, "Scotland tag sequence"),
    WidthCase("🌙\u{FE0E}", 2, "emoji-presentation base with VS15"),
    WidthCase("🪫", 2, "low battery (Unicode 14)"),
    WidthCase("🫨", 2, "shaking face (Unicode 15)"),
    // Mixed
    WidthCase("✨ New", 6, "emoji and word"),
    WidthCase("v1.2 — 修复", 11, "version, dash, Chinese"),
    WidthCase("Ünïcödé 🎉 テスト", 17, "Latin, emoji, katakana"),
]

/// Cases where this engine and wcwidth differ on purpose, with the reason.
let disagreements: [String: String] = [:]

@Suite struct DisplayWidthTests {
    let width = DisplayWidth()

    @Test(arguments: widthCases)
    func widthOfString(_ example: WidthCase) {
        #expect(width.of(example.text) == example.cells, "\(example.what): \(example.text.debugDescription)")
    }

    @Test func tableHoldsAtLeastSixtyStrings() {
        #expect(widthCases.count >= 60)
    }

    @Test func ambiguousCharactersAreWideInCJKContext() {
        let cjk = DisplayWidth(ambiguousIsWide: true)
        #expect(cjk.of("★") == 2)
        #expect(cjk.of("→") == 2)
        #expect(cjk.of("中") == 2)
        #expect(cjk.of("a") == 1)
        #expect(cjk.of("⭐") == 2)
    }

    @Test func tableIsPinnedToAUnicodeVersion() {
        #expect(DisplayWidth.unicodeVersion == "15.0.0")
    }

    /// Every case agrees with the PyPI `wcwidth` package's `wcswidth`, except the disagreements
    /// listed above. Skipped without python3 and wcwidth, unless WHATSNEW_REQUIRE_TOOLS=1 (set
    /// by `.ci/run`), where it runs and fails.
    @Test(
        .slowCheck,
        .enabled(
            if: WcwidthOracle.isAvailable || ProcessInfo.processInfo.environment["WHATSNEW_REQUIRE_TOOLS"] == "1",
            "python3 with the wcwidth package is not installed"))
    func agreesWithWcwidth() throws {
        guard let measured = try WcwidthOracle.widths(of: widthCases.map(\.text)) else {
            Issue.record("python3 with the wcwidth package is missing; .ci/run installs it")
            return
        }
        for (example, theirs) in zip(widthCases, measured) where disagreements[example.text] == nil {
            #expect(width.of(example.text) == theirs, "\(example.what): wcwidth says \(theirs)")
        }
    }
}

/// Asks python3's `wcwidth.wcswidth` for the widths of strings; nil when it is not installed.
enum WcwidthOracle {
    static let isAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import wcwidth"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    static func widths(of texts: [String]) throws -> [Int]? {
        let script = """
            import json, sys
            try:
                import wcwidth
            except ImportError:
                sys.exit(3)
            print(json.dumps([wcwidth.wcswidth(text) for text in json.load(sys.stdin)]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        input.fileHandleForWriting.write(try JSONEncoder().encode(texts))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return try JSONDecoder().decode([Int].self, from: data)
    }
}
