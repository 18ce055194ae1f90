import Foundation
import Testing

struct RenderCommandTests {
    @Test(arguments: ["inkwell-whats-new", "keep-a-changelog", "featured-changelog"])
    func jsonForEveryRelease(_ name: String) throws {
        let run = try WhatsNewBinary.run([
            SharedFiles.fixture("examples", name), "--format", "json", "--release", "all",
        ])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == (try SharedFiles.golden("json/examples/\(name).json")))
    }

    @Test func readsCHANGELOGInTheCurrentDirectoryByDefault() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            atPath: SharedFiles.fixture("examples", "keep-a-changelog"),
            toPath: directory.appendingPathComponent("CHANGELOG.md").path)
        let run = try WhatsNewBinary.run(["--format", "json"], in: directory)
        #expect(run.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let releases = json?["releases"] as? [[String: Any]]
        #expect(releases?.map { $0["version"] as? String } == ["1.4.0"])
    }

    /// Standard output on a full disk is an error, not a quiet success with half a sheet.
    @Test func fullStandardOutputFails() throws {
        let executable = try #require(WhatsNewBinary.url)
        let inkwell = SharedFiles.fixture("examples", "inkwell-whats-new")
        let run = try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "exec \"$0\" \"$1\" --format html > /dev/full", executable.path, inkwell])
        #expect(run.status == 1)
        #expect(run.stderr == "<stdout>: error: cannot write: no space left on device\n")
    }

    @Test func standardInput() throws {
        let run = try WhatsNewBinary.run(
            ["-", "--format", "json"], stdin: "## 2.0.0 - 2025-01-02\n\n### Fixed\n\n- A bug.\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("\"version\": \"2.0.0\""))
        #expect(run.stdout.contains("\"date\": \"2025-01-02\""))
    }

    @Test func choosingReleases() throws {
        let path = SharedFiles.fixture("examples", "keep-a-changelog")
        func versions(_ arguments: [String]) throws -> [String?] {
            let run = try WhatsNewBinary.run([path, "--format", "json"] + arguments)
            let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            return (json?["releases"] as? [[String: Any]])?.map { $0["version"] as? String } ?? []
        }
        #expect(try versions(["--release", "1.3.1"]) == ["1.3.1"])
        #expect(try versions(["--release", "unreleased"]) == [nil])
        #expect(try versions(["--since", "1.3.0"]) == ["1.4.0", "1.3.1"])
    }

    @Test func textListing() throws {
        let run = try WhatsNewBinary.run([SharedFiles.fixture("examples", "keep-a-changelog")])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("What's New\nVersion 1.4.0 · 2 May 2024\n"))
        #expect(run.stdout.contains("\n🛡️  Security\n    • Session tokens are no longer written to the debug log.\n"))
    }
}

/// Bad input: one clear diagnostic on standard error and a non-zero exit, never a crash.
struct BadInputTests {
    @Test func missingFile() throws {
        let run = try WhatsNewBinary.run(["/no/such/CHANGELOG.md"])
        #expect(run.status == 1)
        #expect(run.stderr == "/no/such/CHANGELOG.md: error: cannot read: no such file\n")
        #expect(run.stdout == "")
    }

