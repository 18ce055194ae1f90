import Foundation
import Testing
import WhatsNewTestSupport

/// `whatsnew deps` end to end in a real git repository: a SwiftPM package whose
/// Package.resolved moves between two commits, its dependencies checked out in
/// `.build/checkouts` as SwiftPM leaves them (git clones with their tags), read at the pinned
/// commits without checking anything out.
@Suite(.serialized) struct DepsCommandTests {
    /// A dependency's repository: its releases, each a tag with the changelog as it was then.
    private static func dependency(_ name: String, releases: [(tag: String, changelog: String?)]) throws
        -> GitRepository
    {
        let repository = try GitRepository(["Package.swift": "// \(name)\n"])
        for (tag, changelog) in releases {
            try repository.write("Sources/\(name).swift", "// \(tag)\n")
            if let changelog { try repository.write("CHANGELOG.md", changelog) }
            try repository.commit("Release \(tag)")
            try repository.git("tag", tag)
        }
        return repository
    }

    private static let lanternNotes = """
        # Changelog

        ## 2.0.0 - 2026-03-01
        ### Breaking
        - `Lantern.light()` is now `Lantern.turnOn()`.
        ### Added
        - Dimming, in steps of 10%.

        ## 1.2.0 - 2026-02-01
        ### Added
        - Colours.
        ### Changed
        - **Breaking:** the default brightness is 50%.
        - Starts twice as fast.

        ## 1.1.0 - 2026-01-10
        ### Fixed
        - A flicker when the battery is low.

        ## 1.0.0 - 2026-01-01
        ### Added
        - The first lantern.
        """

    private static func resolved(_ pins: [(name: String, version: String, revision: String)]) -> String {
        let entries = pins.map { pin in
            """
                {
                  "identity" : "\(pin.name.lowercased())",
                  "kind" : "remoteSourceControl",
                  "location" : "https://example.com/team/\(pin.name).git",
                  "state" : {
                    "revision" : "\(pin.revision)",
                    "version" : "\(pin.version)"
                  }
                }
            """
        }
        return "{\n  \"pins\" : [\n\(entries.joined(separator: ",\n"))\n  ],\n  \"version\" : 2\n}\n"
    }

