import Foundation
import Testing

/// `.whatsnew.yml`: a project's defaults for a bare `whatsnew` and `whatsnew lint`, found from
/// the current folder upward or given with `--config`; the command line wins over it.
@Suite(.serialized) struct ProjectConfigTests {
    /// A project: notes under docs/, a sub folder to run from, and the settings given.
    private func project(_ settings: String) throws -> URL {
        let directory = try SharedFiles.scratchDirectory()
        let docs = directory.appendingPathComponent("docs")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("tools/scripts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: SharedFiles.fixture("examples", "keep-a-changelog")),
            to: docs.appendingPathComponent("NOTES.md"))
        try settings.write(to: directory.appendingPathComponent(".whatsnew.yml"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test func aBareRunWritesTheProjectsOutputs() throws {
        let directory = try project(
            """
            input: docs/NOTES.md
            icons:
              fixed: ant.fill
            outputs:
              html: site/whats-new.html
              json: App/WhatsNew.json

            """)
        let run = try WhatsNewBinary.run([], in: directory.appendingPathComponent("tools/scripts"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "wrote ../../site/whats-new.html\nwrote ../../App/WhatsNew.json\n")
        let json = try String(contentsOf: directory.appendingPathComponent("App/WhatsNew.json"), encoding: .utf8)
        #expect(json.contains("\"icon\": \"🐜\""))
        let html = try String(contentsOf: directory.appendingPathComponent("site/whats-new.html"), encoding: .utf8)
        #expect(html.contains("<section class=\"whatsnew\""))
        // The command line wins: a format given prints that format alone, from the project's input.
        let text = try WhatsNewBinary.run(["--format", "markdown"], in: directory)
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("## [1.4.0](https://example.com/compare/v1.3.1...v1.4.0) - 2024-05-02"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("CHANGELOG.md").path))
    }

    @Test func settingsAreDefaultsTheCommandLineOverrides() throws {
        let directory = try project("input: docs/NOTES.md\nformat: json\nrelease: all\n")
        let json = try WhatsNewBinary.run([], in: directory)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.hasPrefix("{\n  \"schemaVersion\": 1"))
        #expect(json.stdout.contains("\"version\": \"1.3.0\""))
        let latest = try WhatsNewBinary.run(
            ["--release", "latest", "--format", "text", "--color", "never"], in: directory)
        #expect(latest.stdout.contains("Version 1.4.0") && !latest.stdout.contains("1.3.0"))
        // An explicit file, wherever it is.
        let elsewhere = try SharedFiles.scratchDirectory()
        let explicit = try WhatsNewBinary.run(
            ["--config", directory.appendingPathComponent(".whatsnew.yml").path], in: elsewhere)
        #expect(explicit.status == 0, "\(explicit.stderr)")
        #expect(explicit.stdout == json.stdout)
    }

    @Test func badKeysAndValuesArePointedAt() throws {
        let directory = try project("input: docs/NOTES.md\nformt: html\nlint:\n  strikt: true\n")
        let run = try WhatsNewBinary.run(["--color", "never"], in: directory)
        #expect(run.status == 0)
        #expect(
            run.stderr
                == ".whatsnew.yml:2:1: warning: unknown key `formt` in .whatsnew.yml; did you mean `format`?\n"
                + ".whatsnew.yml:4:3: warning: unknown key `strikt` under `lint`; it takes `strict`\n")
        let lint = try WhatsNewBinary.run(["lint"], in: directory)
        #expect(lint.stdout.contains(".whatsnew.yml:2:1: warning: unknown key `formt`"))
        #expect(lint.stdout.contains("[config-unknown-key]"))

        let bad = try project("input: docs/NOTES.md\nformat: pdf\n")
        let failed = try WhatsNewBinary.run([], in: bad)
        #expect(failed.status == 1)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr.hasPrefix(".whatsnew.yml:2:9: error: `format` is one of text, html"))
    }

    @Test func lintTakesItsStrictnessAndInputFromTheProject() throws {
        let directory = try project("input: docs/NOTES.md\nlint:\n  strict: true\n")
        try "## [1.0.0] - 2024-02-30\n\n### Added\n\n- One.\n".write(
            to: directory.appendingPathComponent("docs/NOTES.md"), atomically: true, encoding: .utf8)
        let strict = try WhatsNewBinary.run(["lint"], in: directory)
        #expect(strict.status == 1, "a warning fails under strict: true")
        #expect(strict.stdout.hasPrefix("docs/NOTES.md:1:"))
        try "input: docs/NOTES.md\n".write(
            to: directory.appendingPathComponent(".whatsnew.yml"), atomically: true, encoding: .utf8)
        #expect(try WhatsNewBinary.run(["lint"], in: directory).status == 0)
    }
}
