import Foundation
import Testing

/// The CI side of whatsnew: a Markdown release body, store texts within their limits, fastlane's
/// files, and output files that a failed run leaves alone.
struct ReleaseWorkflowTests {
    private let keepAChangelog = SharedFiles.fixture("examples", "keep-a-changelog")

    /// Notes whose App Store text is exactly `length` characters: a title and items of 100.
    static func notes(appStoreLength length: Int) -> String {
        // "✨ Added" is 7 characters; each item line adds "\n• " and its text.
        var items: [String] = []
        var total = 7
        while total + 100 <= length {
            items.append("Change \(items.count + 100) " + String(repeating: "a", count: 100 - 3 - 11))
            total += 100
        }
        let rest = length - total
        if rest > 0 { items.append(String(repeating: "b", count: rest - 3)) }
        return "## 1.0.0\n\n### Added\n\n" + items.map { "- \($0)\n" }.joined()
    }

    @Test func markdownBodyReadsBackToTheSameSections() throws {
        for name in ["keep-a-changelog", "featured-changelog", "inkwell-whats-new"] {
            let input = SharedFiles.fixture("examples", name)
            let body = try WhatsNewBinary.run([input, "--format", "markdown"])
            #expect(body.status == 0)
            let original = try WhatsNewBinary.run([input, "--format", "json"])
            let again = try WhatsNewBinary.run(["-", "--format", "json"], stdin: body.stdout)
            func sections(_ json: String) throws -> [[String: [String]]] {
                let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
                let release = (object?["releases"] as? [[String: Any]])?.first
                return (release?["sections"] as? [[String: Any]] ?? []).map {
                    [($0["title"] as? String ?? "-"): $0["items"] as? [String] ?? []]
                }
            }
            #expect(try sections(again.stdout) == sections(original.stdout), "\(name)\n\(body.stdout)")
        }
        let body = try WhatsNewBinary.run([keepAChangelog, "--format", "markdown"]).stdout
        #expect(
            body.hasPrefix(
                "## [1.4.0](https://example.com/compare/v1.3.1...v1.4.0) - 2024-05-02\n\nOffline sync arrives, and exports get faster.\n\n### ✨ Added\n"
            ))
        #expect(body.contains("([#212](https://example.com/issues/212))"))
    }

    @Test func storeTextsArePlain() throws {
        let text = try WhatsNewBinary.run([keepAChangelog, "--format", "appstore"])
        #expect(text.status == 0)
        #expect(
            text.stdout.contains(
                "✨ Added\n• Offline sync: edits made without a connection are queued and sent later.\n"))
        #expect(text.stdout.contains("• --since option for the export command.\n"))
        for markup in ["`", "**", "](", "###"] { #expect(!text.stdout.contains(markup)) }
        let play = try WhatsNewBinary.run([keepAChangelog, "--format", "play"])
        #expect(play.status == 0 && play.stdout == text.stdout)
    }

    @Test func appStoreLimitIsExact() throws {
        let fits = try WhatsNewBinary.run(["-", "--format", "appstore"], stdin: Self.notes(appStoreLength: 4000))
        #expect(fits.status == 0)
        #expect(fits.stdout.dropLast().count == 4000)

        let over = try WhatsNewBinary.run(["-", "--format", "appstore"], stdin: Self.notes(appStoreLength: 4001))
        #expect(over.status == 1)
        #expect(over.stdout.isEmpty)
        #expect(
            over.stderr
                == "<stdin>:1:1: error: the App Store Connect text is 4001 characters, 1 over its limit of 4000; shorten the notes or pass --truncate\n"
        )

        let notes = Self.notes(appStoreLength: 4001)
        let cut = try WhatsNewBinary.run(["-", "--format", "appstore", "--truncate"], stdin: notes)
        #expect(cut.status == 0)
        let text = String(cut.stdout.dropLast())
        #expect(text.count <= 4000)
        #expect(text.hasSuffix("\n…"))
        // Every line kept is a whole item of the notes.
        let items = Set(notes.split(separator: "\n").filter { $0.hasPrefix("- ") }.map { "• " + $0.dropFirst(2) })
        let kept = text.split(separator: "\n").dropFirst().dropLast()
        #expect(kept.count >= 38)
        #expect(kept.allSatisfy { items.contains(String($0)) })
    }

    @Test func playLimitIsFiveHundred() throws {
        let notes = Self.notes(appStoreLength: 501)
        let over = try WhatsNewBinary.run(["-", "--format", "play"], stdin: notes)
        #expect(over.status == 1)
        #expect(over.stderr.contains("the Google Play text is 501 characters, 1 over its limit of 500"))
        let cut = try WhatsNewBinary.run(["-", "--format", "play", "--truncate"], stdin: notes)
        #expect(cut.stdout.dropLast().count <= 500 && cut.stdout.hasSuffix("\n…\n"))
    }

    @Test func fastlaneExport() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try WhatsNewBinary.run(
            ["export", "fastlane", keepAChangelog, "--version-code", "42", "--locale", "de-DE"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("wrote fastlane/metadata/de-DE/release_notes.txt"))
        let ios = try String(
            contentsOf: directory.appendingPathComponent("fastlane/metadata/de-DE/release_notes.txt"), encoding: .utf8)
        let android = try String(
            contentsOf: directory.appendingPathComponent("fastlane/metadata/android/de-DE/changelogs/42.txt"),
            encoding: .utf8)
        let appStore = try WhatsNewBinary.run([keepAChangelog, "--format", "appstore"]).stdout
        #expect(ios == appStore && android == appStore)

        // A release named by version, into another directory, iOS only.
        let older = try WhatsNewBinary.run(
            ["export", "fastlane", keepAChangelog, "--release", "1.3.1", "--dir", "meta"], in: directory)
        #expect(older.status == 0)
        let notes = try String(
            contentsOf: directory.appendingPathComponent("meta/metadata/en-US/release_notes.txt"), encoding: .utf8)
        #expect(notes == "🐞 Fixed\n• Crash when opening an empty collection.\n")
    }

    @Test func fastlaneExportWritesNothingWhenAnyTextIsTooLong() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try WhatsNewBinary.run(
            ["export", "fastlane", "-", "--version-code", "7"], stdin: Self.notes(appStoreLength: 900), in: directory)
        #expect(run.status == 1)
        #expect(run.stderr.contains("Google Play text is 900 characters, 400 over"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// A failing run of any kind leaves an existing output file byte for byte, and no stray file.
    @Test(arguments: [
        ["--release", "7.0"],
        ["--format", "appstore", "--since", "0.1"],
        ["--format", "play"],
        ["--template", "/no/such/template.mustache", "--format", "html"],
        ["--icons", "/no/such/icons.yml"],
    ])
    func failedRunLeavesTheOutputFileAlone(_ arguments: [String]) throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("notes.txt")
        let previous = Data("previous notes, kept\n".utf8) + Data([0xFF, 0x00, 0x0A])
        try previous.write(to: output)
        let input = arguments.contains("play") ? "-" : keepAChangelog
        let run = try WhatsNewBinary.run(
            [input] + arguments + ["--output", output.path], stdin: Self.notes(appStoreLength: 700))
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(try Data(contentsOf: output) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.txt"])
    }

    @Test func badInputLeavesTheOutputFileAlone() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("body.md")
        try Data("old body\n".utf8).write(to: output)
        let run = try WhatsNewBinary.run(
            ["-", "--format", "markdown", "--output", output.path], stdin: "---\ntitle: [unclosed\n---\n\n## 1.0.0\n")
        #expect(run.status == 1)
        #expect(try String(contentsOf: output, encoding: .utf8) == "old body\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["body.md"])
    }
}
