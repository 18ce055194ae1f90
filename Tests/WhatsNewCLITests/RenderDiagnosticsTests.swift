import Foundation
import Testing

/// `whatsnew` tells what it could not show as the notes ask, on standard error, once, and
/// renders anyway; `--strict` makes that exit 1. Standard output carries only the sheet.
struct RenderDiagnosticsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var notes: String
        var line: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "unknown colour", notes: "## 1.0.0\n\n---\ncolor: reddish\ntitle: Sync\n---\nFaster.\n",
            line: "notes.md:4:8: error: `reddish` is not a colour"),
        Case(
            name: "unknown icon", notes: "## 1.0.0\n\n---\nicon: star.circle.fil\ntitle: Sync\n---\nFaster.\n",
            line:
                "notes.md:4:7: warning: unknown icon `star.circle.fil`, shown as • and not given to apps as a symbol; did you mean `star.circle.fill`?"
        ),
        Case(
            name: "a phrase as the icon",
            notes: "## 1.0.0\n\n---\nicon: Faster sync for everyone\nkind: fixed\ntitle: Sync\n---\nFaster.\n",
            line: "notes.md:4:7: warning: `Faster sync for everyone` is too long for an icon"),
        Case(
            name: "a date that is no day", notes: "## 1.0.0 - 2024-02-30\n\n- Faster.\n",
            line: "notes.md:1:1: warning: `2024-02-30` is not a real date"),
    ]

    @Test(arguments: cases)
    func eachIsReportedOnceAndTheSheetIsStillWritten(_ check: Case) throws {
        let run = try WhatsNewBinary.run(["-", "--color", "never"], stdin: check.notes)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(
            lines.first?.replacingOccurrences(of: "<stdin>", with: "notes.md").hasPrefix(check.line) == true,
            "\(run.stderr)")
        #expect(run.stdout.hasPrefix("What's New\nVersion 1.0.0"), "\(run.stdout)")
        #expect(!run.stdout.contains("warning:") && !run.stdout.contains("error:"))
        let strict = try WhatsNewBinary.run(["-", "--color", "never", "--strict"], stdin: check.notes)
        #expect(strict.status == 1)
        #expect(strict.stdout == run.stdout)
        #expect(strict.stderr == run.stderr)
    }

    @Test func aPhraseGivenAsTheIconDoesNotWidenTheColumn() throws {
        let notes = "## 1.0.0\n\n---\nicon: Faster sync for everyone\nkind: fixed\ntitle: Sync\n---\nFaster.\n"
        let run = try WhatsNewBinary.run(["-", "--color", "never"], stdin: notes)
        #expect(run.stdout.contains("\n🐞  Sync\n    Faster.\n"), "\(run.stdout)")
        let json = try WhatsNewBinary.run(["-", "--format", "json"], stdin: notes)
        #expect(json.stdout.contains("\"icon\": \"🐞\""))
    }

    @Test func cleanNotesSayNothing() throws {
        let run = try WhatsNewBinary.run(
            [SharedFiles.fixture("examples", "keep-a-changelog"), "--strict", "--release", "all"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func anUnmatchedTranslationIsReported() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "## 1.1.0\n\n### Fixed\n\n- A crash.\n\n## 1.0.0\n\n### Added\n\n- Sync.\n".write(
            to: directory.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        try "## 1.1.0\n\n### Behoben\n\n- Ein Absturz.\n".write(
            to: directory.appendingPathComponent("CHANGELOG.de.md"), atomically: true, encoding: .utf8)
        let run = try WhatsNewBinary.run(["CHANGELOG.md", "--locale", "de", "--release", "all"], in: directory)
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "CHANGELOG.de.md:1:1: warning: de lacks release 1.0.0 (CHANGELOG.md:7); the sheet shows it in en\n",
            "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Neuigkeiten\n"))
    }
}
