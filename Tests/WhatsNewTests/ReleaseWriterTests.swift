import Foundation
import Testing

@testable import WhatsNewEditing
@testable import WhatsNewModel
@testable import WhatsNewReading

/// `whatsnew release` in each dialect: the fragments under `Fixtures/fragments` written into a
/// fixture as a new release, compared whole with `Golden/release/<name>.md`.
struct ReleaseWriterTests {
    static let fragments: [Fragment] = {
        FragmentFolder(path: Fixtures.directory.appendingPathComponent("fragments").path).read(with: FragmentReader())
            .fragments
    }()

    static let date = ReleaseDate(year: 2024, month: 6, day: 1)!

    /// A fragment of `text`, named `name`.
    static func fragment(_ text: String, _ name: String) throws -> Fragment {
        try #require(
            FragmentReader().read(try SourceFile(path: ".changes/\(name).md", bytes: Array(text.utf8))).fragment)
    }

    /// Keep a Changelog with compare links, curated front-matter rows, `## 0.28.1 (6th December,
    /// 2024)` with bold label rows, and two setext files (one underlined to a fixed length).
    @Test(arguments: [
        ("examples", "keep-a-changelog", "1.5.0"), ("examples", "featured-changelog", "2.1.0"),
        ("dialects", "httpx-style", "0.29.0"), ("dialects", "realm-setext", "10.46.0"),
        ("dialects", "unreleased-setext", "0.10.0"),
    ])
    func aReleaseIsWrittenInTheNotesOwnDialect(group: String, name: String, version: String) throws {
        let notes = try Fixtures.source(group, name)
        let edit = try ReleaseWriter().release(notes, fragments: Self.fragments, version: version, date: Self.date)
        let written = String(decoding: edit.notes, as: UTF8.self)
        Golden.check(written, against: "release/\(name).md")

        // The diff is the new release (with the unreleased content it took) and the links.
        let before = String(decoding: notes.bytes, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let after = written.split(separator: "\n", omittingEmptySubsequences: false)
        let release = Set(edit.release.split(separator: "\n", omittingEmptySubsequences: false))
        let reading = DocumentReader().read(notes)
        let unreleased = reading.document.releases.first(where: \.isUnreleased)
        var unreleasedLines: Set<Substring> = []
        if let unreleased {
            let next = reading.document.releases.first { $0.line > unreleased.line }?.line ?? before.count + 1
            unreleasedLines = Set(before[(unreleased.line - 1)..<(next - 1)])
        }
        for change in after.difference(from: before) {
            switch change {
            case .insert(_, let line, _):
                #expect(release.contains(line) || line.hasPrefix("[") || line.isEmpty, "\(name): added \(line)")
            case .remove(_, let line, _):
                #expect(unreleasedLines.contains(line) || line.hasPrefix("["), "\(name): removed \(line)")
            }
        }

        // Read back, it is the sheet the preview showed, and every fragment's words are in it.
        let preview = DocumentReader().read(try ReleaseWriter().preview(notes, fragments: Self.fragments)).document
        let shown = try #require(preview.releases.first { $0.isUnreleased })
        let readBack = DocumentReader().read(try SourceFile(path: name, bytes: edit.notes)).document
        let released = try #require(readBack.releases.first { $0.version?.text == version })
        #expect(Self.sheet(of: released) == Self.sheet(of: shown))
        #expect(released.date == Self.date)
        let text = Self.sheet(of: released).joined(separator: "\n")
        for fragment in Self.fragments {
            for word in MarkdownContent(blocks: fragment.body.blocks).plainText.split(whereSeparator: \.isWhitespace) {
                #expect(text.contains(word), "\(name): `\(word)` of \(fragment.name)")
            }
        }
    }

    @Test func aNewVersionMustBeNewAndNewer() throws {
        let notes = try Fixtures.source("examples", "keep-a-changelog")
        let writer = ReleaseWriter()
        #expect(throws: Diagnostic.self) {
            try writer.release(notes, fragments: Self.fragments, version: "1.4.0", date: Self.date)
        }
        do {
            _ = try writer.release(notes, fragments: Self.fragments, version: "1.3.2", date: Self.date)
            Issue.record("an older version was released")
        } catch {
            #expect(error.rule == .releaseOrder)
            #expect(
                error.description.hasPrefix(
                    "\(notes.path):8:1: error: 1.3.2 is not newer than the latest release, 1.4.0"))
        }
        let older = try writer.release(
            notes, fragments: Self.fragments, version: "1.3.2", date: Self.date, allowsOlder: true)
        #expect(String(decoding: older.notes, as: UTF8.self).contains("## [1.3.2] - 2024-06-01"))
        #expect(throws: Diagnostic.self) { try writer.release(notes, fragments: [], version: "1.5.0", date: Self.date) }
        let empty = try writer.release(notes, fragments: [], version: "1.5.0", date: Self.date, allowsEmpty: true)
        #expect(empty.release == "## [1.5.0] - 2024-06-01\n")
    }

    @Test func aPlannedVersionIsTheOneReleased() throws {
        let notes = try SourceFile(
            path: "notes.md",
            bytes: Array(
                "# Changes\n\n## 2.0.0 (unreleased)\n\n### Fixed\n\n- Old fix.\n\n## 1.9.0 (2024-01-02)\n\n### Added\n\n- Thing.\n"
                    .utf8))
        #expect(throws: Diagnostic.self) {
            try ReleaseWriter().release(notes, fragments: Self.fragments, version: "2.1.0", date: Self.date)
        }
        let edit = try ReleaseWriter().release(notes, fragments: Self.fragments, version: "2.0.0", date: Self.date)
        let text = String(decoding: edit.notes, as: UTF8.self)
        #expect(text.hasPrefix("# Changes\n\n## 2.0.0 (2024-06-01)\n\n"))
        // Dart's `1.7.0-wip` is 1.7.0 being written: releasing 1.7.0 releases it.
        let dart = try SourceFile(
            path: "notes.md", bytes: Array("## 1.7.0-wip\n\n* Adds a thing.\n\n## 1.6.0\n\n* Older.\n".utf8))
        let wip = try ReleaseWriter().release(dart, fragments: [], version: "1.7.0", date: Self.date)
        #expect(
            String(decoding: wip.notes, as: UTF8.self).hasPrefix("## 1.7.0\n\n* Adds a thing.\n\n## 1.6.0\n"),
            "\(String(decoding: wip.notes, as: UTF8.self))")
        #expect(throws: Diagnostic.self) {
            try ReleaseWriter().release(dart, fragments: [], version: "1.8.0", date: Self.date)
        }
        // The work-in-progress name is never released: the advice is the release it becomes.
        for (version, advice) in [
            ("1.8.0", "the notes plan 1.7.0 as the next release; release 1.7.0"), ("1.7.0-wip", "release 1.7.0"),
        ] {
            do {
                _ = try ReleaseWriter().release(dart, fragments: [], version: version, date: Self.date)
                Issue.record("\(version) was released")
            } catch { #expect(error.message.contains(advice), "\(error.message)") }
        }
        #expect(!text.contains("unreleased"))
        #expect(
            text.contains("### Fixed\n\n- Old fix.\n- Opening a collection while it syncs no longer crashes. (#230)\n"))
    }

    /// semantic-release's notes (conventional-changelog): a title, then patches a level below
    /// majors and minors. The release in progress above them is read at either level, and a new
    /// release takes the level its kind of version has there.
    @Test func semanticReleaseNotesReleaseAtTheirOwnLevels() throws {
        let notes = """
            # Changelog

            All notable changes to this project will be documented in this file.

            ## [3.0.1](https://github.com/o/r/compare/v3.0.0...v3.0.1) (2019-08-29)

            ### Bug Fixes

            - **config:** keep the `initial` keyword ([7260318](https://github.com/o/r/commit/7260318))

            # [3.0.0](https://github.com/o/r/compare/v2.0.1...v3.0.0) (2019-04-20)

            ### Features

            - **config:** add a11y-related rules ([0fa9c37](https://github.com/o/r/commit/0fa9c37))

            ## [2.0.1](https://github.com/o/r/compare/v2.0.0...v2.0.1) (2018-09-24)

            ### Bug Fixes

            - **config:** fix a value ([5fe20ef](https://github.com/o/r/commit/5fe20ef))

            """
        let file = try SourceFile(path: "CHANGELOG.md", bytes: Array(notes.utf8))
        let fix = try Self.fragment("---\nkind: fixed\n---\nA fix.\n", "fix")
        let feature = try Self.fragment("---\nkind: added\n---\nA feature.\n", "feature")
        let patch = try ReleaseWriter().release(file, fragments: [fix], version: "3.0.2", date: Self.date)
        #expect(
            patch.release.hasPrefix(
                "## [3.0.2](https://github.com/o/r/compare/v3.0.1...v3.0.2) (2024-06-01)\n\n### Bug Fixes\n\n- A fix.\n"
            ), "\(patch.release)")
        let minor = try ReleaseWriter().release(file, fragments: [fix, feature], version: "3.1.0", date: Self.date)
        #expect(
            minor.release.hasPrefix("# [3.1.0](https://github.com/o/r/compare/v3.0.1...v3.1.0) (2024-06-01)\n"),
            "\(minor.release)")
        // An `## Unreleased` above them all is the release in progress, not a heading of the title's.
        let pending = notes.replacingOccurrences(
            of: "## [3.0.1]", with: "## [Unreleased]\n\n### Bug Fixes\n\n- Waiting.\n\n## [3.0.1]")
        let read = DocumentReader().read(try SourceFile(path: "CHANGELOG.md", bytes: Array(pending.utf8))).document
        #expect(read.releaseInProgress?.sections.map(\.items) == [["Waiting."]])
    }

    /// A template of bold labels (`**API Changes:**`) under Unreleased stays as Keep a
    /// Changelog's empty `###` headings do: the rows with content move, the empty labels stay.
    @Test func aTemplateOfBoldLabelsStays() throws {
        let notes = """
            # Changelog

            ## Unreleased

            **Breaking API Changes:**

            **API Changes:**

            - Add `Client.timeout`.

            **Other:**

            ## 1.1.0

            **API Changes:**

            - Old change.

            """
        let edit = try ReleaseWriter().release(
            try SourceFile(path: "CHANGELOG.md", bytes: Array(notes.utf8)), fragments: [], version: "1.2.0",
            date: Self.date)
        let text = String(decoding: edit.notes, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "# Changelog\n\n## Unreleased\n\n**Breaking API Changes:**\n\n**Other:**\n\n## 1.2.0\n\n**API Changes:**\n\n- Add `Client.timeout`.\n\n## 1.1.0"
            ),
            "\(text)")
        #expect(!edit.release.contains("Other") && !edit.release.contains("Breaking"), "\(edit.release)")
    }

    /// black's Unreleased: an empty category heading with the comment that says what goes
    /// under it is template, and both stay under Unreleased.
    @Test func aTemplateHeadingKeepsItsComment() throws {
        let notes = """
            # Change Log

            ## Unreleased

            - Add NO_COLOR.

            ### Highlights

            <!-- Include any especially major or disruptive changes here -->

            ### Stable style

            - Preserve blank lines.

            ## 25.1.0

            - Old.

            """
        let edit = try ReleaseWriter().release(
            try SourceFile(path: "CHANGES.md", bytes: Array(notes.utf8)), fragments: [], version: "25.1.1",
            date: Self.date)
        #expect(
            String(decoding: edit.notes, as: UTF8.self).hasPrefix(
                "# Change Log\n\n## Unreleased\n\n### Highlights\n\n<!-- Include any especially major or disruptive changes here -->\n\n## 25.1.1"
            ))
        #expect(!edit.release.contains("<!--"), "\(edit.release)")
        // Written under a category above it, the template stays behind all the same.
        let below = notes.replacing(
            "- Add NO_COLOR.\n\n### Highlights", with: "### Stable style\n\n- Fix a crash.\n\n### Highlights"
        )
        .replacing("### Stable style\n\n- Preserve blank lines.\n\n", with: "")
        let after = try ReleaseWriter().release(
            try SourceFile(path: "CHANGES.md", bytes: Array(below.utf8)), fragments: [], version: "25.1.1",
            date: Self.date)
        #expect(
            String(decoding: after.notes, as: UTF8.self).hasPrefix(
                "# Change Log\n\n## Unreleased\n\n### Highlights\n\n<!-- Include any especially major or disruptive changes here -->\n\n## 25.1.1\n\n### Stable style\n\n- Fix a crash.\n\n## 25.1.0"
            ),
            "\(String(decoding: after.notes, as: UTF8.self))")
    }

    /// commander.js's footer: the latest link written the wrong way round, past a pre-release
    /// whose link names the release before. The new link compares the latest with the new one.
    @Test func aComparisonLinkComparesTheLatestWithTheNewRelease() throws {
        let notes = """
            # Changelog

            ## [15.0.0] (2026-05-29)

            - A change.

            ## [15.0.0-0] (2026-02-22)

            - A pre-release.

            ## [14.0.3] (2026-01-31)

            - A fix.

            [15.0.0]: https://github.com/tj/commander.js/compare/v15.0.0...v14.0.3
            [15.0.0-0]: https://github.com/tj/commander.js/compare/v14.0.3...v15.0.0-0
            [14.0.3]: https://github.com/tj/commander.js/compare/v14.0.2...v14.0.3

            """
        let fix = try Self.fragment("---\nkind: fixed\n---\nA fix.\n", "fix")
        let edit = try ReleaseWriter().release(
            try SourceFile(path: "CHANGELOG.md", bytes: Array(notes.utf8)), fragments: [fix], version: "15.0.1",
            date: Self.date)
        #expect(
            String(decoding: edit.notes, as: UTF8.self).contains(
                "[15.0.1]: https://github.com/tj/commander.js/compare/v15.0.0...v15.0.1\n[15.0.0]:"))
    }

    /// A category's groups (`### Fixed` over `#### Windows` and its list) are its row: the
    /// release keeps them under their category, with the fragments' items in the category's own
    /// list above them; a category written twice stays twice, the fragments joining the first.
    @Test func groupsAndRepeatedCategoriesReleaseAsWritten() throws {
        let fix = try Self.fragment("---\nkind: fixed\n---\nA fix.\n", "fix")
        let grouped = """
            # Changelog

            ## [Unreleased]

            ### Changed

            #### Windows

            - Faster start.

            ### Fixed

            #### Windows

            - A crash.

            ## [1.1.0] - 2024-01-01

            ### Added

            - Export.

            """
        let notes = try SourceFile(path: "CHANGELOG.md", bytes: Array(grouped.utf8))
        let rows = DocumentReader().read(notes).document.releases[0].sections
        #expect(rows.map(\.kind) == [.changed, .fixed])
        #expect(rows.map(\.items) == [["Faster start."], ["A crash."]])
        for fragments in [[], [fix]] {
            let edit = try ReleaseWriter().release(notes, fragments: fragments, version: "1.2.0", date: Self.date)
            let own = fragments.isEmpty ? "" : "- A fix.\n\n"
            #expect(
                edit.release
                    == "## [1.2.0] - 2024-06-01\n\n### Changed\n\n#### Windows\n\n- Faster start.\n\n### Fixed\n\n\(own)#### Windows\n\n- A crash.\n",
                "\(edit.release)")
        }
        // A category holding only groups is still its kind: `### Added` over `#### Linux` is a minor.
        let added = try SourceFile(
            path: "CHANGELOG.md",
            bytes: Array(
                "## Unreleased\n\n### Added\n\n#### Linux\n\n- Wayland.\n\n## 1.1.0 - 2024-01-01\n\n### Fixed\n\n- A bug.\n"
                    .utf8))
        let pending = DocumentReader().read(added).document.releases[0]
        #expect(pending.sections.map(\.kind) == [.added])
        let release = try ReleaseWriter().release(added, fragments: [], version: "1.2.0", date: Self.date)
        #expect(
            release.release == "## 1.2.0 - 2024-06-01\n\n### Added\n\n#### Linux\n\n- Wayland.\n", "\(release.release)")
        // A category at the release's own level is misplaced, not a parent: the commit log after it is a row.
        let node = try SourceFile(
            path: "CHANGELOG.md",
            bytes: Array(
                "## 2016-04-20, Version 5.11.0\n\n## Notable Changes\n\n* Buffer compares ranges.\n\n### Commits\n\n* assert: a fix.\n\n## 2016-04-01, Version 5.10.0\n\n### Commits\n\n* Older.\n"
                    .utf8))
        #expect(DocumentReader().read(node).document.releases[0].sections.map(\.items.count) == [1, 1])
        // Features under a highlights heading are rows of their own.
        let features = try SourceFile(
            path: "CHANGELOG.md",
            bytes: Array(
                "## 1.2.0\n\n### Added\n\n#### Sync\n\nYour notes on every device.\n\n## 1.1.0\n\n- A bug.\n".utf8))
        #expect(DocumentReader().read(features).document.releases[0].sections.map(\.title) == ["Sync"])

        let twice = try SourceFile(
            path: "CHANGELOG.md",
            bytes: Array(
                "## Unreleased\n\n### Fixed\n\n- A crash.\n\n### Added\n\n- Export.\n\n### Fixed\n\n- Another crash.\n\n## 1.1.0\n\n- Old.\n"
                    .utf8))
        for fragments in [[], [fix]] {
            let edit = try ReleaseWriter().release(
                twice, fragments: fragments, version: "1.2.0", date: .init(year: 2024, month: 6, day: 1)!)
            let own = fragments.isEmpty ? "" : "- A fix.\n"
            #expect(
                edit.release
                    == "## 1.2.0\n\n### Fixed\n\n- A crash.\n\(own)\n### Added\n\n- Export.\n\n### Fixed\n\n- Another crash.\n",
                "\(edit.release)")
        }
    }

    /// An `Unreleased` or planned heading left deep in the history by an old generator is
    /// history: the new release goes above the newest release (or below it, oldest first), a
    /// planned version down there is not asked for, and lint says where the heading stands.
    @Test func aStaleUnreleasedHeadingIsHistory() throws {
        let newestFirst = """
            # Changelog

            ## 3.24.2 (2024-05-01)

            ### Fixed

            - Newest fix.

            ## [Unreleased](https://example.com/compare/8.2.0...HEAD)

            ### Added

            - Something a generator left.

            ## 2.9.4 (unreleased)

            - Planned long ago.

            ## 2.9.3 (2019-01-02)

            - Old.

            """
        let notes = try SourceFile(path: "notes.md", bytes: Array(newestFirst.utf8))
        let edit = try ReleaseWriter().release(notes, fragments: Self.fragments, version: "3.25.0", date: Self.date)
        let text = String(decoding: edit.notes, as: UTF8.self)
        #expect(text.hasPrefix("# Changelog\n\n## 3.25.0 (2024-06-01)\n"))
        #expect(text.hasSuffix(String(newestFirst.dropFirst("# Changelog\n\n".count))))
        #expect(throws: Diagnostic.self) {
            try ReleaseWriter().release(notes, fragments: [], version: "2.9.4", date: Self.date)
        }
        let document = DocumentReader().read(notes).document
        #expect(document.releaseInProgress == nil)
        let stale = Linter().check(document, path: "notes.md").filter { $0.rule == .staleUnreleased }
        #expect(stale.map(\.location.line) == [9, 15])

        let oldestFirst = """
            ## 1.0.0 (2020-01-01)

            - First.

            ## Unreleased

            - Left behind.

            ## 1.1.0 (2021-01-01)

            - Second.

            ## 1.2.0 (2022-01-01)

            - Third.

            """
        let appended = try ReleaseWriter().release(
            try SourceFile(path: "notes.md", bytes: Array(oldestFirst.utf8)), fragments: Self.fragments,
            version: "1.3.0",
            date: Self.date)
        let appendedText = String(decoding: appended.notes, as: UTF8.self)
        #expect(
            appendedText.hasPrefix(oldestFirst + "\n## 1.3.0 (2024-06-01)\n")
                || appendedText.hasPrefix(oldestFirst + "## 1.3.0 (2024-06-01)\n"))
        #expect(appendedText.contains("## Unreleased\n\n- Left behind.\n"))
    }

    /// A featured note in notes without front matter becomes a heading, which keeps no kind,
    /// symbol or colour: the release says so once; notes with front matter keep them all. The
    /// next release keeps the file's spacing, read from its category headings, not the
    /// featured row's.
    @Test func aFeaturedNoteSaysWhatAPlainChangelogCannotKeep() throws {
        let star = try Self.fragment(
            "---\nkind: added\ntitle: Orange star\nicon: star.fill\ncolor: orange\nsummary: Star your favourites.\n---\n",
            "star")
        let crash = try Self.fragment("---\nkind: fixed\n---\nA crash.\n", "crash")
        let plain = "# Changelog\n\n## [1.0.0] - 2024-01-01\n### Added\n- First.\n### Fixed\n- A bug.\n"
        let first = try ReleaseWriter().release(
            try SourceFile(path: "CHANGELOG.md", bytes: Array(plain.utf8)), fragments: [star, crash], version: "1.1.0",
            date: Self.date)
        #expect(first.warnings.map(\.rule) == [.unkeptAppearance])
        let message = try #require(first.warnings.first?.message)
        #expect(
            message.contains("kind added") && message.contains("symbol star.fill") && message.contains("colour orange"),
            "\(message)")
        #expect(first.warnings.first?.location.path == ".changes/star.md")

        let next = try ReleaseWriter().release(
            try SourceFile(path: "CHANGELOG.md", bytes: first.notes),
            fragments: [try Self.fragment("---\nkind: fixed\n---\nAnother.\n", "next")],
            version: "1.2.0", date: Self.date)
        #expect(next.release == "## [1.2.0] - 2024-06-01\n### Fixed\n- Another.\n")

        let curated =
            "---\ntitle: Notes\n---\n\n## 1.0.0 (2024-01-01)\n\n---\nkind: added\ntitle: Sync\nicon: arrow.triangle.2.circlepath\n---\n\nSyncs.\n"
        let kept = try ReleaseWriter().release(
            try SourceFile(path: "CHANGELOG.md", bytes: Array(curated.utf8)), fragments: [star], version: "1.1.0",
            date: Self.date)
        #expect(kept.warnings.isEmpty, "\(kept.warnings)")
    }

    /// The reader shows dependency rows last; the release keeps the file's order of rows and
    /// writes each once (a `### Packaging` above others was copied with everything after it).
    @Test func rowsShownInAnotherOrderAreWrittenOnceInTheFilesOrder() throws {
        let notes = """
            # Change Log

            ## Unreleased

            ### Stable style

            - s1

            ### Packaging

            <!-- Changes to how it is packaged -->

            - p1

            ### Parser

            ### Performance

            - perf1

            ## Version 1.0.0

            ### Packaging

            - old

            """
        let fix = try #require(
            FragmentReader().read(
                try SourceFile(path: ".changes/a.md", bytes: Array("---\nkind: fixed\n---\nA fix.\n".utf8))
            ).fragment)
        let edit = try ReleaseWriter().release(
            try SourceFile(path: "CHANGELOG.md", bytes: Array(notes.utf8)), fragments: [fix], version: "1.0.1",
            date: Self.date)
        #expect(edit.release.components(separatedBy: "### Packaging").count == 2, "\(edit.release)")
        #expect(edit.release.components(separatedBy: "- perf1").count == 2, "\(edit.release)")
        let headings = edit.release.split(separator: "\n").filter { $0.hasPrefix("### ") }
        #expect(headings == ["### Stable style", "### Packaging", "### Fixed", "### Performance"])
        // The empty `### Parser` is template: it stays under Unreleased for the next release.
        #expect(
            String(decoding: edit.notes, as: UTF8.self).hasPrefix(
                "# Change Log\n\n## Unreleased\n\n### Parser\n\n## Version 1.0.1\n"))
        // A template's comment under an empty heading moves with the content: nothing is lost.
        let templated = notes.replacingOccurrences(
            of: "### Parser\n", with: "### Parser\n\n<!-- Changes to the parser -->\n")
        let kept = try ReleaseWriter().release(
            try SourceFile(path: "CHANGELOG.md", bytes: Array(templated.utf8)), fragments: [fix], version: "1.0.1",
            date: Self.date)
        #expect(String(decoding: kept.notes, as: UTF8.self).components(separatedBy: "<!--").count == 3)
    }

    @Test func notesWithoutAFileStartOne() throws {
        let notes = try SourceFile(path: "CHANGELOG.md", bytes: [])
        let edit = try ReleaseWriter(repository: RepositoryAddress("inkwell/app")).release(
            notes, fragments: Self.fragments, version: "1.0.0", date: Self.date)
        let text = String(decoding: edit.notes, as: UTF8.self)
        #expect(text.hasPrefix("# Changelog\n\n## [1.0.0] - 2024-06-01\n\n### 👥 Shared Collections\n"))
        #expect(text.contains("([#230](https://github.com/inkwell/app/issues/230))"))
        #expect(text.contains("([#231](https://github.com/inkwell/app/pull/231))"))
        // Keep a Changelog's order, breaking changes first.
        let order = ["### Breaking Changes", "### Added", "### Fixed", "### Security"]
        let positions = order.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted())
    }

    @Test func aTitleThatReadsAsAReleaseIsRefused() throws {
        let notes = try Fixtures.source("examples", "keep-a-changelog")
        var fragment = try #require(Self.fragments.first { $0.isFeatured })
        fragment.title = "Sync 2.0"
        do {
            _ = try ReleaseWriter().preview(notes, fragments: [fragment])
            Issue.record("a featured row that reads as a release was previewed")
        } catch {
            #expect(error.rule == .fragmentTitle)
            #expect(error.message.contains("it reads as release 2.0"))
        }
        #expect(throws: Diagnostic.self) {
            try ReleaseWriter().release(notes, fragments: [fragment], version: "1.5.0", date: Self.date)
        }
        // In front matter a title is only a title.
        let curated = try Fixtures.source("examples", "featured-changelog")
        #expect(
            try ReleaseWriter().release(curated, fragments: [fragment], version: "2.1.0", date: Self.date).release
                .contains("title: Sync 2.0"))
    }

    /// Shapes met in real changelogs: towncrier's marker comment and double blank lines, links
    /// at the foot oldest first, a two-line date paragraph with the version in an address.
    @Test func shapesFromTheField() throws {
        let fix = try #require(Self.fragments.first { $0.name.contains("sync-crash") })
        let towncrier = """
            # Changelog

            <!-- towncrier release notes start -->

            ## [3.1.0](https://example.com/tree/3.1.0) - 2025-03-13

            ### Fixes

            - Old fix.
              [#1](https://example.com/issues/1)


            ### Changes

            - Old change.


            ## [3.0.0](https://example.com/tree/3.0.0) - 2025-01-02

            ### Changes

            - First.

            """
        let written = try ReleaseWriter().release(
            try SourceFile(path: "notes.md", bytes: Array(towncrier.utf8)), fragments: [fix], version: "3.2.0",
            date: Self.date)
        #expect(
            String(decoding: written.notes, as: UTF8.self).hasPrefix(
                "# Changelog\n\n<!-- towncrier release notes start -->\n\n## [3.2.0](https://example.com/tree/3.2.0) - 2024-06-01\n\n### Fixes\n\n- Opening a collection while it syncs no longer crashes. (#230)\n\n\n## [3.1.0]"
            ))

        let ascending = """
            ## [2.1.0] - 2024-02-01

            ### Fixed

            - Two.

            ## [2.0.0] - 2024-01-01

            ### Fixed

            - One.

            [2.0.0]: https://example.com/compare/1.9.0...2.0.0
            [2.1.0]: https://example.com/compare/2.0.0...2.1.0

            """
        let links = try ReleaseWriter().release(
            try SourceFile(path: "notes.md", bytes: Array(ascending.utf8)), fragments: [fix], version: "2.2.0",
            date: Self.date)
        #expect(
            String(decoding: links.notes, as: UTF8.self).hasSuffix(
                "[2.1.0]: https://example.com/compare/2.0.0...2.1.0\n[2.2.0]: https://example.com/compare/2.1.0...2.2.0\n"
            ))

        // One release so far: its own link names the version before it; the new one starts
        // where the Unreleased link does.
        let young = """
            ## [Unreleased]

            ## [1.3.0] - 2024-03-01

            ### Fixed

            - One.

            [Unreleased]: https://example.com/compare/v1.3.0...HEAD
            [1.3.0]: https://example.com/compare/v1.2.0...v1.3.0

            """
        let started = try ReleaseWriter().release(
            try SourceFile(path: "notes.md", bytes: Array(young.utf8)), fragments: [fix], version: "1.4.0",
            date: Self.date)
        #expect(
            String(decoding: started.notes, as: UTF8.self).hasSuffix(
                "[Unreleased]: https://example.com/compare/v1.4.0...HEAD\n[1.4.0]: https://example.com/compare/v1.3.0...v1.4.0\n[1.3.0]: https://example.com/compare/v1.2.0...v1.3.0\n"
            ))

        let dateParagraph = """
            ## [5.0.0-beta.1](https://example.com/releases/tag/5.0.0-beta.1)
            Released on 2024-03-02. Every issue of this milestone is in this
            [filter](https://example.com/issues?q=milestone%3A5.0.0-beta.1).

            #### Fixed
            - A crash.

            """
        let dated = try ReleaseWriter().release(
            try SourceFile(path: "notes.md", bytes: Array(dateParagraph.utf8)), fragments: [fix],
            version: "5.0.0-beta.2",
            date: Self.date)
        #expect(
            dated.release == """
                ## [5.0.0-beta.2](https://example.com/releases/tag/5.0.0-beta.2)
                Released on 2024-06-01. Every issue of this milestone is in this
                [filter](https://example.com/issues?q=milestone%3A5.0.0-beta.2).

                #### Fixed
                - Opening a collection while it syncs no longer crashes. (#230)

                """)
    }

    /// What a reader of the sheet sees of a release, row by row.
    static func sheet(of release: Release) -> [String] {
        release.sections.map { section in
            [
                section.title ?? "-", section.kind?.rawValue ?? "-", section.appearance.icon?.glyph ?? "-",
                section.appearance.color?.description ?? "-", section.lead.plainText,
                section.items.joined(separator: " | "),
                section.content.plainText,
            ].joined(separator: " · ")
        }
    }
}
