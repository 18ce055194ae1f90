import Foundation
import Testing

/// Notes written as the changes happen: `whatsnew new` on branches, `check` on pull requests,
/// the preview, and `release`, in a real git repository.
@Suite(.serialized) struct FragmentWorkflowTests {
    static let notes = """
        # Changelog

        All notable changes to Inkwell are documented here.

        ## [Unreleased]

        ## [1.3.1] - 2024-03-11

        ### Fixed

        - Crash when opening an empty collection.

        ## [1.3.0] - 2024-02-20

        ### Added

        - Pens are grouped by brand.

        [Unreleased]: https://example.com/inkwell/compare/v1.3.1...HEAD
        [1.3.1]: https://example.com/inkwell/compare/v1.3.0...v1.3.1
        [1.3.0]: https://example.com/inkwell/releases/v1.3.0

        """

    @Test func threeBranchesNoteTheirChangesAndTheReleaseGathersThem() throws {
        let repository = try GitRepository(["CHANGELOG.md": Self.notes, "Sources/App.swift": "let app = 1\n"])
        defer { repository.remove() }
        let branches: [(String, [String], String?)] = [
            (
                "sync-crash",
                [
                    "--kind", "fixed", "--issue", "230", "--body",
                    "Opening a collection while it syncs no longer crashes.",
                ], nil
            ),
            (
                "csv-export", ["--kind", "added", "--pr", "231", "--body", "-"],
                "- CSV export of a whole collection.\n- Exports remember the last folder.\n"
            ),
            (
                "sharing",
                [
                    "--kind", "added", "--title", "Shared Collections", "--icon", "person.2.fill", "--color", "teal",
                    "--summary", "Invite friends to a collection and edit it together.",
                ], nil
            ),
        ]
        for (branch, options, stdin) in branches {
            try repository.git("checkout", "-q", "-b", branch, "main")
            try repository.write("Sources/\(branch).swift", "// \(branch)\n")
            let new = try repository.whatsnew(["new"] + options, stdin: stdin)
            #expect(new.status == 0, "\(new.stderr)")
            let path = new.stdout.trimmingCharacters(in: .newlines)
            #expect(path.hasPrefix(".changes/") && path.hasSuffix(".md"), "\(path)")
            let check = try repository.whatsnew(["check"])
            #expect(check.status == 0, "\(branch): \(check.stderr)")
            #expect(check.stderr.contains("adds a release note: \(path)"))
            try repository.commit("Change \(branch)")
        }

        // A change to the code with no note fails the check; a label's WHATSNEW_SKIP passes it.
        try repository.git("checkout", "-q", "-b", "no-note", "main")
        try repository.write("Sources/App.swift", "let app = 2\n")
        try repository.commit("Quiet change")
        let missing = try repository.whatsnew(["check"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("touches Sources/App.swift but adds no release note"))
        #expect(try repository.whatsnew(["check"], environment: ["WHATSNEW_SKIP": "1"]).status == 0)
        #expect(try repository.whatsnew(["check", "--skip"]).status == 0)
        // Documentation and tests alone need no note.
        try repository.git("checkout", "-q", "-b", "docs", "main")
        try repository.write("docs/guide.md", "# Guide\n")
        try repository.write("Tests/AppTests.swift", "// tests\n")
        try repository.commit("Docs")
        let docs = try repository.whatsnew(["check"])
        #expect(docs.status == 0 && docs.stderr.contains("no release note needed"), "\(docs.stderr)")

        // The three branches merge with no conflict: each note is a file of its own.
        try repository.git("checkout", "-q", "main")
        for (branch, _, _) in branches { try repository.git("merge", "-q", "--no-ff", "-m", "Merge \(branch)", branch) }
        #expect(repository.files(in: ".changes").count == 4, "three notes and the folder's README")

        let preview = try repository.whatsnew(["--format", "json", "--release", "unreleased"])
        #expect(preview.status == 0, "\(preview.stderr)")
        let lint = try repository.whatsnew(["lint"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let release = try repository.whatsnew(["release", "1.4.0", "--date", "2024-05-02"])
        #expect(release.status == 0, "\(release.stderr)")
        #expect(repository.files(in: ".changes") == ["README.md"])
        let released = try repository.whatsnew(["--format", "json", "--release", "1.4.0"])
        #expect(released.status == 0)
        let before = try Self.rows(preview.stdout)
        #expect(before.count == 3)
        #expect(before == (try Self.rows(released.stdout)))
        #expect(try Self.release(released.stdout)["date"] as? String == "2024-05-02")

        let notes = try repository.read("CHANGELOG.md")
        #expect(notes.contains("## [Unreleased]\n\n## [1.4.0] - 2024-05-02\n\n### 👥 Shared Collections\n"))
        #expect(notes.contains("- Opening a collection while it syncs no longer crashes. (#230)\n"))
        #expect(
            notes.contains(
                "[Unreleased]: https://example.com/inkwell/compare/v1.4.0...HEAD\n[1.4.0]: https://example.com/inkwell/compare/v1.3.1...v1.4.0\n"
            ))
        // The unreleased release is empty again, and the next note starts it anew.
        let empty = try repository.whatsnew(["--release", "unreleased", "--format", "json"])
        #expect(try Self.rows(empty.stdout).isEmpty)
    }

    @Test func aProjectsOwnKindsKeepTheirLookOnceReleased() throws {
        let repository = try GitRepository([
            "CHANGELOG.md": Self.notes,
            ".whatsnew.yml": """
            repository: inkwell/app
            kinds:
              ui: { title: Interface, icon: paintbrush.fill, color: purple }
              fixed: { icon: ant.fill }

            """,
        ])
        defer { repository.remove() }
        #expect(
            try repository.whatsnew(["new", "--kind", "ui", "--pr", "7", "--body", "Rounder corners."]).status == 0)
        #expect(try repository.whatsnew(["new", "--kind", "fixed", "--body", "No more flicker."]).status == 0)
        let preview = try repository.whatsnew(["--format", "json", "--release", "unreleased"])
        let rows = try Self.rows(preview.stdout)
        let interface = try #require(rows.first { $0["title"] as? String == "Interface" })
        #expect(interface["color"] as? String == "purple")
        #expect(interface["symbol"] as? String == "paintbrush.fill")
        #expect((interface["items"] as? [String]) == ["Rounder corners. (#7)"])
        #expect(rows.first { $0["title"] as? String == "Fixed" }?["symbol"] as? String == "ant.fill")
        #expect(try repository.whatsnew(["release", "1.4.0", "--date", "2024-05-02"]).status == 0)
        let notes = try repository.read("CHANGELOG.md")
        #expect(notes.contains("### Interface\n\n- Rounder corners. ([#7](https://github.com/inkwell/app/pull/7))\n"))
        let released = try repository.whatsnew(["--format", "json", "--release", "1.4.0"])
        #expect(try Self.rows(released.stdout) == rows)
    }

    /// The release's rows as a reader sees them: everything but where they stand in the file.
    static func rows(_ json: String) throws -> [NSDictionary] {
        let sections = try release(json)["sections"] as? [[String: Any]] ?? []
        return sections.map { section in
            var row = section
            row["line"] = nil
            return row as NSDictionary
        }
    }

    static func release(_ json: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require((object?["releases"] as? [[String: Any]])?.first)
    }
}

/// A release that cannot be written leaves the notes and every fragment byte for byte as they
/// were: an invalid fragment, a version already out, a bad date, and folders it may not write.
@Suite(.serialized) struct FailedReleaseTests {
    private let fragments = [
        "20240501-120000-crash-1a2b.md": "---\nkind: fixed\n---\nNo more crash on launch.\n",
        "20240502-120000-export-3c4d.md": "---\nkind: added\n---\n- CSV export.\n",
    ]

