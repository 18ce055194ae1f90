import Foundation
import Testing

@testable import WhatsNewModel
@testable import WhatsNewProject
@testable import WhatsNewSheet

/// The project layer on its own: finding the project, resolving a request against its
/// settings, reading the notes once, and the use cases writing what they should.
@Suite(.serialized) struct ProjectTests {
    /// A folder of files, removed at the end of the test.
    final class Folder {
        let url: URL

        init(_ files: [String: String]) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-project-\(UUID().uuidString)")
            for (path, text) in files {
                let file = url.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
        }

        func path(_ relative: String = "") -> String { url.appendingPathComponent(relative).path }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// A console that keeps what a run says, and the files it reads.
    final class Transcript: @unchecked Sendable {
        private let lock = NSLock()
        private var output = ""
        private var report = ""
        private var reads: [String] = []

        var console: Console {
            Console(
                output: { text in
                    self.lock.withLock { self.output += text }; return nil
                },
                report: { text in self.lock.withLock { self.report += text } },
                readTrace: { path in self.lock.withLock { self.reads.append(path) } })
        }

        var said: String { lock.withLock { output } }
        var reported: String { lock.withLock { report } }
        var read: [String] { lock.withLock { reads } }
    }

    static let notes = "# Changelog\n\n## [Unreleased]\n\n## [1.3.0] - 2024-02-20\n\n### Fixed\n\n- Crash.\n"
    static let fragment = "---\nkind: added\n---\nCollections can be shared.\n"

    @Test func theProjectIsFoundFromAnyFolderInIt() throws {
        let settings = try Folder([
            ".whatsnew.yml": "input: docs/CHANGELOG.md\n", "docs/CHANGELOG.md": Self.notes, "Sources/App/a.swift": "",
        ])
        // From another folder than the process's, paths go through it; from here they read `../../`.
        let fromSources = try Project.find(from: settings.path("Sources/App"))
        #expect(fromSources.root == settings.path("Sources/App") + "/../../")
        #expect(Project.same(fromSources.notesPath, settings.path("docs/CHANGELOG.md")))
        #expect(Project.same(fromSources.fragmentsPath, settings.path(".changes")))

        let notesOnly = try Folder(["CHANGELOG.md": Self.notes, "Sources/App/a.swift": ""])
        let fromDeep = try Project.find(from: notesOnly.path("Sources/App"))
        #expect(fromDeep.settings == nil && Project.same(fromDeep.notesPath, notesOnly.path("CHANGELOG.md")))

        let repository = try Folder([".git/HEAD": "ref: refs/heads/main\n", "Sources/App/a.swift": ""])
        let fromRepository = try Project.find(from: repository.path("Sources/App")).notesPath
        #expect(Project.same(fromRepository, repository.path("CHANGELOG.md")))

        let nowhere = try Folder(["a/b.txt": ""])
        #expect(Project.same(try Project.find(from: nowhere.path("a")).notesPath, nowhere.path("a/CHANGELOG.md")))
    }

    @Test func theSettingsSayWhatTheRequestDoesNot() throws {
        let folder = try Folder([
            ".whatsnew.yml": "release: all\nlocale: de\nlocales-dir: notes\nicons: icons.yml\n",
            "CHANGELOG.md": Self.notes,
        ])
        let project = try Project.find(from: folder.path())
        let resolved = NotesRequest().resolved(in: project)
        #expect(resolved.release == "all" && resolved.locale == "de")
        #expect(resolved.localesDirectory == folder.path("notes") && resolved.iconMap == folder.path("icons.yml"))
        var asked = NotesRequest()
        (asked.since, asked.locale) = ("1.0.0", "fr")
        let own = asked.resolved(in: project)
        #expect(own.release == nil && own.since == "1.0.0" && own.locale == "fr")
        #expect(own.selection() == .since("1.0.0"))
    }

    @Test func aRequestItCannotTakeIsAUsageError() throws {
        let folder = try Folder([".whatsnew.yml": "audiences: [beta, pro]\n", "CHANGELOG.md": Self.notes])
        let project = try Project.find(from: folder.path())
        var request = NotesRequest()
        request.hide = "dependencys"
        #expect(throws: CommandFailure.self) { try request.hiddenKinds() }
        do {
            _ = try request.hiddenKinds()
        } catch {
            #expect(error.status == 2)
            #expect(error.text.contains("`dependencys` is none; did you mean `dependencies`?"), "\(error.text)")
        }
        request.hide = nil
        request.audience = "betta"
        do {
            _ = try request.filter(in: project)
            Issue.record("an audience the project does not list is a usage error")
        } catch {
            #expect(error.status == 2 && error.text.contains("did you mean `beta`?"), "\(error.text)")
        }
        request.today = "2024-02-30"
        #expect(throws: CommandFailure.self) { try request.day(now: .today) }
    }

    @Test func theNotesAreReadOnceAndEachTranslationOnceMore() throws {
        let folder = try Folder([
            "CHANGELOG.md": Self.notes, "CHANGELOG.de.md": Self.notes,
            ".changes/20240301-000000-shared-0a0a.md": Self.fragment,
        ])
        let project = try Project.find(from: folder.path())
        let transcript = Transcript()
        let notes = try Notes(NotesRequest(), in: project, console: transcript.console)
        let names = { transcript.read.map { $0.split(separator: "/").last.map(String.init) ?? $0 } }
        #expect(names() == ["CHANGELOG.md", "CHANGELOG.md"], "the file, then with the fragment composed in")
        #expect(notes.document.releases.first?.sections.first?.items == ["Collections can be shared."])
        _ = try notes.edition(nil)
        _ = try notes.edition(LocaleTag("de"))
        _ = try notes.edition(LocaleTag("de"))
        #expect(names() == ["CHANGELOG.md", "CHANGELOG.md", "CHANGELOG.de.md"])
        // Every sheet of the run comes from that one read.
        let sheet = SheetRequest(today: ReleaseDate(year: 2024, month: 6, day: 1)!, filter: RowFilter())
        for selection in [ReleaseSelection.latest, .unreleased, .all] {
            _ = try sheet.sheet(of: try notes.edition(nil), selection: selection, in: notes)
        }
        #expect(transcript.read.count == 3)
    }

