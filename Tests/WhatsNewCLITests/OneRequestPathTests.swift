import Foundation
import Testing

/// Every command reads its notes the same way: from any folder of the project, through one
/// request, once. What used to differ between commands and formats is checked here.
@Suite(.serialized) struct OneRequestPathTests {
    static let notes = """
        # Changelog

        ## [Unreleased]

        ## [1.3.0] - 2024-02-20

        ---
        title: Beta Lab
        color: purplish
        summary: Try what comes next.
        audience: beta
        ---

        ### Fixed

        - Crash when opening an empty collection.

        """

    static let fragment = """
        ---
        kind: added
        ---
        Collections can be shared.

        """

    /// A project: notes, a German translation, a fragment, settings naming the product and a
    /// build number, and a folder two levels down to run from.
    static func project(settings: String = "name: Inkwell\nbuilds: { 1.3.0: 130 }\naudiences: [beta, pro]\n") throws
        -> GitRepository
    {
        try GitRepository([
            "CHANGELOG.md": notes,
            "CHANGELOG.de.md": notes.replacingOccurrences(of: "Crash when", with: "Absturz beim"),
            ".changes/20240301-120000-shared-collections-0a0a.md": fragment,
            ".whatsnew.yml": settings,
            "Sources/App/App.swift": "let app = 1\n",
        ])
    }