    private func project() throws -> URL {
        let directory = try SharedFiles.scratchDirectory()
        try FragmentWorkflowTests.notes.write(
            to: directory.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        let changes = directory.appendingPathComponent(".changes")
        try FileManager.default.createDirectory(at: changes, withIntermediateDirectories: true)
        for (name, text) in fragments {
            try text.write(to: changes.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// Every file under the project, with its bytes.
    private func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = directory.appendingPathComponent(path).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = FileManager.default.contents(atPath: full)
            }
        }
        return files
    }

    /// whatsnew as a user who may not write where the folder's permissions say so: root writes
    /// anywhere, so a root test runs it as `nobody`.
    private func release(in directory: URL, _ arguments: [String]) throws -> WhatsNewBinary.Run {
        let binary = try #require(WhatsNewBinary.url)
        guard getuid() == 0 else { return try WhatsNewBinary.run(["release"] + arguments, in: directory) }
        return try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path, "release"] + arguments, in: directory,
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    }

    @Test func nothingChangesWhenTheReleaseCannotBeWritten() throws {
        let directory = try project()
        defer {
            chmod(directory.path, 0o755)
            chmod(directory.appendingPathComponent(".changes").path, 0o755)
            try? FileManager.default.removeItem(at: directory)
        }
        // Everyone may read and write, until a case takes that away.
        chmod(directory.path, 0o777)
        chmod(directory.appendingPathComponent(".changes").path, 0o777)
        let before = try snapshot(directory)
        #expect(before.count == 3)

        let exists = try release(in: directory, ["1.3.1"])
        #expect(exists.status == 1)
        #expect(exists.stderr.contains("CHANGELOG.md:7:1: error: release 1.3.1 is already in the notes"))
        #expect(try snapshot(directory) == before)

        let older = try release(in: directory, ["1.2.0"])
        #expect(older.status == 1 && older.stderr.contains("not newer than the latest release, 1.3.1"))
        #expect(try snapshot(directory) == before)

        let badDate = try release(in: directory, ["1.4.0", "--date", "2024-02-30"])
        #expect(badDate.status == 2 && badDate.stderr.contains("--date takes a real day as YYYY-MM-DD"))
        #expect(try snapshot(directory) == before)

        let invalid = directory.appendingPathComponent(".changes/20240503-120000-oops-5e6f.md")
        try "---\nkind: fixd\n---\nOops.\n".write(to: invalid, atomically: true, encoding: .utf8)
        chmod(invalid.path, 0o666)
        let withInvalid = try snapshot(directory)
        let refused = try release(in: directory, ["1.4.0"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                ".changes/20240503-120000-oops-5e6f.md:2:7: error: unknown kind `fixd`; did you mean `fixed`?"))
        #expect(try snapshot(directory) == withInvalid)
        try FileManager.default.removeItem(at: invalid)

        chmod(directory.appendingPathComponent(".changes").path, 0o555)
        let lockedFragments = try release(in: directory, ["1.4.0"])
        #expect(lockedFragments.status == 1, "\(lockedFragments.stderr)")
        // The fragments folder holds a lock of its own, which a folder no one may write in cannot.
        #expect(
            lockedFragments.stderr.contains(
                ".changes/.whatsnew.lock: error: cannot take the project's lock: permission denied"),
            "\(lockedFragments.stderr)")
        #expect(try snapshot(directory) == before)
        chmod(directory.appendingPathComponent(".changes").path, 0o777)

