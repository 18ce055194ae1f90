import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// Changelogs that generators write (release-please, conventional-changelog, changesets, …),
/// each reproduced in a fixture of its own words with the generator's exact shapes: every
/// release is found, references stay short in plain text, comparison links become the
/// release's, and bookkeeping rows come last and can be left out.
struct GeneratorTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var fixture: String
        /// `version date` per release, `-` where there is none.
        var releases: [String]
        /// `title kind` of the first release's rows, in the order the sheet shows them.
        var rows: [String]
        /// The first release's comparison link.
        var compare: String? = nil
        var testDescription: String { fixture }
    }

    static let expectations: [Expectation] = [
        Expectation(
            fixture: "release-please", releases: ["4.2.0 2025-03-14", "4.1.1 2025-02-02", "4.1.0 2025-01-20"],
            rows: ["BREAKING CHANGES breaking", "Features added", "Bug Fixes fixed", "Dependencies dependencies"],
            compare: "https://github.com/lumen-labs/lumen-cli/compare/v4.1.1...v4.2.0"),
        Expectation(
            fixture: "conventional-changelog",
            releases: [
                "3.1.0 2024-06-02", "3.0.2 2024-05-20", "3.0.0 2024-04-11", "2.9.0 2018-03-02", "2.8.1 2018-02-14",
            ],
            rows: ["Bug Fixes fixed", "Features added", "Performance Improvements performance"],
            compare: "https://github.com/quill-org/quill/compare/v3.0.2...v3.1.0"),
        Expectation(
            fixture: "standard-version",
            releases: ["2.3.0 2023-09-12", "2.2.1 2023-08-30", "2.2.0 2023-08-01", "2.1.0 2019-05-04"],
            rows: ["Features added", "Bug Fixes fixed", "Dependencies dependencies"],
            compare: "https://github.com/tidewater/tide/compare/v2.2.1...v2.3.0"),
        Expectation(
            fixture: "changesets", releases: ["2.1.0 -", "2.0.1 -", "2.0.0 -"],
            rows: ["Minor Changes added", "Patch Changes fixed", "Dependencies dependencies"]),
        Expectation(
            fixture: "github-changelog-generator", releases: ["- -", "1.3.0 2021-06-03", "1.2.0 2021-04-18"],
            rows: ["Merged pull requests pull-requests"],
            compare: "https://github.com/harbor-rb/harbor/compare/v1.3.0...HEAD"),
        Expectation(
            fixture: "towncrier", releases: ["24.2.0 2024-02-28", "24.1.0 2024-01-15"],
            rows: [
                "Features added", "Bugfixes fixed", "Improved Documentation docs",
                "Deprecations and Removals deprecated", "Misc other",
            ]),
        Expectation(
            fixture: "git-cliff", releases: ["- -", "1.4.0 2024-11-02", "1.3.2 2024-10-01"],
            rows: ["Features added", "Bug Fixes fixed"]),
        Expectation(
            fixture: "auto", releases: ["3.2.0 2024-03-05", "3.1.0 2024-02-16"],
            rows: ["Enhancement added", "Bug Fix fixed", "Dependency Updates dependencies", "Authors: 3 contributors"]),
        Expectation(
            fixture: "lerna-changelog", releases: ["2.4.0 2023-11-20", "2.3.1 2023-10-02"],
            rows: [
                "Breaking Change breaking", "Enhancement added", "Bug Fix fixed", "Documentation docs",
                "Internal internal", "Committers: 2 contributors",
            ]),
    ]

    @Test(arguments: expectations)
    func releases(_ expectation: Expectation) throws {
        let reading = try Fixtures.read("generators", expectation.fixture)
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        let releases = reading.document.releases
        #expect(releases.map { "\($0.version?.text ?? "-") \($0.date?.iso ?? "-")" } == expectation.releases)
        #expect(releases[0].sections.map { "\($0.title ?? "-") \($0.kind?.rawValue ?? "-")" } == expectation.rows)
        #expect(releases[0].compare == expectation.compare)
    }

    @Test func everyFixtureHasAnExpectation() {
        #expect(Set(Fixtures.names(in: "generators")) == Set(Self.expectations.map(\.fixture)))
    }

    @Test(arguments: Fixtures.names(in: "generators"))
    func jsonGolden(_ name: String) throws {
        try Golden.checkJSON(ofFixture: name, in: "generators")
    }

    /// The default command's sheet: the latest release, plain text.
    private func latest(_ name: String, links: LinkDisplay = .short) throws -> String {
        let document = try Fixtures.read("generators", name).document
        let release = try #require(document.releases.first { !$0.isUnreleased } ?? document.releases.first)
        return TextSheetRenderer(options: TerminalOptions(width: 80, links: links)).render(
            Presentation(document: document, releases: [release]))
    }

    @Test(arguments: Fixtures.names(in: "generators"))
    func textGolden(_ name: String) throws {
        Golden.check(try latest(name), against: "text/generators/\(name).txt")
    }

    @Test(arguments: Fixtures.names(in: "generators"))
    func plainTextNamesReferencesWithoutTheirAddresses(_ name: String) throws {
        let text = try latest(name)
        for path in ["/issues/", "/pull/", "/commit/", "/compare/", "github.com/"] {
            #expect(!text.contains(path), "\(name): \(path)")
        }
    }

    @Test func referencesReadAsOneParenthesisAndFullLinksKeepEveryAddress() throws {
        let text = try latest("release-please")
        #expect(text.contains("• handle empty profile names without crashing (#407, 0e11d4c), closes #399\n"))
        let full = try latest("release-please", links: .full)
        #expect(full.contains("(https://github.com/lumen-labs/lumen-cli/issues/407)"))
        #expect(full.contains("Version 4.2.0 · 14 March 2025\n(https://github.com/lumen-labs/lumen-cli/compare/"))
        // With styling, references stay hyperlinks and a bare address reads as its number.
        let document = try Fixtures.read("- Fixed a crash in https://github.com/o/r/pull/12 today\n").document
        let styled = TextSheetRenderer(options: TerminalOptions(width: 80, styling: true))
            .render(Presentation(document: document, releases: document.releases))
        #expect(styled.contains("\u{1B}]8;;https://github.com/o/r/pull/12\u{1B}\\\u{1B}[4m#12"))
        let plain = TextSheetRenderer().render(Presentation(document: document, releases: document.releases))
        #expect(plain.contains("Fixed a crash in #12 today"))
    }

    @Test func referenceShapes() {
        for reference in ["#12", "GH-7", "!31", "owner/repo#4", "0e11d4c", "@mira", "@dependabot[bot]"] {
            #expect(ReferenceLink.isReference(reference), "\(reference)")
        }
        for text in ["Fix crash", "#", "12", "@", "0e11d4", "v1.2.0"] {
            #expect(!ReferenceLink.isReference(text), "\(text)")
        }
        #expect(ReferenceLink.shortName(of: "https://gitlab.com/o/r/-/merge_requests/8") == "!8")
        #expect(ReferenceLink.shortName(of: "https://github.com/o/r/commit/0e11d4c9a8b7c6d5") == "0e11d4c")
        #expect(ReferenceLink.shortName(of: "https://github.com/o/r/blob/main/README.md") == nil)
        #expect(ReferenceLink.isProfile("https://github.com/apps/dependabot", text: "dependabot[bot]"))
        #expect(!ReferenceLink.isProfile("https://github.com/o/r", text: "r"))
    }

    @Test func dependencyUpdatesMoveToTheirRowAndNothingIsLost() throws {
        let reading = try Fixtures.read("generators", "release-please")
        let release = reading.document.releases[0]
        let fixes = try #require(release.sections.first { $0.kind == .fixed })
        #expect(fixes.items.count == 1)
        let dependencies = try #require(release.sections.last)
        #expect(dependencies.kind == .dependencies)
        #expect(dependencies.items.count == 3)
        #expect(dependencies.items.contains { $0.hasPrefix("deps: update dependency yaml") })
        // A section of nothing but updates goes, its items in the dependencies row.
        let changesets = try Fixtures.read("generators", "changesets").document.releases[1]
        #expect(changesets.sections.map(\.kind) == [.dependencies])
        #expect(changesets.sections[0].origin == .gathered)
    }

    @Test func dependencyUpdateShapes() throws {
        let updates = [
            "**deps:** update dependency yaml to v2.4.1", "*(deps)* Bump tokio from 1.40.0 to 1.41.0",
            "Updated dependencies [7a8b9c0]", "7a8b9c0: Updated dependencies", "Bump rack from 2.2.3 to 2.2.3.1",
            "chore(deps): update dependency eslint to v9", "build(deps-dev): bump vite from 5.0.0 to 5.1.0",
        ]
        let others = [
            "Bump the minimum macOS to 13", "Update the dependency graph view", "**cli:** add `--deps`",
            "fix(parser): keep spaces",
        ]
        for (text, expected) in updates.map({ ($0, true) }) + others.map({ ($0, false) }) {
            let reading = try Fixtures.read("## 1.0.0\n\n### Fixed\n\n- \(text)\n")
            guard case .list(let list)? = MarkdownParser().parse("- \(text)\n").first?.content,
                let item = list.items.first
            else {
                Issue.record("no list in \(text)")
                continue
            }
            #expect(BookkeepingRows.isDependencyUpdate(item) == expected, "\(text)")
            #expect(reading.document.releases[0].sections.map(\.kind) == [expected ? .dependencies : .fixed], "\(text)")
        }
    }

    @Test func hideLeavesOutBookkeepingKinds() throws {
        let document = try Fixtures.read("generators", "auto").document
        let filter = RowFilter(hidden: [.dependencies, .contributors])
        let shown = filter.apply(to: document.releases)
        #expect(shown[0].sections.map(\.title) == ["Enhancement", "Bug Fix"])
        #expect(shown[1].sections.map(\.title) == ["Enhancement", "Internal"])
    }

    @Test func comparisonLinksAreTheReleasesNotItsSummary() throws {
        let release = try Fixtures.read("generators", "github-changelog-generator").document.releases[1]
        #expect(release.compare == "https://github.com/harbor-rb/harbor/compare/v1.2.0...v1.3.0")
        #expect(release.link == "https://github.com/harbor-rb/harbor/tree/v1.3.0")
        #expect(release.summary == nil)
        let html = try HTMLRenderer().render(
            Presentation(
                document: try Fixtures.read("generators", "github-changelog-generator").document, releases: [release]))
        #expect(
            html.contains(
                #"<a class="whatsnew-compare" href="https://github.com/harbor-rb/harbor/compare/v1.2.0...v1.3.0">Version 1.3.0</a>"#
            ))
        let markdown = MarkdownRenderer().render(
            Presentation(document: Document(releases: [release]), releases: [release]))
        #expect(
            markdown.hasPrefix("## [1.3.0](https://github.com/harbor-rb/harbor/compare/v1.2.0...v1.3.0) - 2021-06-03\n")
        )
        // The Markdown reads back to the same comparison.
        let back = try Fixtures.read(markdown).document.releases[0]
        #expect(back.compare == release.compare)
    }

    @Test func githubGeneratedNotesFullChangelogLine() throws {
        let notes = """
            ## v2.1.0

            ## What's Changed
            * Add sync by @mira in https://github.com/o/r/pull/12

            ## New Contributors
            * @mira made their first contribution in https://github.com/o/r/pull/12

            **Full Changelog**: https://github.com/o/r/compare/v2.0.0...v2.1.0
            """
        let release = try Fixtures.read(notes).document.releases[0]
        #expect(release.compare == "https://github.com/o/r/compare/v2.0.0...v2.1.0")
        #expect(release.sections.map(\.kind) == [.changed, .contributors])
        #expect(release.sections.allSatisfy { !$0.content.plainText.contains("Full Changelog") })
        let text = TextSheetRenderer().render(
            Presentation(document: Document(releases: [release]), releases: [release]))
        #expect(text.contains("• Add sync by @mira in #12\n"))
    }
}