    @Test func everyCommandFromASubfolderFindsTheProjectsNotes() throws {
        let repository = try Self.project()
        defer { repository.remove() }
        let here = repository.url.appendingPathComponent("Sources/App")
        func run(_ arguments: [String]) throws -> WhatsNewBinary.Run { try WhatsNewBinary.run(arguments, in: here) }
        let sheet = try run(["--format", "json", "--release", "unreleased"])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(sheet.stdout.contains("Collections can be shared."), "the fragment is the release in progress")
        #expect(sheet.stdout.contains("\"title\": \"Inkwell\""), "the project's name")
        let lint = try run(["lint"])
        #expect(lint.status == 1, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.hasPrefix("../../CHANGELOG.md:9:8: error: `purplish` is not a colour"), "\(lint.stdout)")
        #expect(lint.stderr.contains("in 2 files"), "the notes and the fragment: \(lint.stderr)")
        let preview = try run(["preview", "--release", "unreleased"])
        #expect(preview.status == 0 && preview.stdout.contains("Collections can be shared."), "\(preview.stderr)")
        let locales = try run(["locales"])
        #expect(
            locales.status == 0 && locales.stdout.contains("../../CHANGELOG.de.md"),
            "\(locales.stdout)\(locales.stderr)")
        let new = try run(["new", "--kind", "fixed", "--body", "Exports keep their order."])
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stdout.hasPrefix("../../.changes/"), "\(new.stdout)")
        let dryRun = try run(["release", "1.4.0", "--date", "2024-05-02", "--dry-run"])
        #expect(dryRun.status == 0 && dryRun.stdout.contains("Collections can be shared."), "\(dryRun.stderr)")
        let release = try run(["release", "1.4.0", "--date", "2024-05-02"])
        #expect(release.status == 0, "\(release.stderr)")
        #expect(release.stderr.contains("in ../../CHANGELOG.md from 2 fragments"), "\(release.stderr)")
        #expect(try repository.read("CHANGELOG.md").contains("## [1.4.0] - 2024-05-02"))
        // Nothing was written where the commands ran.
        #expect(repository.files(in: "Sources/App") == ["App.swift"])
    }

    @Test func withNoNotesAnywhereACommandSaysSoAndWritesNothing() throws {
        let folder = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = try GitRepository(["Sources/App/App.swift": "let app = 1\n"])
        defer { repository.remove() }
        let here = repository.url.appendingPathComponent("Sources/App")
        let sheet = try WhatsNewBinary.run([], in: here)
        #expect(sheet.status == 1)
        #expect(sheet.stderr == "../../CHANGELOG.md: error: cannot read: no such file\n", "\(sheet.stderr)")
        // A release names notes that exist; --create starts them where the project is.
        let missing = try WhatsNewBinary.run(["release", "1.0.0", "--allow-empty", "--date", "2024-05-02"], in: here)
        #expect(missing.status == 1)
        #expect(
            missing.stderr
                == "../../CHANGELOG.md: error: no such file\nnothing was changed; give --create to start a new notes file here\n"
        )
        #expect(repository.files(in: "Sources/App") == ["App.swift"])
        let release = try WhatsNewBinary.run(
            ["release", "1.0.0", "--allow-empty", "--create", "--date", "2024-05-02"], in: here)
        #expect(release.status == 0, "\(release.stderr)")
        #expect(repository.files(in: "Sources/App") == ["App.swift"])
        #expect(try repository.read("CHANGELOG.md").contains("## [1.0.0] - 2024-05-02"))
    }

    @Test func theSettingsTakeEveryFormatTheCommandLineTakes() throws {
        let repository = try Self.project(settings: "format: timeline\n")
        defer { repository.remove() }
        let run = try repository.whatsnew(["--today", "2024-06-01"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"entries\""), "\(run.stdout.prefix(200))")
        let outputs = try Self.project(settings: "outputs:\n  timeline: out/timeline.json\n  atom: out/feed.xml\n")
        defer { outputs.remove() }
        let written = try outputs.whatsnew([])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try outputs.read("out/timeline.json").contains("\"entries\""))
        #expect(try outputs.read("out/feed.xml").hasPrefix("<?xml"))
    }

    @Test func jsonInEveryLocaleIsTheSheetEveryOtherFormatShows() throws {
        let repository = try Self.project()
        defer { repository.remove() }
        let run = try repository.whatsnew([
            "--format", "json", "--locales", "all", "--output", "App", "--release", "all", "--audience", "pro",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        for locale in ["en", "de"] {
            let json = try repository.read("App/\(locale).lproj/WhatsNew.json")
            #expect(json.contains("Collections can be shared."), "\(locale): the fragments")
            #expect(!json.contains("Beta Lab"), "\(locale): --audience")
            #expect(json.contains("Inkwell"), "\(locale): the project's name")
            #expect(json.contains("\"build\": \"130\""), "\(locale): builds:")
        }
        #expect(try repository.read("App/de.lproj/WhatsNew.json").contains("Absturz beim"))
        // The same options in one locale give the same sheet as the original's file.
        let single = try repository.whatsnew(["--format", "json", "--release", "all", "--audience", "pro"])
        #expect(single.stdout == (try repository.read("App/en.lproj/WhatsNew.json")))
    }

    /// Each file a run reads as notes, as `WHATSNEW_TRACE_READS=1` reports them.
    static func reads(_ run: WhatsNewBinary.Run) -> [String] {
        run.stderr.split(separator: "\n").filter { $0.hasPrefix("whatsnew: read ") }.map { String($0.dropFirst(15)) }
    }

    @Test func theNotesAreReadOncePerRun() throws {
        let repository = try Self.project(
            settings: "outputs:\n  html: out/sheet.html\n  json: out/sheet.json\n  markdown: out/body.md\n")
        defer { repository.remove() }
        let trace = ["WHATSNEW_TRACE_READS": "1"]
        // Rendering with fragments: the file, then the file with the fragments composed in.
        let html = try repository.whatsnew(["--format", "html"], environment: trace)
        #expect(html.status == 0, "\(html.stderr)")
        #expect(Self.reads(html) == ["CHANGELOG.md", "CHANGELOG.md"], "\(Self.reads(html))")
        // Three outputs share one read.
        let outputs = try repository.whatsnew([], environment: trace)
        #expect(outputs.status == 0, "\(outputs.stderr)")
        #expect(Self.reads(outputs).count == 2, "\(Self.reads(outputs))")
        // A locale reads its translation once more, and only it.
        let german = try repository.whatsnew(["--locale", "de"], environment: trace)
        #expect(Self.reads(german) == ["CHANGELOG.md", "CHANGELOG.md", "CHANGELOG.de.md"], "\(Self.reads(german))")
        // Releasing: the notes, the preview of the release, and the release as written, read back.
        let release = try repository.whatsnew(["release", "1.4.0", "--date", "2024-05-02"], environment: trace)
        #expect(release.status == 0, "\(release.stderr)")
        #expect(Self.reads(release).count == 3, "\(Self.reads(release))")
        // Without fragments, one read.
        let plain = try repository.whatsnew(["--format", "json"], environment: trace)
        #expect(Self.reads(plain) == ["CHANGELOG.md"], "\(Self.reads(plain))")
    }
}