        chmod(directory.path, 0o555)
        let lockedNotes = try release(in: directory, ["1.4.0"])
        #expect(lockedNotes.status == 1, "\(lockedNotes.stderr)")
        #expect(lockedNotes.stderr.contains(".whatsnew.lock: error: cannot take the project's lock: permission denied"))
        #expect(try snapshot(directory) == before)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(".changes").path))
        chmod(directory.path, 0o777)

        let dryRun = try release(in: directory, ["1.4.0", "--dry-run", "--date", "2024-05-02"])
        #expect(dryRun.status == 0)
        #expect(
            dryRun.stdout
                == "## [1.4.0] - 2024-05-02\n\n### Added\n\n- CSV export.\n\n### Fixed\n\n- No more crash on launch.\n")
        #expect(try snapshot(directory) == before)

        let kept = try release(in: directory, ["1.4.0", "--date", "2024-05-02", "--keep"])
        #expect(kept.status == 0, "\(kept.stderr)")
        let after = try snapshot(directory)
        #expect(
            after.count == 3
                && after[".changes/20240501-120000-crash-1a2b.md"] == before[".changes/20240501-120000-crash-1a2b.md"])
        #expect(
            String(decoding: after["CHANGELOG.md"] ?? Data(), as: UTF8.self).contains(
                "## [1.4.0] - 2024-05-02\n\n### Added\n\n- CSV export.\n"))
    }
}
