import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading
@testable import WhatsNewSheet

/// Changelog dialects seen in well-known projects, each reproduced in a fixture of its own
/// words: every release a careful reader sees is found with its version and ISO date, and no
/// other heading is taken for one.
struct DialectTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var fixture: String
        /// `version date` per release, `-` where there is none.
        var releases: [String]
        /// Section titles of the first release with sections, where the dialect is about them.
        var sections: [String]? = nil
        var testDescription: String { fixture }
    }

    static let expectations: [Expectation] = [
        Expectation(
            fixture: "keep-a-changelog-variants",
            releases: ["- -", "1.2.0 2025-03-04", "1.1.0 2025-01-20", "1.0.0 2024-11-02"], sections: ["Added"]),
        Expectation(
            fixture: "conventional-commits",
            releases: ["3.0.0 2025-02-01", "2.1.0 2024-11-20", "2.0.1 2024-10-03", "2.0.0 2024-09-15"],
            sections: ["BREAKING CHANGES", "Features", "Bug Fixes"]),
        Expectation(
            fixture: "github-changelog-generator", releases: ["1.3.0 2021-06-03", "1.2.0 2021-04-18"],
            sections: ["Implemented enhancements", "Fixed bugs", "Closed issues", "Merged pull requests"]),
        Expectation(fixture: "swiftlint-style", releases: ["- -", "0.52.0 -", "0.51.0 -"], sections: ["Enhancements"]),
        Expectation(
            fixture: "cocoapods-style", releases: ["- -", "1.15.2 2024-02-06", "0.17.0 -", "0.16.4.rc1 -"],
            sections: ["Bug Fixes"]),
        Expectation(fixture: "swift-evolution-style", releases: ["- -", "6.0 -", "5.10 2024-03-05"]),
        Expectation(
            fixture: "rust-setext", releases: ["1.75.0 2023-12-28", "1.74.1 2023-12-07"],
            sections: ["Language", "Compiler", "Compatibility Notes"]),
        Expectation(
            fixture: "realm-setext", releases: ["10.45.0 2023-12-01", "10.0.0-rc.2 2020-10-15"],
            sections: ["Enhancements", "Compatibility"]),
        Expectation(
            fixture: "alamofire-style", releases: ["5.7.1 2023-05-16", "5.7.0 2023-05-01", "5.6.0 2022-04-02"],
            sections: ["Fixed"]),
        Expectation(
            fixture: "express-history", releases: ["2.1.0 2026-06-03", "2.0.0rc2 2026-01-15", "1.0.0 2025-12-01"]),
        Expectation(
            fixture: "towncrier", releases: ["24.1.0 2024-01-15", "23.11.0 2023-11-30", "23.10.0 2023-10-02"],
            sections: ["Features", "Improved Documentation", "Deprecations and Removals"]),
        Expectation(
            fixture: "httpx-style", releases: ["- -", "0.28.1 2024-12-06", "0.28.0 2024-11-28", "0.27.0 2024-02-21"]),
        Expectation(fixture: "node-style", releases: ["22.1.0 2024-05-02", "22.0.0 2024-04-24"]),
        Expectation(
            fixture: "openssl-nested",
            releases: ["3.1.2 2023-08-01", "3.1.1 2023-05-30", "1.1.1w 2023-09-11", "0.9.8b 2006-05-04"]),
        Expectation(
            fixture: "man-db-style", releases: ["2.11.2 2023-01-08", "2.11.1 2022-11-15", "2.3.20 2001-09-07"],
            sections: ["Fixes", "Improvements"]),
        Expectation(
            fixture: "git-cliff-emoji", releases: ["- -", "1.2.0 2024-02-03"], sections: ["Features"]),
        Expectation(fixture: "numbered-releases", releases: ["124 -", "123 -", "0.122 -"]),
        Expectation(fixture: "prettier-titles", releases: ["3.2.0 -", "3.1.1 -"]),
        Expectation(
            fixture: "dates-in-words",
            releases: [
                "3.2.0 2026-08-20", "3.1.0 2025-07-01", "3.0.0 2020-12-01", "2.9.0 2019-09-03", "2.8.0 2019-07-31",
                "2.7.0 2019-02-15",
            ]),
        Expectation(
            fixture: "changesets", releases: ["2.0.0 -", "1.4.1 -"],
            sections: ["Major Changes", "Minor Changes", "Dependencies"]),
        Expectation(fixture: "dated-headings", releases: ["2024-05-02 2024-05-02", "2024-04-18 2024-04-18"]),
        // Version shapes: as written, never shortened.
        Expectation(
            fixture: "plus-versions-setext",
            releases: ["2.3.0+build.7 2024-06-11", "2.3.0 2024-05-28", "1.0+beta2 2018-04-10"]
        ),
        Expectation(fixture: "spaced-prereleases", releases: ["4.0.0 beta 2 -", "2.0 RC1 -", "1.3 -", "1.3 beta3 -"]),
        Expectation(
            fixture: "hash-prerelease",
            releases: ["1.0.0-658250a96 2020-07-12", "1.0.0-41bc07e2d 2020-07-05", "0.9.0 2020-06-20"]),
        // Numbers that are not versions.
        Expectation(fixture: "years-and-months", releases: ["0.2.0 2021-03-02", "0.1.0 2018-08-23", "- -"]),
        Expectation(fixture: "month-entries", releases: ["- -", "- -"]),
        // Dates on their own line, and numeric dates decided by the file's convention.
        Expectation(
            fixture: "date-lines",
            releases: [
                "3.5.0 2023-12-13", "3.4.0 2023-11-02", "3.3.0 2022-12-18", "3.2.0 2022-10-05", "3.1.0 2022-09-01",
                "3.0.0 2022-07-14",
            ]),
        Expectation(
            fixture: "day-first-dates", releases: ["2.4.1 2022-08-03", "2.4.0 2022-07-26", "2.3.0 2022-06-17"]),
        Expectation(fixture: "month-first-dates", releases: ["1.8.0 2017-12-05", "1.7.0 2017-11-27"]),
        // Unreleased markers.
        Expectation(fixture: "unreleased-setext", releases: ["- -", "0.9.0 2023-03-01"], sections: ["Bug fixes"]),
        Expectation(fixture: "unreleased-master", releases: ["- -", "2.9.4 -", "2.9.3 2024-04-02"]),
        Expectation(fixture: "unreleased-planned", releases: ["5.0.0 -", "- -", "4.1.0 2024-02-01"]),
        // Label lines, release lines and flat lists.
        Expectation(
            fixture: "label-lines", releases: ["0.8.0 2024-09-09", "0.7.0 2024-06-30"],
            sections: [
                "Commands", "Platform support", "BACKWARDS INCOMPATIBILITIES / NOTES", "In the standard library",
            ]),
        Expectation(fixture: "release-lines", releases: ["2.1.0 2024-03-03", "2.0.0 2024-01-15", "1.0.0 2023-10-01"]),
        Expectation(
            fixture: "flat-markers", releases: ["6.2.0 2024-05-20", "6.1.0 2024-04-02"],
            sections: ["New", "Fixed", "Breaking Change", "Other changes"]),
        Expectation(
            fixture: "flat-conventional", releases: ["1.4.0 2024-08-01"],
            sections: ["Features", "Fixes", "Performance", "Documentation", "Breaking changes", "Refactoring"]),
        Expectation(
            fixture: "flat-emoji", releases: ["0.5.0 2024-03-10"], sections: ["New", "Fixed", "Other changes"]),
        // A first heading naming the series, with an introduction before its releases.
        Expectation(fixture: "series-with-introduction", releases: ["2.4.1 2024-07-02", "2.4.0 2024-06-20", "2.3 -"]),
        // Dates in sentences and before links; headings that only point to older notes.
        Expectation(
            fixture: "date-sentences",
            releases: ["3.4.0 2019-10-26", "3.3.0 2019-03-03", "3.2.1 2019-01-04", "3.2.0 -"]),
    ]

    @Test(arguments: expectations)
    func releases(_ expectation: Expectation) throws {
        let reading = try Fixtures.read("dialects", expectation.fixture)
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        let found = reading.document.releases.map { "\($0.version?.text ?? "-") \($0.date?.iso ?? "-")" }
        #expect(found == expectation.releases)
        if let sections = expectation.sections {
            let first = try #require(reading.document.releases.first { !$0.sections.isEmpty })
            #expect(first.sections.map { $0.title ?? "-" } == sections)
        }
    }

    @Test func everyFixtureHasAnExpectation() {
        #expect(Set(Fixtures.names(in: "dialects")) == Set(Self.expectations.map(\.fixture)))
    }

    @Test(arguments: Fixtures.names(in: "dialects"))
    func jsonGolden(_ name: String) throws {
        try Golden.checkJSON(ofFixture: name, in: "dialects")
    }

    // MARK: - What each dialect is about

    @Test func placeholdersAreDropped() throws {
        let releases = try Fixtures.read("dialects", "swiftlint-style").document.releases
        // `* None.` under Breaking, Experimental and Bug Fixes leaves only Enhancements.
        #expect(releases[0].sections.map(\.title) == ["Enhancements"])
        #expect(releases[2].sections.map(\.title) == ["Bug Fixes"])
        let towncrier = try Fixtures.read("dialects", "towncrier").document.releases
        #expect(towncrier[1].sections.isEmpty && towncrier[1].summary == nil)
    }

    @Test func releaseNamesBecomeTitles() throws {
        let releases = try Fixtures.read("dialects", "swiftlint-style").document.releases
        #expect(releases.map(\.title) == ["Unreleased", "Crisp Autumn Linting", "Quiet Library Hours"])
        let swift = try Fixtures.read("dialects", "swift-evolution-style").document.releases
        #expect(swift.map(\.title) == ["Unreleased", "Swift 6.0", "Swift 5.10"])
    }

    @Test func leadingEmojiBecomesTheIcon() throws {
        let release = try Fixtures.read("dialects", "git-cliff-emoji").document.releases[1]
        #expect(release.sections.map(\.icon) == [.glyph("🚀"), .glyph("🐛"), .shortcode("memo"), .glyph("⚙️")])
        #expect(release.sections.map(\.kind) == [.added, .fixed, .docs, .internal])
        let conventional = try Fixtures.read("dialects", "conventional-commits").document.releases[0]
        #expect(conventional.sections[0].icon == .glyph("⚠"))
        #expect(conventional.sections[0].kind == .breaking)
    }

    @Test func releaseWithoutCategoriesIsOneRowOfItsKind() throws {
        let releases = try Fixtures.read("dialects", "express-history").document.releases
        let section = try #require(releases[1].sections.only)
        #expect(section.origin == .wholeRelease)
        #expect(section.kind == .other && section.title == "Changes")
        #expect(section.items == ["Remove the bodyParser shortcut"])
        // `deps:` marks its item; the unmarked ones stay together, in their order.
        #expect(releases[0].sections.map(\.title) == ["Other changes", "Dependencies"])
        #expect(
            releases[0].sections.map(\.items) == [
                ["Add app.route() groups", "Fix res.json() with a null body"], ["cookie@1.0.2"],
            ])
    }

    @Test func kindMarkersAreTakenOffTheItems() throws {
        let release = try Fixtures.read("dialects", "flat-markers").document.releases[0]
        #expect(
            release.sections.map(\.items) == [
                [
                    "Folders can be pinned to the top of the list.", "Drag a file onto the dock icon to open it.",
                    "A button to copy the file path.",
                ],
                ["Renaming a file keeps its tags.", "The search field keeps focus after a search."],
                ["The legacy theme has been removed."], ["Thanks to everyone who reported bugs."],
            ])
        #expect(release.sections.map(\.kind) == [.added, .fixed, .breaking, .other])
        let conventional = try Fixtures.read("dialects", "flat-conventional").document.releases[0]
        #expect(
            conventional.sections[1].items == [
                "parser: accept tabs before list markers", "keep trailing newlines in output",
            ])
        #expect(
            conventional.sections[4].items == [
                "rename --out to --output", "configuration files need a version key",
            ])
        let emoji = try Fixtures.read("dialects", "flat-emoji").document.releases[0]
        #expect(emoji.sections.map(\.icon) == [.glyph("✨"), .glyph("🐛"), nil])
        #expect(emoji.sections[0].items == ["Themes can be shared as a file.", "A new high-contrast theme."])
    }

    @Test func keepingTheOrderShowsTheListAsWritten() throws {
        var reader = DocumentReader()
        reader.keepsListOrder = true
        let release = reader.read(try Fixtures.source("dialects", "flat-markers")).document.releases[0]
        let section = try #require(release.sections.only)
        #expect(section.title == "Changes")
        #expect(section.items.first == "New: Folders can be pinned to the top of the list.")
        #expect(section.items.count == 7)
    }

    @Test func unreleasedVersionsKeepTheirVersion() throws {
        let releases = try Fixtures.read("dialects", "unreleased-master").document.releases
        #expect(releases.map(\.isUnreleased) == [true, true, false])
        #expect(releases[1].version?.text == "2.9.4")
        let latest = try ReleaseSelection.latest.releases(
            from: try Fixtures.read("dialects", "unreleased-planned").document, path: "x")
        #expect(latest.map { $0.version?.text } == ["4.1.0"])
    }

    @Test func periodsAreNeverVersions() throws {
        let releases = try Fixtures.read("dialects", "years-and-months").document.releases
        #expect(releases[2].title == "2007-2017 / Prehistory")
        #expect(releases[2].sections.first?.body.plainText.hasPrefix("The project lived") == true)
        let months = try Fixtures.read("dialects", "month-entries").document.releases
        #expect(months.map(\.title) == ["December 2021", "November 2021"])
    }

    /// Moment.js's shape: a link after the version, and the date as the first list item with
    /// the changes nested under it.
    @Test func linkAfterTheVersionAndDateItems() throws {
        let releases = try Fixtures.read(
            """
            # History

            ### 3.1.0 [See the full list](https://example.org/3.1.0)

            * Release May 2, 2024
              * Faster parsing.
              * Smaller bundle.

            ### 3.0.0

            - Released March 1, 2024
            - New API.
            """
        ).document.releases
        #expect(
            releases.map { "\($0.version?.text ?? "-") \($0.date?.iso ?? "-")" } == [
                "3.1.0 2024-05-02", "3.0.0 2024-03-01",
            ])
        #expect(releases.map(\.title) == ["3.1.0", "3.0.0"])
        #expect(releases[0].sections.first?.items == ["Faster parsing.", "Smaller bundle."])
        #expect(releases[1].sections.first?.items == ["New API."])
    }

    @Test func aFirstHeadingOverItsSeriesIsTheTitle() throws {
        let document = try Fixtures.read("dialects", "series-with-introduction").document
        // `Changelog for Otter v2.4` names the product after the document's own word.
        #expect(document.title == "Otter v2.4")
        #expect(document.introduction?.plainText.hasPrefix("Otter 2.4 brings two things") == true)
    }

    @Test func dateLinesAreNotSummaries() throws {
        let releases = try Fixtures.read("dialects", "date-lines").document.releases
        #expect(releases.dropLast().allSatisfy { $0.summary == nil })
        #expect(releases.last?.summary?.plainText == "The biggest update so far.")
    }

    @Test func aDateWrittenAsALinkDatesTheRelease() throws {
        let notes = """
            ## 3.10.0

            **Date**: [15th July 2019][3.10.0-milestone]

            - Thing one.

            ## 3.9.1

            **Date**: [2nd July 2019](https://example.com/compare/3.9.0...3.9.1)

            - Thing two.

            [3.10.0-milestone]: https://example.com/milestone/12

            """
        let releases = DocumentReader().read(try SourceFile(path: "CHANGELOG.md", bytes: Array(notes.utf8))).document
            .releases
        #expect(releases.map { $0.date?.iso } == ["2019-07-15", "2019-07-02"])
        #expect(releases.allSatisfy { $0.summary == nil }, "the date line is no summary")
        #expect(releases[0].link == "https://example.com/milestone/12" && releases[0].compare == nil)
        #expect(releases[1].compare == "https://example.com/compare/3.9.0...3.9.1")
    }

    @Test func labelLinesBeforeCodeAreProse() throws {
        let release = try Fixtures.read("dialects", "label-lines").document.releases[0]
        #expect(release.sections.map(\.origin).allSatisfy { $0 == .pseudoHeading })
        #expect(release.sections.last?.body.plainText.contains("To use the new archive format:") == true)
    }

    @Test func pseudoHeadingsOpenSections() throws {
        let release = try Fixtures.read("dialects", "httpx-style").document.releases[2]
        #expect(release.summary?.plainText == "The 0.28 release trims some older options.")
        #expect(release.sections.map(\.title) == ["Deprecations", "The following changes are also included"])
        #expect(release.sections.map(\.origin) == [.pseudoHeading, .pseudoHeading])
        // `For example:` names no category, so it stays prose inside the Build section.
        let manDB = try Fixtures.read("dialects", "man-db-style").document.releases[1]
        #expect(manDB.sections.map(\.title) == ["Build"])
    }

    @Test func releaseDetailsAreNotSummaries() throws {
        // The date sentence dates the release; what the paragraph says after it is kept.
        let alamofire = try Fixtures.read("dialects", "alamofire-style").document.releases
        #expect(alamofire[0].summary?.plainText.hasPrefix("All issues associated with this milestone") == true)
        #expect(alamofire[2].summary == nil)
        let generator = try Fixtures.read("dialects", "github-changelog-generator").document.releases[0]
        #expect(generator.summary == nil)
        #expect(generator.link == "https://example.org/otter/tree/v1.3.0")
        let cocoapods = try Fixtures.read("dialects", "cocoapods-style").document.releases[2]
        #expect(cocoapods.summary == nil)
    }

    @Test func changeHeadingsWithVersionsAreNotReleases() throws {
        let prettier = try Fixtures.read("dialects", "prettier-titles").document.releases[0]
        #expect(
            prettier.sections.map(\.title) == [
                "Support TypeScript 5.3 (#15690 by @someone)",
                "Fix indentation of chained calls (#15702 by @someone-else)",
            ])
        let node = try Fixtures.read("dialects", "node-style").document.releases[0]
        #expect(node.sections.map(\.title) == ["V8 12.4", "Module loading", "Commits"])
    }

    /// A feature's heading inside a release that names a product and a version in prose is a
    /// row of that release; a deeper heading that names the product its release names is not.
    @Test func aFeatureHeadingInsideAReleaseIsNotOne() throws {
        let notes = """
            # Changelog

            ## 2.0.0-alpha (2025-05-18)

            ### What's New in Leaflet 2.0

            Leaflet 2.0 drops the global `L` namespace.

            ### Fixed

            - Popups close on Escape.

            ## 1.9.4 (2023-05-18)

            - Older fix.

            """
        let releases = DocumentReader().read(try SourceFile(path: "notes.md", bytes: Array(notes.utf8))).document
            .releases
        #expect(releases.map(\.title) == ["2.0.0-alpha", "1.9.4"])
        #expect(releases[0].sections.map(\.title) == ["What's New in Leaflet 2.0", "Fixed"])
        let latest = try ReleaseSelection.latest.releases(
            from: DocumentReader().read(
                try SourceFile(path: "notes.md", bytes: Array(notes.utf8))
            ).document, path: "notes.md")
        #expect(latest.map(\.title) == ["2.0.0-alpha"])

        let swift = "## Swift 5.10\n\n### Swift 5.10.1\n\n- A fix.\n\n### Swift 5.10.0\n\n- First.\n"
        let series = DocumentReader().read(try SourceFile(path: "notes.md", bytes: Array(swift.utf8))).document.releases
        #expect(series.compactMap(\.version?.text) == ["5.10.1", "5.10.0"])
    }

    /// GitHub's uploader writes `<img …>`: read as the image it is, in an item, as a block of
    /// its own or wrapped in `<p align="center">`; an image over `---` (a setext heading to
    /// cmark) stays an image with its address.
    @Test func rawHTMLImagesAreImages() throws {
        let notes = """
            ## 1.2.0 (2024-05-01)

            ### Added

            - The new editor <img width="200" alt="editor" src="https://example.com/a.png?x=1&amp;y=2">

            <p align="center"><img alt='wide' src=https://example.com/b.png /></p>

            ![chart](https://example.com/c.png)
            ---

            ### Fixed

            - A crash.

            """
        let release = DocumentReader().read(try SourceFile(path: "notes.md", bytes: Array(notes.utf8))).document
            .releases[0]
        #expect(release.sections.map(\.title) == ["Added", "Fixed"])
        let blocks = release.sections[0].body.blocks
        guard case .list(let list) = blocks.first?.content,
            case .paragraph(let item)? = list.items.first?.blocks.first?.content
        else { Issue.record("no list: \(blocks)"); return }
        #expect(
            item.contains(
                .image(
                    source: "https://example.com/a.png?x=1&y=2", title: "", alt: [.text("editor")],
                    size: ImageSize(width: 200, height: nil))))
        #expect(
            blocks.dropFirst().map(\.content) == [
                .paragraph([.image(source: "https://example.com/b.png", title: "", alt: [.text("wide")])]),
                .paragraph([.image(source: "https://example.com/c.png", title: "", alt: [.text("chart")])]),
            ])
        #expect(RawHTML.images(in: "<img src=\"x.png\"> and text") == nil)
        #expect(!RawHTML.hidesContent("<a name=\"1.2.0\"></a> <!-- a comment --> <br>"))
        #expect(RawHTML.hidesContent("<video src=\"demo.mp4\"></video>"))
    }

    @Test func aDateSentenceDatesTheReleaseAndKeepsTheRest() throws {
        let releases = try Fixtures.read("dialects", "date-sentences").document.releases
        #expect(
            releases[0].summary?.plainText == "All issues closed in this release are listed on the 3.4.0 milestone.")
        // The sentence goes on past the date: it stays whole.
        #expect(releases[1].summary?.plainText.hasPrefix("Released 3 March 2019 by the release team") == true)
        #expect(releases[2].summary == nil)
        #expect(releases[2].compare == "https://github.com/tern-app/tern/compare/v3.2.0...v3.2.1")
        // Another version in a category's title is kept whole.
        #expect(releases[3].sections.map(\.title) == ["Changelog relative to version 3.2.0-RC"])
    }

    @Test func headingsThatPointToOlderNotesAreArchives() throws {
        let reading = try Fixtures.read("dialects", "date-sentences")
        #expect(
            reading.document.archives.map { "\($0.title) \($0.link)" } == [
                "3.x https://github.com/tern-app/tern/blob/main/changelogs/3.x.md",
                "2.x https://github.com/tern-app/tern/blob/2.x/CHANGELOG.md",
            ])
        #expect(reading.diagnostics.isEmpty)
        #expect(Linter().check(reading.document, path: "notes.md").isEmpty)
        // A release that only links to a blog post is still a release.
        let post = try Fixtures.read("## 1.2.0\n\nSee [the announcement](https://example.com/blog/1-2).\n").document
        #expect(post.releases.count == 1 && post.archives.isEmpty)
    }

    @Test func documentTitleComesFromTheFirstTopHeading() throws {
        // `# Changelog` names the document, not the product: no title.
        #expect(try Fixtures.read("dialects", "conventional-commits").document.title == nil)
        #expect(try Fixtures.read("dialects", "swiftlint-style").document.title == nil)
        #expect(try Fixtures.read("generators", "changesets").document.title == "@lumen/core")
        let titles = [
            "Changelog": nil, "CHANGE LOG": nil, "Release Notes": nil, "History": nil, "News": nil,
            "What's New": nil, "Inkwell Changelog": "Inkwell", "Release notes for Inkwell": "Inkwell",
            "Inkwell's Change Log": "Inkwell", "Inkwell": "Inkwell", "Changes in 2024": "Changes in 2024",
        ]
        for (heading, title) in titles {
            let document = try Fixtures.read("# \(heading)\n\n## 1.0.0\n\n- a\n").document
            #expect(document.title == title, "\(heading)")
        }
    }
}
