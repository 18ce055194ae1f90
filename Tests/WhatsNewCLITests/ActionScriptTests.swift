import Foundation
import Testing

/// The GitHub Action's steps (`.github/action/run.sh`, which `action.yml` runs), run here
/// against a repository with a tag, with the whatsnew the tests built.
@Suite(.serialized) struct ActionScriptTests {
    private static let script = SharedFiles.tests.deletingLastPathComponent()
        .appendingPathComponent(".github/action/run.sh")

    /// A git repository holding the notes, tagged.
    private func repository(_ notes: String, tag: String) throws -> URL {
        let directory = try SharedFiles.scratchDirectory()
        try notes.write(to: directory.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        for arguments in [
            ["init", "-q"], ["add", "."],
            ["-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-qm", "Notes"],
            ["tag", tag],
        ] {
            let run = try WhatsNewBinary.execute(
                URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: directory)
            try #require(run.status == 0, "git \(arguments): \(run.stderr)")
        }
        return directory
    }

    private func action(in directory: URL, _ environment: [String: String] = [:]) throws -> WhatsNewBinary.Run {
        let binary = try #require(WhatsNewBinary.url)
        var variables = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "LANG"].contains($0.key) }
        variables["WHATSNEW_BIN"] = binary.path
        variables["GITHUB_OUTPUT"] = directory.appendingPathComponent("github-output").path
        return try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/bin/bash"), [Self.script.path], in: directory,
            environment: variables.merging(environment) { $1 })
    }

    @Test func writesTheTaggedReleasesBody() throws {
        let notes = try String(contentsOfFile: SharedFiles.fixture("examples", "keep-a-changelog"), encoding: .utf8)
        let directory = try repository(notes, tag: "v1.3.0")
        let run = try action(in: directory, ["WHATSNEW_FORMATS": "markdown, json"])
        #expect(run.status == 0, "\(run.stderr)")
        let body = try String(
            contentsOf: directory.appendingPathComponent("whatsnew-out/release-notes.md"), encoding: .utf8)
        let expected = try WhatsNewBinary.run(
            ["CHANGELOG.md", "--release", "1.3.0", "--format", "markdown"], in: directory)
        #expect(body == expected.stdout)
        #expect(body.hasPrefix("## [1.3.0]"))
        let outputs = try String(contentsOf: directory.appendingPathComponent("github-output"), encoding: .utf8)
        #expect(outputs.contains("markdown=whatsnew-out/release-notes.md\n"))
        #expect(outputs.contains("json=whatsnew-out/whats-new.json\n"))
        #expect(outputs.contains("release=1.3.0\n"))
        #expect(
            outputs.contains(
                "paths<<WHATSNEW_PATHS\nwhatsnew-out/release-notes.md\nwhatsnew-out/whats-new.json\nWHATSNEW_PATHS\n"))

        // A pushed tag names the release; the input, when given, wins over both.
        let pushed = try action(in: directory, ["GITHUB_REF": "refs/tags/v1.4.0"])
        #expect(pushed.status == 0)
        #expect(
            try String(contentsOf: directory.appendingPathComponent("whatsnew-out/release-notes.md"), encoding: .utf8)
                .hasPrefix("## [1.4.0]"))
    }

    @Test func releasesTheVersionTheNotesAskFor() throws {
        let notes =
            "# Changelog\n\n## [Unreleased]\n\n### Added\n\n- Tags.\n\n## [1.4.0] - 2026-10-01\n\n### Fixed\n\n- A fix.\n"
        let directory = try repository(notes, tag: "v1.4.0")
        try "{\n  \"name\": \"app\",\n  \"version\": \"1.4.0\"\n}\n".write(
            to: directory.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        try "version-files: [package.json]\n".write(
            to: directory.appendingPathComponent(".whatsnew.yml"), atomically: true, encoding: .utf8)
        let run = try action(
            in: directory, ["WHATSNEW_RELEASE": "auto", "WHATSNEW_PRE": "beta", "GITHUB_OUTPUT": "/dev/null"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("released 1.5.0-beta.1 (tag v1.5.0-beta.1)"))
        let body = try String(
            contentsOf: directory.appendingPathComponent("whatsnew-out/release-notes.md"), encoding: .utf8)
        #expect(body.hasPrefix("## 1.5.0-beta.1 - "), "\(body)")
        #expect(
            try String(contentsOf: directory.appendingPathComponent("package.json"), encoding: .utf8).contains(
                "1.5.0-beta.1"))
        // The outputs a later step commits, tags and publishes with.
        try "---\nkind: fixed\n---\nA crash.\n".write(
            to: directory.appendingPathComponent(".changes/20261127-000000-crash-1a2b.md").creatingParent(),
            atomically: true,
            encoding: .utf8)
        let file = directory.deletingLastPathComponent().appendingPathComponent("outputs-\(UUID().uuidString)")
        let final = try action(in: directory, ["WHATSNEW_RELEASE": "auto", "GITHUB_OUTPUT": file.path])
        #expect(final.status == 0, "\(final.stderr)")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.contains("released=true\nversion=1.5.0\ntag=v1.5.0\n"), "\(written)")
        // A push with nothing waiting: no failure, released=false.
        let idle = directory.deletingLastPathComponent().appendingPathComponent("outputs-\(UUID().uuidString)")
        let nothing = try action(in: directory, ["WHATSNEW_RELEASE": "auto", "GITHUB_OUTPUT": idle.path])
        #expect(nothing.status == 0, "\(nothing.stderr)")
        #expect(try String(contentsOf: idle, encoding: .utf8) == "released=false\n")
        #expect(written.contains("release=1.5.0\n"))
        for path in ["CHANGELOG.md", "package.json", "whatsnew-out/release-notes.md"] {
            #expect(written.contains("\n\(path)\n"), "\(path) in \(written)")
        }
    }

    /// With `draft: true`, the conventional commits since the tag are the release's notes: no
    /// fragment written by hand, one step, released=false when no commit brings one.
    @Test func draftsAndReleasesFromCommits() throws {
        let notes = "# Changelog\n\n## [1.4.0] - 2026-10-01\n\n### Fixed\n\n- A fix.\n"
        let directory = try repository(notes, tag: "v1.4.0")
        func commit(_ message: String) throws {
            try "\(UUID())\n".write(to: directory.appendingPathComponent("code.txt"), atomically: true, encoding: .utf8)
            for arguments in [
                ["add", "."], ["-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-qm", message],
            ] {
                let run = try WhatsNewBinary.execute(
                    URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: directory)
                try #require(run.status == 0, "\(run.stderr)")
            }
        }
        try commit("chore: tidy")
        let idle = directory.deletingLastPathComponent().appendingPathComponent("outputs-\(UUID().uuidString)")
        let nothing = try action(
            in: directory, ["WHATSNEW_RELEASE": "auto", "WHATSNEW_DRAFT": "1", "GITHUB_OUTPUT": idle.path])
        #expect(nothing.status == 0, "\(nothing.stderr)")
        #expect(try String(contentsOf: idle, encoding: .utf8) == "released=false\n")
        try commit("feat: themes (#12)")
        try commit("fix: a crash")
        let file = directory.deletingLastPathComponent().appendingPathComponent("outputs-\(UUID().uuidString)")
        let run = try action(
            in: directory, ["WHATSNEW_RELEASE": "auto", "WHATSNEW_DRAFT": "1", "GITHUB_OUTPUT": file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("released=true\nversion=1.5.0\ntag=v1.5.0\n"))
        let body = try String(
            contentsOf: directory.appendingPathComponent("whatsnew-out/release-notes.md"), encoding: .utf8)
        #expect(
            body.hasPrefix("## 1.5.0") && body.contains("- Themes (#12)\n") && body.contains("- A crash\n"), "\(body)")
        let changelog = try String(contentsOf: directory.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(
            changelog.contains("### Added\n\n- Themes (#12)\n\n### Fixed\n\n- A crash\n\n## [1.4.0]"), "\(changelog)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(".changes").path))
    }

    /// With `package:`, every package released gets its notes in a folder of its own, and the
    /// outputs name each release and its tag.
    @Test func releasesEveryPackageOfAWorkspace() throws {
        let directory = try repository(PackagesTests.notes("1.2.0", "Core things."), tag: "core-v1.2.0")
        let files = [
            ".whatsnew.yml": "packages:\n  core: .\n  \"@acme/web\": web\n",
            "web/CHANGELOG.md": PackagesTests.notes("0.3.0", "The web."),
            "web/package.json": #"{"name": "@acme/web", "version": "0.3.0"}"#,
            ".changes/20260101-000000-a-fix-abcd.md":
                "---\nkind: fixed\npackages: [core, \"@acme/web\"]\n---\nA shared fix.\n",
        ]
        for (path, text) in files {
            let file = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let output = directory.appendingPathComponent("github-output")
        let run = try action(
            in: directory, ["WHATSNEW_RELEASE": "auto", "WHATSNEW_PACKAGE": "all", "WHATSNEW_FORMATS": "markdown,json"])
        #expect(run.status == 0, "\(run.stderr)")
        let outputs = try String(contentsOf: output, encoding: .utf8)
        #expect(
            outputs.contains(
                "releases<<WHATSNEW_RELEASES\npackage=core version=1.2.1 tag=core-v1.2.1\npackage=@acme/web version=0.3.1 tag=@acme/web@0.3.1\nWHATSNEW_RELEASES\n"
            ), "\(outputs)")
        #expect(outputs.contains("tags<<WHATSNEW_TAGS\ncore-v1.2.1\n@acme/web@0.3.1\nWHATSNEW_TAGS\n"))
        #expect(outputs.contains("whatsnew-out/@acme-web/release-notes.md\n") && outputs.contains("web/package.json\n"))
        let body = try String(
            contentsOf: directory.appendingPathComponent("whatsnew-out/@acme-web/release-notes.md"), encoding: .utf8)
        #expect(body.hasPrefix("## ") && body.contains("0.3.1") && body.contains("A shared fix."), "\(body)")

        try FileManager.default.removeItem(at: output)
        let idle = try action(in: directory, ["WHATSNEW_RELEASE": "auto", "WHATSNEW_PACKAGE": "all"])
        let said = try String(contentsOf: output, encoding: .utf8)
        #expect(idle.status == 0 && said == "released=false\n", "\(idle.stderr)")
    }

    @Test func writesEveryFormatTheCommandLineHas() throws {
        let notes = try String(contentsOfFile: SharedFiles.fixture("examples", "keep-a-changelog"), encoding: .utf8)
        let directory = try repository(notes, tag: "v1.3.0")
        let files = [
            "markdown": "release-notes.md", "html": "whats-new.html", "json": "whats-new.json", "text": "whats-new.txt",
            "timeline": "timeline.json", "appstore": "appstore.txt", "play": "play.txt", "testflight": "testflight.txt",
            "slack": "slack.json", "atom": "whats-new.xml",
        ]
        // The formats the command line offers, from its own help: the Action keeps up with it.
        let help = try WhatsNewBinary.run(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        let offered = try #require(help.range(of: #"\(values: text, html[^)]*\)"#, options: .regularExpression))
        let formats = help[offered].dropFirst("(values: ".count).dropLast().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(Set(formats) == Set(files.keys), "\(formats)")
        let run = try action(
            in: directory,
            ["WHATSNEW_FORMATS": formats.joined(separator: ","), "WHATSNEW_FEED_URL": "https://example.com/feed.xml"])
        #expect(run.status == 0, "\(run.stderr)")
        let outputs = try String(contentsOf: directory.appendingPathComponent("github-output"), encoding: .utf8)
        for (format, file) in files {
            #expect(outputs.contains("\(format)=whatsnew-out/\(file)\n"), "\(format)")
            var arguments = ["CHANGELOG.md", "--release", "1.3.0", "--format", format]
            if format == "text" { arguments += ["--color", "never", "--width", "80"] }
            if format == "atom" { arguments += ["--feed-url", "https://example.com/feed.xml"] }
            let expected = try WhatsNewBinary.run(arguments, in: directory)
            let written = try? String(
                contentsOf: directory.appendingPathComponent("whatsnew-out/\(file)"), encoding: .utf8)
            #expect(written == expected.stdout, "\(format)")
        }
        #expect(try action(in: directory, ["WHATSNEW_FORMATS": "markdown,pdf"]).stderr.contains("unknown format pdf"))
    }

    @Test func exportsSparklesNotesBesideEachArchive() throws {
        let notes = try String(contentsOfFile: SharedFiles.fixture("examples", "keep-a-changelog"), encoding: .utf8)
        let directory = try repository(notes, tag: "v1.3.0")
        let build = directory.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        for name in ["Lantern-1.3.0.zip", "Lantern-1.3.1.zip"] {
            try Data("archive".utf8).write(to: build.appendingPathComponent(name))
        }
        let run = try action(
            in: directory, ["WHATSNEW_COMMAND": "export-sparkle", "WHATSNEW_ARCHIVES": "build/*.zip\n"])
        #expect(run.status == 0, "\(run.stderr)")
        for version in ["1.3.0", "1.3.1"] {
            let page = try? String(contentsOf: build.appendingPathComponent("Lantern-\(version).html"), encoding: .utf8)
            #expect(page?.contains(version) == true, "\(version)")
        }
        let outputs = try String(contentsOf: directory.appendingPathComponent("github-output"), encoding: .utf8)
        #expect(outputs.contains("build/Lantern-1.3.0.html\nbuild/Lantern-1.3.1.html\n"), "\(outputs)")
        let none = try action(in: directory, ["WHATSNEW_COMMAND": "export-sparkle", "WHATSNEW_ARCHIVES": "dist/*.dmg"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no archive matches dist/*.dmg"))
    }

    /// No binary given: the Action builds whatsnew from its own checkout with SwiftPM. A stand-in
    /// `swift` on the PATH records what it is asked and hands back the built binary.
    @Test func withoutABinaryItBuildsFromItsCheckout() throws {
        let binary = try #require(WhatsNewBinary.url)
        let notes = try String(contentsOfFile: SharedFiles.fixture("examples", "keep-a-changelog"), encoding: .utf8)
        let directory = try repository(notes, tag: "v1.3.0")
        let tools = try SharedFiles.scratchDirectory()
        let log = tools.appendingPathComponent("swift.log")
        try """
        #!/bin/sh
        echo "$@" >> '\(log.path)'
        case "$*" in *--show-bin-path*) echo '\(binary.deletingLastPathComponent().path)' ;; esac
        """.write(to: tools.appendingPathComponent("swift"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: tools.appendingPathComponent("swift").path)
        let path = tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try action(in: directory, ["WHATSNEW_BIN": "", "PATH": path])
        #expect(run.status == 0, "\(run.stderr)")
        let asked = try String(contentsOf: log, encoding: .utf8)
        let root = Self.script.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        #expect(asked.contains("build --package-path \(root) -c release --product whatsnew\n"), "\(asked)")
        #expect(
            FileManager.default.fileExists(
                atPath: directory.appendingPathComponent("whatsnew-out/release-notes.md").path))
    }

    @Test func failsOnALintError() throws {
        let directory = try repository(
            "## [1.1.0] - 2024-05-02\n\n### Fixed\n\n- One.\n\n## [1.1.0] - 2024-04-01\n\n### Fixed\n\n- Two.\n",
            tag: "v1.1.0")
        let run = try action(in: directory)
        #expect(run.status == 1)
        #expect(run.stdout.contains("CHANGELOG.md:7:1: error: version 1.1.0 appears again"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("whatsnew-out").path))
        // With lint off the body is written all the same.
        #expect(try action(in: directory, ["WHATSNEW_LINT": "off"]).status == 0)
    }

    @Test func checksThatAPullRequestAddsANote() throws {
        let directory = try repository(
            "## [1.0.0] - 2024-05-02\n\n### Added\n\n- First.\n", tag: "v1.0.0")
        let git = { (arguments: [String]) in
            let run = try WhatsNewBinary.execute(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["git", "-c", "user.email=ci@example.com", "-c", "user.name=CI"] + arguments, in: directory)
            try #require(run.status == 0, "git \(arguments): \(run.stderr)")
        }
        try git(["branch", "-M", "main"])
        try git(["update-ref", "refs/remotes/origin/main", "HEAD"])
        try git(["checkout", "-q", "-b", "feature"])
        try "let x = 1\n".write(to: directory.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        try git(["add", "-A"])
        try git(["commit", "-qm", "Code"])
        let pullRequest = ["WHATSNEW_COMMAND": "check", "GITHUB_BASE_REF": "main"]
        let missing = try action(in: directory, pullRequest)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("touches App.swift but adds no release note"))
        #expect(try action(in: directory, pullRequest.merging(["WHATSNEW_SKIP": "1"]) { $1 }).status == 0)
        let new = try WhatsNewBinary.run(["new", "--kind", "added", "--body", "X."], in: directory)
        #expect(new.status == 0)
        let noted = try action(in: directory, pullRequest)
        #expect(noted.status == 0, "\(noted.stderr)")
        #expect(noted.stderr.contains("adds a release note"))
        #expect(try action(in: directory, ["WHATSNEW_COMMAND": "publish"]).status == 2)
    }
}

extension URL {
    /// The URL, its folder made first.
    fileprivate func creatingParent() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