    @Test func directory() throws {
        let run = try WhatsNewBinary.run([SharedFiles.tests.path])
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("error: is a directory, not a Markdown file\n"))
    }

    @Test func invalidUTF8AndBinary() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let latin1 = directory.appendingPathComponent("latin1.md")
        try Data("# Caf".utf8 + [0xE9] + Array("\n".utf8)).write(to: latin1)
        let binary = directory.appendingPathComponent("logo.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]).write(to: binary)

        let text = try WhatsNewBinary.run([latin1.path])
        #expect(text.status == 1)
        #expect(
            text.stderr
                == "\(latin1.path):1:6: error: invalid UTF-8: byte 0xE9 at offset 5 is not part of a valid character; save the file as UTF-8\n"
        )
        let image = try WhatsNewBinary.run([binary.path])
        #expect(image.status == 1)
        #expect(image.stderr.contains("error: this looks like a binary file"))
        #expect(image.stderr.split(separator: "\n").count == 1)
    }

    @Test func malformedFrontMatter() throws {
        let path = SharedFiles.fixture("lint", "front-matter-syntax")
        let run = try WhatsNewBinary.run([path])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("\(path):6:1: error: front matter is not valid YAML"))
        #expect(run.stdout == "")
    }

    @Test func unknownRelease() throws {
        let run = try WhatsNewBinary.run([SharedFiles.fixture("examples", "keep-a-changelog"), "--release", "9.9"])
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("error: no release 9.9; versions are 1.4.0, 1.3.1, 1.3.0\n"))
    }

    @Test(arguments: [
        ["--format", "yaml"], ["--bogus"], ["--release", "1.0", "--since", "0.9"], ["lint", "--format", "xml"],
    ])
    func usageErrorsExitTwo(_ arguments: [String]) throws {
        let run = try WhatsNewBinary.run([SharedFiles.fixture("examples", "keep-a-changelog")] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains("Error:"))
    }

    @Test func helpAndVersion() throws {
        let help = try WhatsNewBinary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("lint"))
        // What a bare `whatsnew` takes is in the tool's own help, before the subcommands.
        #expect(help.stdout.contains("USAGE: whatsnew [<options>] [<input>]\n       whatsnew <subcommand>\n"))
        let defaultOptions = try #require(help.stdout.range(of: "OPTIONS (of the default command, render):"))
        let subcommands = try #require(help.stdout.range(of: "SUBCOMMANDS:"))
        #expect(defaultOptions.upperBound < subcommands.lowerBound)
        #expect(help.stdout[defaultOptions.upperBound...].contains("--release <release>"))
        #expect(try WhatsNewBinary.run(["-h"]).stdout == help.stdout)
        let version = try WhatsNewBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
    }

    @Test func failedRunLeavesTheOutputFileAlone() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("notes.json")
        try Data("previous\n".utf8).write(to: output)
        let run = try WhatsNewBinary.run([
            SharedFiles.fixture("examples", "keep-a-changelog"), "--release", "7.0", "--output", output.path,
        ])
        #expect(run.status == 1)
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.json"])

        let good = try WhatsNewBinary.run([
            SharedFiles.fixture("examples", "keep-a-changelog"), "--format", "json", "--output", output.path,
        ])
        #expect(good.status == 0 && good.stdout == "")
        #expect(try String(contentsOf: output, encoding: .utf8).contains("\"version\": \"1.4.0\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.json"])
    }

    /// `--output docs/whats-new.html` in a checkout without `docs/` (as the README shows it):
    /// the folders are made; a run that fails leaves none behind; `whatsnew css` and a preview
    /// take the same path.
    @Test func anOutputsMissingFoldersAreMadeAndAFailedRunLeavesNone() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let changelog = SharedFiles.fixture("examples", "keep-a-changelog")
        let failed = try WhatsNewBinary.run(
            [changelog, "--release", "7.0", "--output", "site/docs/whats-new.html"], in: directory)
        #expect(failed.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [], "\(failed.stderr)")
        let run = try WhatsNewBinary.run(
            [changelog, "--format", "html", "--output", "site/docs/whats-new.html"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try String(contentsOf: directory.appendingPathComponent("site/docs/whats-new.html"), encoding: .utf8)
                .contains("1.4.0"))
        let css = try WhatsNewBinary.run(["css", "--output", "assets/css/whatsnew.css"], in: directory)
        #expect(css.status == 0, "\(css.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("assets/css/whatsnew.css").path))
        // A file where a folder should be is said in one line, and nothing is made.
        try Data().write(to: directory.appendingPathComponent("blocked"))
        let blocked = try WhatsNewBinary.run([changelog, "--output", "blocked/deeper/x.md"], in: directory)
        #expect(blocked.status != 0)
        #expect(blocked.stderr.split(separator: "\n").count == 1, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("blocked/deeper/x.md"), "\(blocked.stderr)")
    }
}
