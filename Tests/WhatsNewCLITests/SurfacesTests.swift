import Foundation
import Testing

/// Who the sheet is for and when: audiences and platforms filter every format; scheduled
/// releases wait for their day; the timeline carries every family.
struct SurfacesTests {
    private let beta = SharedFiles.fixture("audiences", "beta-program")

    /// The rows each reader gets, in every format.
    @Test(arguments: [
        ([], ["Scenes", "Beta Lab", "Pro Presets", "Home Screen Widget", "Menu Bar Controls", "Debug Overlay"]),
        (["--audience", "beta"], ["Scenes", "Beta Lab", "Pro Presets", "Home Screen Widget", "Menu Bar Controls"]),
        (["--audience", "pro"], ["Scenes", "Pro Presets", "Home Screen Widget", "Menu Bar Controls"]),
        (["--audience", "everyone"], ["Scenes", "Home Screen Widget", "Menu Bar Controls"]),
        (["--platform", "ios"], ["Scenes", "Beta Lab", "Pro Presets", "Home Screen Widget", "Debug Overlay"]),
        (["--audience", "internal", "--platform", "macos"], ["Scenes", "Menu Bar Controls", "Debug Overlay"]),
    ])
    func audiencesAndPlatformsFilterEveryFormat(options: [String], rows: [String]) throws {
        let all = ["Scenes", "Beta Lab", "Pro Presets", "Home Screen Widget", "Menu Bar Controls", "Debug Overlay"]
        for format in ["text", "html", "markdown", "json", "appstore", "play", "testflight", "slack", "atom"] {
            let run = try WhatsNewBinary.run([beta, "--format", format, "--color", "never"] + options)
            #expect(run.status == 0, "\(format): \(run.stderr)")
            for title in all {
                #expect(run.stdout.contains(title) == rows.contains(title), "\(format) \(options): \(title)")
            }
        }
        // Sparkle's notes, beside an archive.
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = directory.appendingPathComponent("App-4.0.0.zip")
        _ = FileManager.default.createFile(atPath: archive.path, contents: Data())
        let sparkle = try WhatsNewBinary.run(["export", "sparkle", beta, "--archive", archive.path] + options)
        #expect(sparkle.status == 0, "sparkle: \(sparkle.stderr)")
        let notes = try String(contentsOf: directory.appendingPathComponent("App-4.0.0.html"), encoding: .utf8)
        for title in all {
            #expect(notes.contains(title) == rows.contains(title), "sparkle \(options): \(title)")
        }
        let json = try WhatsNewBinary.run([beta, "--format", "json"] + options).stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let sections = ((object?["releases"] as? [[String: Any]])?.first?["sections"] as? [[String: Any]]) ?? []
        #expect(sections.compactMap { $0["title"] as? String } == rows)
        if options.isEmpty {
            #expect(
                sections.first { $0["title"] as? String == "Pro Presets" }?["audiences"] as? [String] == [
                    "pro", "beta",
                ])
        }
    }

    /// Avatars and badges beside names (`<img … alt="avatar" width="18"/> [Jay](…)`) are left
    /// out of every plain-text output; an image that shows something keeps its words; HTML
    /// keeps every image at the size the notes gave it.
    @Test func smallAndWordlessImagesStayOutOfPlainText() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = directory.appendingPathComponent("CHANGELOG.md")
        try """
        ## 1.0.0 - 2025-01-01

        ### Added

        - Dark mode. ![Screenshot of dark mode](https://example.com/dark.png)

        ### Contributors

        - <img src="https://avatars.githubusercontent.com/u/1?v=4" alt="avatar" width="18"/> [Jay](https://github.com/jay)
        - <img src="https://avatars.githubusercontent.com/u/2?v=4" width="18" height="18"> [Kim](https://github.com/kim)
        - ![](https://img.shields.io/badge/x-y-green) [Lee](https://github.com/lee)

        """.write(to: notes, atomically: true, encoding: .utf8)
        for format in ["text", "appstore", "play", "testflight", "slack", "json"] {
            let run = try WhatsNewBinary.run([notes.path, "--format", format, "--color", "never"])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            var shown = run.stdout
            if format == "json" {
                // The JSON's html keeps the images; its plain words do not.
                shown = shown.split(separator: "\n").filter { !$0.contains("\"html\"") }.joined(separator: "\n")
            }
            #expect(
                !shown.contains("avatar") && !shown.contains("avatars.githubusercontent")
                    && !shown.contains("shields.io"), "\(format): \(shown)")
            #expect(shown.contains("Screenshot of dark mode"), "\(format)")
            for name in ["Jay", "Kim", "Lee"] {
                #expect(
                    shown.contains(name) && !shown.contains("\" \(name)") && !shown.contains("•  \(name)"),
                    "\(format): \(name)")
            }
        }
        let html = try WhatsNewBinary.run([notes.path, "--format", "html"]).stdout
        #expect(html.contains("alt=\"avatar\" width=\"18\" />"), "\(html)")
        #expect(html.contains("width=\"18\" height=\"18\" />") && html.contains("img.shields.io"))
    }

    @Test func aProjectListsItsAudiencesAndLintNamesOthers() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(atPath: beta, toPath: directory.appendingPathComponent("CHANGELOG.md").path)
        try "audiences: [beta, pro]\nplatforms: [ios, macos]\n".write(
            to: directory.appendingPathComponent(".whatsnew.yml"), atomically: true, encoding: .utf8)
        let lint = try WhatsNewBinary.run(["lint"], in: directory)
        #expect(lint.status == 0)
        #expect(
            lint.stdout.contains(
                "CHANGELOG.md:43:11: warning: unknown audience `internal`; .whatsnew.yml lists beta, pro [unknown-audience]"
            ), "\(lint.stdout)")
        let typo = try WhatsNewBinary.run(["--audience", "betta"], in: directory)
        #expect(
            typo.status == 2
                && typo.stderr.contains("unknown audience `betta`; did you mean `beta`? .whatsnew.yml lists "))
    }

    @Test func aReleaseDatedLaterIsScheduled() throws {
        let notes = SharedFiles.fixture("examples", "keep-a-changelog")
        let before = try WhatsNewBinary.run([notes, "--today", "2024-04-01", "--color", "never"])
        #expect(before.stdout.contains("Version 1.3.1 · 11 March 2024"), "1.4.0 is not out on 1 April")
        let scheduled = try WhatsNewBinary.run([
            notes, "--today", "2024-04-01", "--release", "1.4.0", "--color", "never",
        ])
        #expect(scheduled.stdout.contains("Version 1.4.0 · 2 May 2024 · ⏱ Scheduled"))
        let json = try WhatsNewBinary.run([notes, "--today", "2024-04-01", "--release", "1.4.0", "--format", "json"])
        #expect(json.stdout.contains("\"scheduled\": true"))
        let html = try WhatsNewBinary.run([notes, "--today", "2024-04-01", "--release", "1.4.0", "--format", "html"])
        #expect(html.stdout.contains("whatsnew-scheduled"))
        let markdown = try WhatsNewBinary.run([
            notes, "--today", "2024-04-01", "--release", "1.4.0", "--format", "markdown",
        ])
        #expect(
            markdown.stdout.hasPrefix(
                "## [1.4.0](https://example.com/compare/v1.3.1...v1.4.0) - 2024-05-02 (scheduled)\n"))
        // Read back, the body is still release 1.4.0 of 2 May.
        let again = try WhatsNewBinary.run(["-", "--format", "json"], stdin: markdown.stdout)
        #expect(again.stdout.contains("\"version\": \"1.4.0\"") && again.stdout.contains("\"date\": \"2024-05-02\""))
        let after = try WhatsNewBinary.run([notes, "--today", "2024-05-02", "--color", "never"])
        #expect(after.stdout.contains("Version 1.4.0 · 2 May 2024\n"))
        #expect(try WhatsNewBinary.run([notes, "--today", "2024-02-30"]).status == 2)
    }

    @Test func theTimelineHoldsTheNewestAndTheScheduled() throws {
        let notes = SharedFiles.fixture("examples", "keep-a-changelog")
        let run = try WhatsNewBinary.run([notes, "--format", "timeline", "--today", "2024-04-01", "--entries", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let entries = object?["entries"] as? [[String: Any]] ?? []
        #expect(entries.map { $0["date"] as? String } == ["2024-03-11", "2024-05-02"])
        let families = try #require(entries.last?["families"] as? [String: [String: Any]])
        #expect(Set(families.keys) == ["small", "medium", "large", "extra-large", "rectangular", "inline"])
        #expect(families["medium"]?["size"] as? String == "medium")
        #expect((entries.last?["release"] as? [String: Any])?["scheduled"] as? Bool == true)
    }
}
