import Foundation
import Testing
import WhatsNewTestSupport

/// An app that depends on the WhatsNewSchema library alone (Tests/SchemaClient, built here
/// with SwiftPM as an app would build it) decodes what the command line writes: the JSON of
/// every fixture that renders, and the lint report of every fixture. Each file, decoded and
/// written back with Foundation's encoder, holds exactly what it held.
struct SchemaClientTests {
    @Test(.slowCheck) func anAppDecodesEveryFixtureWithTheSchemaAlone() throws {
        let scratch = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let sheets = scratch.appendingPathComponent("sheets")
        let lint = scratch.appendingPathComponent("lint")
        for folder in [sheets, lint] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        let fixtures = SharedFiles.tests.appendingPathComponent("WhatsNewTests/Fixtures")
        var written: [URL] = []
        for group in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() {
            let files = try FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(group).path)
            for file in files.sorted() where file.hasSuffix(".md") {
                let path = fixtures.appendingPathComponent(group).appendingPathComponent(file).path
                let name = "\(group)-\(file.dropLast(3)).json"
                let sheet = try WhatsNewBinary.run([path, "--release", "all", "--format", "json"])
                // Only notes with an error in them give no sheet; lint reports those.
                if sheet.status == 0 {
                    try sheet.stdout.write(to: sheets.appendingPathComponent(name), atomically: true, encoding: .utf8)
                    written.append(sheets.appendingPathComponent(name))
                } else {
                    #expect(group == "lint", "\(path): \(sheet.stderr)")
                }
                let report = try WhatsNewBinary.run(["lint", path, "--format", "json"])
                try report.stdout.write(to: lint.appendingPathComponent(name), atomically: true, encoding: .utf8)
                written.append(lint.appendingPathComponent(name))
            }
        }
        // Sheets fitted to every size family, and timelines with a scheduled release.
        let timeline = scratch.appendingPathComponent("timeline")
        try FileManager.default.createDirectory(at: timeline, withIntermediateDirectories: true)
        for (group, name) in [
            ("examples", "featured-changelog"), ("examples", "keep-a-changelog"), ("sizes", "wide-icons"),
        ] {
            let path = SharedFiles.fixture(group, name)
            for family in ["small", "medium", "large", "extra-large", "rectangular", "inline"] {
                let sized = try WhatsNewBinary.run([path, "--format", "json", "--size", family, "--release", "all"])
                try #require(sized.status == 0, "\(sized.stderr)")
                let file = sheets.appendingPathComponent("size-\(name)-\(family).json")
                try sized.stdout.write(to: file, atomically: true, encoding: .utf8)
                written.append(file)
            }
            let entries = try WhatsNewBinary.run([path, "--format", "timeline", "--today", "2024-05-01"])
            try #require(entries.status == 0, "\(entries.stderr)")
            let file = timeline.appendingPathComponent("\(name).json")
            try entries.stdout.write(to: file, atomically: true, encoding: .utf8)
            written.append(file)
        }
        #expect(written.count > 60)

