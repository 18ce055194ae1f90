import Foundation
import Testing

/// `--format testflight`: TestFlight's "What to Test" within its 4,000 characters, and with
/// `--locales` one JSON object of App Store Connect locale to text for a build's localizations.
struct TestFlightTests {
    private let translated = SharedFiles.fixture("translations", "CHANGELOG")

    /// The featured example's latest release, and the Keep a Changelog example's three releases
    /// (and its empty unreleased heading), as testers read them.
    @Test func textsMatchTheirGoldens() throws {
        try SharedFiles.checkGolden(
            example: "featured-changelog", ["--format", "testflight"], "testflight/featured-changelog.txt")
        let all = try SharedFiles.checkGolden(
            example: "keep-a-changelog", ["--format", "testflight", "--release", "all"],
            "testflight/keep-a-changelog-all.txt")
        for markup in ["`", "**", "](", "###"] { #expect(!all.contains(markup)) }
    }

    @Test func theLimitIsFourThousand() throws {
        let fits = try WhatsNewBinary.run(
            ["-", "--format", "testflight"], stdin: ReleaseWorkflowTests.notes(appStoreLength: 4000))
        #expect(fits.status == 0 && fits.stdout.dropLast().count == 4000)
        let notes = ReleaseWorkflowTests.notes(appStoreLength: 4001)
        let over = try WhatsNewBinary.run(["-", "--format", "testflight"], stdin: notes)
        #expect(over.status == 1 && over.stdout.isEmpty)
        #expect(
            over.stderr
                == "<stdin>:1:1: error: the TestFlight text is 4001 characters, 1 over its limit of 4000; shorten the notes or pass --truncate\n"
        )
        let cut = try WhatsNewBinary.run(["-", "--format", "testflight", "--truncate"], stdin: notes)
        #expect(cut.status == 0)
        let text = String(cut.stdout.dropLast())
        #expect(text.count <= 4000 && text.hasSuffix("\n…"))
        let items = Set(notes.split(separator: "\n").filter { $0.hasPrefix("- ") }.map { "• " + $0.dropFirst(2) })
        #expect(text.split(separator: "\n").dropFirst().dropLast().allSatisfy { items.contains(String($0)) })
    }

    /// Every translation under App Store Connect's code, each the text `--locale` gives alone.
    @Test func localesGiveOneObjectOfTexts() throws {
        let run = try WhatsNewBinary.run([translated, "--format", "testflight", "--locales", "all"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: String])
        #expect(object.keys.sorted() == ["ar-SA", "de-DE", "en-US", "ja", "pt-BR"])
        for (tag, code) in [("de", "de-DE"), ("ja", "ja"), ("pt-BR", "pt-BR"), ("ar", "ar-SA")] {
            let alone = try WhatsNewBinary.run([translated, "--format", "testflight", "--locale", tag])
            #expect(object[code].map { $0 + "\n" } == alone.stdout, "\(tag)")
        }
        #expect(
            object["en-US"].map { $0 + "\n" }
                == (try WhatsNewBinary.run([translated, "--format", "testflight"])).stdout)
        try SharedFiles.checkGolden(run.stdout, "testflight/translations-locales.json")

        // A locale App Store Connect does not take fails the run, which writes nothing.
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("what-to-test.json")
        let refused = try WhatsNewBinary.run(
            [translated, "--format", "testflight", "--locales", "de,xx-YY", "--output", file.path])
        #expect(refused.status == 1 && refused.stderr.contains("App Store Connect takes no locale xx-YY"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
