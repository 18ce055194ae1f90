import Foundation
import Testing

/// Every option `.whatsnew.yml` also sets: the settings are the default, and the command line
/// wins, through every command that takes the option. The rules the project layer keeps for
/// one release, days and build numbers hold through every command that takes them too.
@Suite(.serialized) struct CommandLineWinsTests {
    /// A project whose notes are the Keep a Changelog example (several KB) with one release in
    /// progress, and these settings.
    private func project(_ settings: String) throws -> URL {
        let directory = try SharedFiles.scratchDirectory()
        let notes = try String(contentsOfFile: SharedFiles.fixture("examples", "keep-a-changelog"), encoding: .utf8)
        try notes.replacingOccurrences(of: "## [Unreleased]\n", with: "## [Unreleased]\n\n### Fixed\n\n- A fix.\n")
            .write(to: directory.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        try settings.write(to: directory.appendingPathComponent(".whatsnew.yml"), atomically: true, encoding: .utf8)
        return directory
    }

    /// The commands that read the notes with a size limit, as a reader would run them.
    static let reading: [[String]] = [
        [], ["lint"], ["locales"], ["next"], ["release", "auto", "--dry-run"], ["preview", "--output", "p.html"],
        ["export", "json", "--dir", "out"], ["export", "fastlane", "--dir", "fl"],
        ["export", "sparkle", "--appcast", "appcast.xml"],
    ]

    @Test func maxSizeFromTheCommandLineWinsEverywhere() throws {
        let directory = try project("max-size: 1K\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        try
            #"<?xml version="1.0"?><rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle"><channel><item><sparkle:shortVersionString>1.4.0</sparkle:shortVersionString></item></channel></rss>"#
            .write(to: directory.appendingPathComponent("appcast.xml"), atomically: true, encoding: .utf8)
        for command in Self.reading {
            let limited = try WhatsNewBinary.run(command, in: directory)
            let said = limited.stdout + limited.stderr
            #expect(
                limited.status == 1 && said.contains("CHANGELOG.md") && said.contains("limit"),
                "\(command): the settings' 1K holds: \(said)")
            let wider = try WhatsNewBinary.run(command + ["--max-size", "1M"], in: directory)
            #expect(
                !wider.stderr.contains("larger than") && wider.status == 0, "\(command) --max-size 1M: \(wider.stderr)")
        }
    }