        let package = SharedFiles.tests.appendingPathComponent("SchemaClient")
        // Swift 6's language mode, strict concurrency: the app's code builds with no warning.
        let (built, buildOutput, buildErrors) = try Tool.run(["swift", "build", "--package-path", package.path])
        try #require(built == 0, "\(buildErrors)")
        #expect(!(buildOutput + buildErrors).contains("warning:"), "\(buildOutput)\(buildErrors)")
        let (status, output, errors) = try Tool.run(
            [
                "swift", "run", "--skip-build", "--package-path", package.path, "SchemaClient", "--concurrency",
                "1.3.0,1.4.0,examples-keep-a-changelog.json",
                "--since", "1.3.0,1.3-beta3,2.0,nil,9.9,x", "--running", "1.4.0", sheets.path, lint.path, timeline.path,
            ])
        try #require(status == 0, "\(errors)")
        // The policy and a store from an actor, a @MainActor model and a detached task.
        #expect(
            output.contains("actor: [\"1.4.0\"] model: 1.4.0 detached: [\"1.4.0\"] record: [\"1.4.0\"]"),
            "\(output.suffix(300))")
        // Two launches of an app, each its own process over one UserDefaults suite: the second
        // reads what the first saved, and a third of the same version shows nothing.
        let suite = "whatsnew-launches-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let notes = sheets.appendingPathComponent("examples-keep-a-changelog.json").path
        var launches: [String] = []
        for version in ["1.3.0", "1.4.0", "1.4.0"] {
            let (ran, said, failed) = try Tool.run([
                "swift", "run", "--skip-build", "--package-path", package.path, "Launches", suite, notes, version,
            ])
            try #require(ran == 0, "\(failed)")
            launches.append(said.trimmingCharacters(in: .newlines))
        }
        #expect(
            launches == [
                "shows 1.3.0 (no version seen yet: the running version's notes)",
                "shows 1.4.0 (new releases); skipped 1.3.1 (only fixes)",
                "shows nothing: already seen 1.4.0",
            ])
        // The UserDefaults store from an actor, a @MainActor model and a detached task in turn.
        let shared = "whatsnew-actors-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: shared)?.removePersistentDomain(forName: shared) }
        let (across, acrossOutput, acrossErrors) = try Tool.run(
            [
                "swift", "run", "--skip-build", "--package-path", package.path, "Launches", shared, notes, "1.4.0",
                "--across-actors",
            ])
        try #require(across == 0, "\(acrossErrors)")
        #expect(
            acrossOutput == """
                actor: shows 1.4.0 (no version seen yet: the running version's notes)
                model: shows nothing: already seen 1.4.0
                detached: shows nothing: already seen 1.4.0

                """)
        #expect(output.hasSuffix("decoded \(written.count) files\n"))
        // JSON a server or a person writes: the least a sheet is, and a schema this one cannot read.
        let handWritten = scratch.appendingPathComponent("hand-written.json")
        try
            #"{"title": "Lantern", "releases": [{"version": "2.1.0", "sections": [{"icon": "🗺️", "title": "Offline maps", "summary": "Take your maps anywhere."}]}]}"#
            .write(to: handWritten, atomically: true, encoding: .utf8)
        let later = scratch.appendingPathComponent("schema-2.json")
        try #"{"schemaVersion": 2, "title": "Lantern", "releases": []}"#.write(
            to: later, atomically: true, encoding: .utf8)
        let (minimal, minimalOutput, _) = try Tool.run([
            "swift", "run", "--skip-build", "--package-path", package.path, "SchemaClient", "--decode",
            handWritten.path,
        ])
        #expect(minimal == 0)
        #expect(
            minimalOutput
                == "hand-written.json: schema 1 Lantern 2.1.0 [glyph(\"🗺️\") Offline maps: Take your maps anywhere.]\n")
        let (refused, refusedOutput, _) = try Tool.run([
            "swift", "run", "--skip-build", "--package-path", package.path, "SchemaClient", "--decode", later.path,
        ])
        #expect(refused == 1)
        #expect(
            refusedOutput
                == "schema-2.json: error: What's New JSON of schema 2: this WhatsNewSchema reads schema 1; update the whatsnew package, or write the JSON with the whatsnew the app builds with\n"
        )
        // "Since you last looked", answered by the schema alone.
        for line in [
            "examples-keep-a-changelog.json after 1.3.0: [1.4.0,1.3.1] 1.4.0 {Added×2,Fixed×3,Security×1}",
            "examples-keep-a-changelog.json after nil: [1.4.0] 1.4.0 {Added×2,Fixed×2,Security×1}",
            "examples-keep-a-changelog.json after 9.9: [] - {}",
            "examples-keep-a-changelog.json after x: [1.4.0] 1.4.0 {Added×2,Fixed×2,Security×1}",
            // Pre-releases: beta3 is followed by 1.3; 2.0 RC1 comes before 2.0.
            "dialects-spaced-prereleases.json after 1.3-beta3: [4.0.0 beta 2,2.0 RC1,1.3] 4.0.0 beta 2",
            "dialects-spaced-prereleases.json after 2.0: [4.0.0 beta 2] 4.0.0 beta 2",
            // When to show it, decided by the schema alone.
            "examples-keep-a-changelog.json running 1.4.0 after 1.3.0: shows 1.4.0 (new releases); skipped 1.3.1 (only fixes)",
            "examples-keep-a-changelog.json running 1.4.0 after nil: shows nothing: a fresh install",
            "examples-keep-a-changelog.json running 1.4.0 after 9.9: shows nothing: already seen 9.9",
            "examples-keep-a-changelog.json running 1.4.0 after x: shows 1.4.0 (no version seen yet: the running version's notes)",
        ] {
            #expect(
                output.contains(line),
                "\(line)\n\(output.split(separator: "\n").filter { $0.contains("keep-a-changelog.json ") || $0.contains("spaced-prereleases.json after") }.joined(separator: "\n"))"
            )
        }
        for file in written {
            let original = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
            let decoded = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: file.path + ".decoded")))
            #expect((original as? NSDictionary) == (decoded as? NSDictionary), "\(file.lastPathComponent)")
        }
    }
}
