import Testing

@testable import WhatsNew

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
            sections: ["Major Changes", "Minor Changes", "Patch Changes"]),
        Expectation(fixture: "dated-headings", releases: ["2024-05-02 2024-05-02", "2024-04-18 2024-04-18"]),
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

    @Test func releaseWithoutCategoriesIsOneSection() throws {
        let releases = try Fixtures.read("dialects", "express-history").document.releases
        let section = try #require(releases[0].sections.only)
        #expect(section.origin == .wholeRelease)
        #expect(section.items == ["Add app.route() groups", "Fix res.json() with a null body", "deps: cookie@1.0.2"])
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
        let alamofire = try Fixtures.read("dialects", "alamofire-style").document.releases[0]
        #expect(alamofire.summary == nil)
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

    @Test func documentTitleComesFromTheFirstTopHeading() throws {
        #expect(try Fixtures.read("dialects", "conventional-commits").document.title == "Changelog")
        #expect(try Fixtures.read("dialects", "swiftlint-style").document.title == nil)
    }
}