    @Test func swiftPMUpdateEndToEnd() throws {
        let lantern = try Self.dependency(
            "Lantern",
            releases: [
                ("1.0.0", Self.lanternNotes), ("1.1.0", Self.lanternNotes), ("1.2.0", Self.lanternNotes),
                ("2.0.0", Self.lanternNotes),
            ])
        let quill = try Self.dependency("Quill", releases: [("0.3.0", nil), ("0.4.0", nil)])
        let tidy = try Self.dependency(
            "Tidy",
            releases: [("1.0.0", "# News\n\nThings get tidier.\n"), ("1.0.1", "# News\n\nThings get tidier.\n")])
        let ember = try Self.dependency(
            "Ember",
            releases: [
                ("2.0.0", "## 2.0.0\n### Added\n- Sparks.\n"),
                (
                    "2.1.0",
                    "## 2.1.0\n### Fixed\n- Sparks no longer \u{1B}]52;c;aGk=\u{07}burn.\n\n## 2.0.0\n### Added\n- Sparks.\n"
                ),
            ])
        let wick = try Self.dependency("Wick", releases: [("1.0.0", "## 1.0.0\n- Lit.\n")])
        defer { for repository in [lantern, quill, tidy, ember, wick] { repository.remove() } }
        func commit(_ repository: GitRepository, _ tag: String) throws -> String {
            try repository.git("rev-parse", tag + "^{commit}").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        let app = try GitRepository(["Package.swift": "// app\n", "Sources/App/App.swift": "// app\n"])
        defer { app.remove() }
        try app.write(
            "Package.resolved",
            Self.resolved([
                ("Ember", "2.1.0", try commit(ember, "2.1.0")), ("Lantern", "1.0.0", try commit(lantern, "1.0.0")),
                ("Quill", "0.3.0", try commit(quill, "0.3.0")), ("Tidy", "1.0.0", try commit(tidy, "1.0.0")),
                ("Wick", "1.0.0", try commit(wick, "1.0.0")),
            ]))
        try app.git("add", "-f", "Package.resolved")
        try app.commit("Pin the dependencies")
        try app.write(
            "Package.resolved",
            Self.resolved([
                ("Ember", "2.0.0", try commit(ember, "2.0.0")), ("Lantern", "2.0.0", try commit(lantern, "2.0.0")),
                ("Quill", "0.4.0", try commit(quill, "0.4.0")), ("Tidy", "1.0.1", try commit(tidy, "1.0.1")),
            ]))
        // SwiftPM's checkouts: clones with their tags, in folders named by the location.
        for dependency in [("Lantern", lantern), ("Quill", quill), ("Tidy", tidy), ("Ember", ember)] {
            try app.git("clone", "-q", dependency.1.path, ".build/checkouts/\(dependency.0)")
        }
        try app.git("add", "-f", "Package.resolved")
        try app.commit("Update the dependencies")

        let base = try app.git("rev-parse", "HEAD~1").stdout.prefix(12)
        func run(_ arguments: [String], in folder: String = "") throws -> WhatsNewBinary.Run {
            try WhatsNewBinary.run(
                ["deps", "--since", "HEAD~1"] + arguments, in: app.url.appendingPathComponent(folder),
                environment: ["COLUMNS": "80", "NO_COLOR": "1"])
        }
        let text = try run([])
        #expect(text.status == 0, "\(text.stderr)")
        let shown = text.stdout.replacing(String(base), with: "<base>")
        try SharedFiles.checkGolden(shown, "deps/swiftpm.txt")
        #expect(!text.stdout.contains("\u{1B}"), "a changelog's escape never reaches the terminal")
        let markdown = try run(["--format", "markdown"])
        try SharedFiles.checkGolden(markdown.stdout.replacing(String(base), with: "<base>"), "deps/swiftpm.md")

        // From a subfolder: the same report.
        let nested = try run([], in: "Sources/App")
        #expect(nested.stdout == text.stdout, "\(nested.stderr)")
        // Two files: the same dependencies and notes, compared with the file named.
        try app.write("old.resolved", try app.git("show", "HEAD~1:Package.resolved").stdout)
        let files = try WhatsNewBinary.run(
            ["deps", "--from", "old.resolved", "--lockfile", "Package.resolved"], in: app.url,
            environment: ["COLUMNS": "80", "NO_COLOR": "1"])
        #expect(
            files.stdout.split(separator: "\n").dropFirst() == text.stdout.split(separator: "\n").dropFirst(),
            "\(files.stderr)")
        #expect(files.stdout.hasPrefix("4 dependencies updated since old.resolved (Package.resolved): "))

        // JSON for scripts; --fail-on breaking for CI.
        let json = try run(["--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let entries = try #require(report["dependencies"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["Lantern", "Ember", "Quill", "Tidy", "Wick"])
        #expect(entries.map { $0["breaking"] as? Bool } == [true, true, true, false, false])
        #expect(entries[0]["versions"] as? [String] == ["2.0.0", "1.2.0", "1.1.0"])
        let failing = try run(["--fail-on", "breaking"])
        #expect(failing.status == 1)
        #expect(
            failing.stderr.contains(
                "whatsnew deps: error: 3 updates bring breaking changes: Lantern (2 marked in its notes), Ember (2.1.0 → 2.0.0 crosses a major version), Quill (0.3.0 → 0.4.0 crosses a major version)"
            ), "\(failing.stderr)")
        // The Action's `command: deps`: every format written, then the step fails on breaking.
        let binary = try #require(WhatsNewBinary.url)
        let script = SharedFiles.tests.deletingLastPathComponent().appendingPathComponent(".github/action/run.sh")
        let action = try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/bin/bash"), [script.path], in: app.url,
            environment: [
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "WHATSNEW_BIN": binary.path, "WHATSNEW_COMMAND": "deps",
                "WHATSNEW_BASE": "HEAD~1", "WHATSNEW_FORMATS": "markdown, json", "WHATSNEW_FAIL_ON": "breaking",
                "GITHUB_OUTPUT": app.url.appendingPathComponent("github-output").path,
            ])
        #expect(action.status == 1, "\(action.stderr)")
        #expect(action.stderr.contains("3 updates bring breaking changes"))
        #expect(try app.read("whatsnew-out/dependency-updates.md") == markdown.stdout)
        #expect(try app.read("github-output").contains("markdown=whatsnew-out/dependency-updates.md\n"))

        let none = try WhatsNewBinary.run(
            ["deps", "--since", "HEAD", "--fail-on", "breaking"], in: app.url, environment: ["NO_COLOR": "1"])
        #expect(none.status == 0 && none.stdout.hasPrefix("0 dependencies updated since "), "\(none.stderr)")
    }

    @Test func badInputGetsOneDiagnostic() throws {
        let app = try GitRepository(["README.md": "app\n"])
        defer { app.remove() }
        let missing = try app.whatsnew(["deps"])
        #expect(missing.status == 1 && missing.stderr.contains("found no lockfile here or above"))
        try app.write("Package.resolved", "{\"pins\": [\n")
        try app.write("old.resolved", "{\"pins\": []}")
        let broken = try app.whatsnew(["deps", "--from", "old.resolved"])
        #expect(broken.status == 1)
        #expect(
            broken.stderr.hasPrefix("Package.resolved:1:1: error: not a Package.resolved SwiftPM reads: "),
            "\(broken.stderr)")
        let wrongName = try app.whatsnew(["deps", "--lockfile", "README.md"])
        #expect(wrongName.status == 2 && wrongName.stderr.contains("--lockfile takes one of Package.resolved"))
        let format = try app.whatsnew(["deps", "--format", "slack"])
        #expect(format.status == 2 && format.stderr.contains("deps writes text, markdown, json or html, not slack"))
    }
}