    @Test func theReleaseFromTheCommandLineWinsEverywhere() throws {
        let directory = try project("release: all\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = try WhatsNewBinary.run(["--format", "markdown"], in: directory)
        #expect(all.stdout.contains("## [1.3.0]"), "the settings' release: all")
        #expect(
            !(try WhatsNewBinary.run(["--format", "markdown", "--release", "1.4.0"], in: directory)).stdout.contains(
                "## [1.3.0]"))
        // What shows one release refuses the settings' all, and takes the command line's one.
        for command in [["preview", "--output", "p.html"], ["export", "fastlane", "--dir", "fl"]] {
            let refused = try WhatsNewBinary.run(command, in: directory)
            #expect(
                refused.status == 2 && refused.stderr.contains("takes the notes of one release"),
                "\(command): \(refused.stderr)")
            #expect(try WhatsNewBinary.run(command + ["--release", "1.3.0"], in: directory).status == 0, "\(command)")
            // `all` in any case is all.
            let shouted = try WhatsNewBinary.run(command + ["--release", "ALL"], in: directory)
            #expect(shouted.status == 2, "\(command) --release ALL")
        }
        // The settings' all reaches the exports that take it.
        #expect(try WhatsNewBinary.run(["export", "json", "--dir", "out"], in: directory).status == 0)
        #expect(
            try String(contentsOf: directory.appendingPathComponent("out/en.lproj/WhatsNew.json"), encoding: .utf8)
                .contains("\"1.3.0\""))
    }

    @Test func theFormatFromTheCommandLineWins() throws {
        let directory = try project("format: json\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try WhatsNewBinary.run([], in: directory).stdout.hasPrefix("{"))
        #expect(try WhatsNewBinary.run(["--format", "markdown"], in: directory).stdout.hasPrefix("## "))
    }

    @Test func aDayIsARealDayThroughEveryCommand() throws {
        let directory = try project("")
        defer { try? FileManager.default.removeItem(at: directory) }
        for command in [
            ["--today", "2026-02-30"], ["preview", "--today", "2026-02-30"],
            ["export", "sparkle", "--appcast", "a.xml", "--today", "2026-02-30"],
            ["next", "--date", "2026-02-30"], ["release", "auto", "--date", "2026-02-30"],
        ] {
            let run = try WhatsNewBinary.run(command, in: directory)
            #expect(
                run.status == 2 && run.stderr.contains("takes a real day as YYYY-MM-DD, not 2026-02-30"),
                "\(command): \(run.stderr)")
        }
        #expect(
            try String(contentsOf: directory.appendingPathComponent("CHANGELOG.md"), encoding: .utf8).contains(
                "- A fix.\n"))
    }

    @Test func buildNumbersFollowOneRule() throws {
        let bad = try WhatsNewBinary.run(
            ["export", "sparkle", "--appcast", "a.xml", "--build", "1.1.0=12<3"], in: try project(""))
        #expect(bad.status == 2 && bad.stderr.contains("--build takes a version and its build number"), "\(bad.stderr)")
        let settings = try WhatsNewBinary.run(["lint"], in: try project("builds: { 1.1.0: \"12 & 3\" }\n"))
        #expect(
            settings.status == 1 && settings.stdout.contains("a build number has no space, quote, `<` or `&`"),
            "\(settings.stdout)")
    }

    @Test func theIconMapFromTheCommandLineWinsEverywhere() throws {
        let directory = try project("icons: icons/missing.yml\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        try "fixed: ant.fill\n".write(
            to: directory.appendingPathComponent("mine.yml"), atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            [], ["lint"], ["release", "auto", "--dry-run"], ["preview", "--output", "p.html"],
            ["export", "json", "--dir", "out"],
            ["export", "fastlane", "--dir", "fl"],
        ]
        for command in commands {
            let missing = try WhatsNewBinary.run(command, in: directory)
            #expect(
                missing.status == 1 && (missing.stdout + missing.stderr).contains("icons/missing.yml"),
                "\(command): the settings' map is read")
            let mine = try WhatsNewBinary.run(command + ["--icons", "mine.yml"], in: directory)
            #expect(
                mine.status == 0 && !mine.stderr.contains("missing.yml"), "\(command) --icons mine.yml: \(mine.stderr)")
        }
    }

    @Test func theNotesFromTheCommandLineWinEverywhere() throws {
        let directory = try project("input: docs/MISSING.md\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        for command in [
            [], ["lint"], ["locales"], ["preview", "--output", "p.html"], ["export", "json", "--dir", "out"],
        ] {
            #expect(
                try WhatsNewBinary.run(command, in: directory).status == 1, "\(command): the settings' input: is read")
            let given = try WhatsNewBinary.run(command + ["CHANGELOG.md"], in: directory)
            #expect(given.status == 0, "\(command) CHANGELOG.md: \(given.stderr)")
        }
        for command in [["next"], ["release", "auto", "--dry-run"], ["recover"]] {
            let given = try WhatsNewBinary.run(command + ["--notes", "CHANGELOG.md"], in: directory)
            #expect(given.status == 0, "\(command) --notes CHANGELOG.md: \(given.stderr)")
        }
    }

    @Test func theTranslationsFromTheCommandLineWin() throws {
        let directory = try project("locales-dir: theirs\nlocale: de\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (folder, word) in [("theirs", "Ihre"), ("mine", "Meine")] {
            let translation = directory.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: translation, withIntermediateDirectories: true)
            try "## [1.4.0] - 2024-05-02\n\n### Hinzugefügt\n\n- \(word) Übersetzung.\n".write(
                to: translation.appendingPathComponent("de.md"), atomically: true, encoding: .utf8)
        }
        let settings = try WhatsNewBinary.run(["--release", "1.4.0", "--format", "markdown"], in: directory)
        #expect(
            settings.stdout.contains("Ihre Übersetzung"),
            "the settings' locale and folder: \(settings.stdout)\(settings.stderr)")
        let mine = try WhatsNewBinary.run(
            ["--release", "1.4.0", "--format", "markdown", "--locales-dir", "mine"], in: directory)
        #expect(mine.stdout.contains("Meine Übersetzung"), "\(mine.stderr)")
        let english = try WhatsNewBinary.run(
            ["--release", "1.4.0", "--format", "markdown", "--locale", "en"], in: directory)
        #expect(!english.stdout.contains("Übersetzung"), "\(english.stdout)")
        let json = try WhatsNewBinary.run(
            ["export", "json", "--dir", "out", "--locales-dir", "mine", "--release", "1.4.0"], in: directory)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(
            try String(contentsOf: directory.appendingPathComponent("out/de.lproj/WhatsNew.json"), encoding: .utf8)
                .contains("Meine"))
    }

    @Test func theTemplateAndStyleFromTheCommandLineWin() throws {
        let directory = try project("format: html\ntemplate: theirs.mustache\nstyle: none\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        try "THEIRS {{title}}\n".write(
            to: directory.appendingPathComponent("theirs.mustache"), atomically: true, encoding: .utf8)
        try "MINE {{title}}\n".write(
            to: directory.appendingPathComponent("mine.mustache"), atomically: true, encoding: .utf8)
        #expect(try WhatsNewBinary.run([], in: directory).stdout.hasPrefix("THEIRS"))
        #expect(try WhatsNewBinary.run(["--template", "mine.mustache"], in: directory).stdout.hasPrefix("MINE"))
        try "format: html\nstyle: none\n".write(
            to: directory.appendingPathComponent(".whatsnew.yml"), atomically: true, encoding: .utf8)
        #expect(!(try WhatsNewBinary.run([], in: directory)).stdout.contains("<style>"), "the settings' style: none")
        #expect(try WhatsNewBinary.run(["--style", "inline"], in: directory).stdout.contains("<style>"))
    }

    @Test func theBuildFromTheCommandLineWinsOverIncrement() throws {
        let directory = try project("version-files: [Version.xcconfig]\nbuild: increment\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        try "MARKETING_VERSION = 1.4.0\nCURRENT_PROJECT_VERSION = 7\n".write(
            to: directory.appendingPathComponent("Version.xcconfig"), atomically: true, encoding: .utf8)
        #expect(
            try WhatsNewBinary.run(["release", "auto", "--dry-run"], in: directory).stdout.contains(
                "+CURRENT_PROJECT_VERSION = 8"))
        #expect(
            try WhatsNewBinary.run(["release", "auto", "--dry-run", "--build", "100"], in: directory).stdout.contains(
                "+CURRENT_PROJECT_VERSION = 100"))
    }
}