    @Test func everyOutputOfARunSharesOneRead() throws {
        let folder = try Folder([
            "CHANGELOG.md": Self.notes, ".changes/20240301-000000-shared-0a0a.md": Self.fragment,
            ".whatsnew.yml": "outputs:\n  html: out/sheet.html\n  json: out/sheet.json\n  markdown: out/body.md\n",
        ])
        let transcript = Transcript()
        var render = RenderSheets()
        render.notes.today = "2024-06-01"
        try render.run(in: try Project.find(from: folder.path()), console: transcript.console)
        #expect(transcript.read.count == 2)
        for file in ["out/sheet.html", "out/sheet.json", "out/body.md"] {
            #expect(FileManager.default.fileExists(atPath: folder.path(file)), "\(file)")
        }
        #expect(transcript.reported.contains("/out/sheet.json\n"), "\(transcript.reported)")
    }

    @Test func aDryRunReleaseWritesNothing() throws {
        let folder = try Folder(["CHANGELOG.md": Self.notes, ".changes/20240301-000000-shared-0a0a.md": Self.fragment])
        let project = try Project.find(from: folder.path())
        let transcript = Transcript()
        var release = WriteRelease(version: "1.4.0")
        (release.date, release.dryRun) = ("2024-05-02", true)
        try release.run(in: project, console: transcript.console)
        #expect(transcript.said.hasPrefix("## [1.4.0] - 2024-05-02\n\n### Added\n\n- Collections can be shared.\n"))
        #expect(transcript.read.count == 3, "the notes, the preview, the release read back: \(transcript.read)")
        #expect(try String(contentsOfFile: folder.path("CHANGELOG.md"), encoding: .utf8) == Self.notes)
        #expect(FileManager.default.fileExists(atPath: folder.path(".changes/20240301-000000-shared-0a0a.md")))
    }

    @Test func aReleaseAnErrorStopsChangesNothing() throws {
        let broken = "---\nkind: addded\n---\nTypo in the kind.\n"
        let folder = try Folder(["CHANGELOG.md": Self.notes, ".changes/20240301-000000-typo-0a0a.md": broken])
        do {
            try WriteRelease(version: "1.4.0").run(
                in: try Project.find(from: folder.path()), console: Transcript().console)
            Issue.record("a fragment with an unknown kind stops the release")
        } catch {
            #expect(error.status == 1)
            #expect(error.text.contains("unknown kind `addded`; did you mean `added`?"), "\(error.text)")
        }
        #expect(try String(contentsOfFile: folder.path("CHANGELOG.md"), encoding: .utf8) == Self.notes)
    }

    @Test func localesAreAllOrAListOfTags() throws {
        #expect(try LocaleList("all").all)
        #expect(try LocaleList("de, pt-BR").listed.map(\.description) == ["de", "pt-BR"])
        #expect(throws: CommandFailure.self) { try LocaleList("de,not a tag") }
    }

    /// Where bare issue numbers link when `.whatsnew.yml` says nothing: the package file beside
    /// the notes, else git's origin; credentials in an address never pass.
    @Test func theRepositoryIsFoundWhereTheProjectKeepsIt() throws {
        #expect(PackageRepository.address("git@github.com:acme/widget.git")?.base == "https://github.com/acme/widget")
        #expect(
            PackageRepository.address("git+https://bob:s3cret@github.com/acme/widget.git")?.base
                == "https://github.com/acme/widget")
        #expect(PackageRepository.address("ssh://git@gitlab.com/acme/tool.git")?.base == "https://gitlab.com/acme/tool")
        #expect(PackageRepository.address("github:acme/widget")?.base == "https://github.com/acme/widget")
        #expect(PackageRepository.address("/srv/git/widget") == nil)
        #expect(PackageRepository.address("javascript:alert(1)") == nil)
        #expect(PackageRepository.npm(#"{"repository": "acme/widget"}"#)?.base == "https://github.com/acme/widget")
        let config =
            "[core]\n\tbare = false\n[remote \"upstream\"]\n\turl = https://github.com/other/x\n[remote \"origin\"]\n\turl = git@github.com:acme/widget.git\n"
        #expect(PackageRepository.origin(inConfig: config) == "git@github.com:acme/widget.git")
        let pyproject = """
            [project]
            name = "widget"

            [project.urls]
            Homepage = "https://widget.example"
            "Source Code" = "https://github.com/acme/widget"
            """
        #expect(
            PackageRepository.toml(pyproject, table: "project.urls", keys: ["repository", "source code", "homepage"])?
                .base == "https://github.com/acme/widget")
        let cargo = "[package]\nname = \"widget\"\nrepository = \"https://codeberg.org/acme/widget\"\n"
        let folder = try Folder(["CHANGELOG.md": "# Changelog\n", "Cargo.toml": cargo])
        #expect(PackageRepository.beside(folder.path("CHANGELOG.md"))?.base == "https://codeberg.org/acme/widget")
        // The settings' own word comes first.
        let configured = try Folder([
            "CHANGELOG.md": "# Changelog\n", "Cargo.toml": cargo, ".whatsnew.yml": "repository: acme/other\n",
        ])
        let project = try Project.find(from: configured.path())
        #expect(project.repository(for: project.notesPath)?.base == "https://github.com/acme/other")
    }
}