/// A kind marker's separator goes, and nothing after it: `**New**: :star: #1405` keeps `:star:`.
struct KindMarkerSeparatorTests {
    @Test func onlyTheSeparatorGoes() throws {
        let reading = try Fixtures.read("## 1.0.0\n\n- **New**: :star: #1405 Faster joins\n- **Fixed** - a crash\n")
        let sections = reading.document.releases[0].sections
        #expect(sections.map(\.kind) == [.added, .fixed])
        #expect(sections[0].items == [":star: #1405 Faster joins"])
        #expect(sections[1].items == ["a crash"])
    }
}

/// The notes are untrusted: only a web address becomes a release's comparison.
struct ComparisonLinkSafetyTests {
    @Test func onlyWebAddressesCompare() throws {
        let notes = """
            ## [1.1.0](javascript:alert('...')) - 2024-05-02

            [Full Changelog](data:text/html,<script>alert(1)</script>...)

            - a

            ## [1.0.0](https://github.com/o/r/compare/v0.9.0...v1.0.0) - 2024-04-01

            - b
            """
        let releases = try Fixtures.read(notes).document.releases
        #expect(releases[0].compare == nil)
        #expect(releases[1].compare == "https://github.com/o/r/compare/v0.9.0...v1.0.0")
        let html = try HTMLRenderer().render(Presentation(document: Document(releases: releases), releases: releases))
        #expect(!html.contains("javascript:") && !html.contains("data:text"))
        // Nor is a script address an archive: the heading stays a release, its link as written.
        let archive = try Fixtures.read("## 1.0.0\n\n- a\n\n## 0.x\n\nSee [changelogs/0.x](javascript:alert(1))\n")
            .document
        #expect(archive.archives.isEmpty)
        let relative = try Fixtures.read("## 1.0.0\n\n- a\n\n## 0.x\n\nSee [changelogs/0.x](changelogs/0.x.md)\n")
            .document
        #expect(relative.archives.map(\.link) == ["changelogs/0.x.md"])
    }
}
