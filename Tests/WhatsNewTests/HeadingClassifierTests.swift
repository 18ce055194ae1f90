import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading

/// Release headings as changelogs in the wild write them, and headings that only look like them.
struct HeadingClassifierTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var heading: String
        var version: String?
        var date: String?
        var title: String?
        var testDescription: String { heading }
    }

    static let releases: [Case] = [
        Case(heading: "[1.4.0] - 2024-05-02", version: "1.4.0", date: "2024-05-02", title: "1.4.0"),
        Case(heading: "1.4.0 - 2024-05-02", version: "1.4.0", date: "2024-05-02"),
        Case(heading: "0.14.0 (31 July 2022)", version: "0.14.0", date: "2022-07-31"),
        Case(heading: "v8.1.1 (July 1, 2025)", version: "8.1.1", date: "2025-07-01"),
        Case(heading: "0.9.20", version: "0.9.20"),
        Case(heading: "5.7.2", version: "5.7.2"),
        Case(heading: "Swift 5.6", version: "5.6", title: "Swift 5.6"),
        Case(heading: "0.44.0: Travel Size Lint Roller", version: "0.44.0", title: "Travel Size Lint Roller"),
        Case(heading: "v1.2.0 (2020-12-1)", version: "1.2.0", date: "2020-12-01"),
        Case(heading: "3.2.0 released on 2026-08-20", version: "3.2.0", date: "2026-08-20"),
        Case(heading: "2.1.0 / 2026.06.03", version: "2.1.0", date: "2026-06-03"),
        Case(heading: "1.0.0rc4 / 2010-10-14", version: "1.0.0rc4", date: "2010-10-14"),
        Case(heading: "10.0.0-rc.2 Release notes (2020-10-15)", version: "10.0.0-rc.2", date: "2020-10-15"),
        Case(heading: "Version 1.82.0 (2024-10-17)", version: "1.82.0", date: "2024-10-17"),
        Case(heading: "0.28.1 (6th December, 2024)", version: "0.28.1", date: "2024-12-06"),
        Case(heading: "2016-05-06, Version 0.12.14 (Maintenance), @rvagg", version: "0.12.14", date: "2016-05-06"),
        Case(
            heading: "2026-03-24, Version 20.20.2 'Iron' (LTS), @marco-ippolito", version: "20.20.2", date: "2026-03-24"
        ),
        Case(
            heading: "7.10.0 - Privacy Manifest (2023-11-14)", version: "7.10.0", date: "2023-11-14",
            title: "Privacy Manifest"),
        Case(heading: "man-db 2.11.2 (8 January 2023)", version: "2.11.2", date: "2023-01-08", title: "man-db 2.11.2"),
        Case(
            heading: "Major changes between OpenSSL 3.0.18 and OpenSSL 3.0.19 [27 Jan 2026]", version: "3.0.19",
            date: "2026-01-27"),
        Case(heading: "0.21.0.rc1", version: "0.21.0.rc1"),
        Case(heading: "1.1.1w", version: "1.1.1w"),
        Case(heading: "Version 26.10.1", version: "26.10.1"),
        Case(heading: "2024.03", version: "2024.03"),
        Case(heading: "2024.05.02", version: "2024.05.02"),
        // Calendar versions with a suffix are versions, whole (OpenClaw's `2026.2.2-3` came after `2026.2.2`).
        Case(heading: "2026.2.2-3", version: "2026.2.2-3"),
        Case(heading: "2026.2.2-beta", version: "2026.2.2-beta"),
        Case(heading: "2026.2.2+build5", version: "2026.2.2+build5"),
        // Beside a date written as one, the dotted calendar version is the version.
        Case(heading: "2026.2.2 - 2026-02-03", version: "2026.2.2", date: "2026-02-03"),
        Case(heading: "[0.0.5] - 2014-12-13 [YANKED]", version: "0.0.5", date: "2014-12-13"),
        Case(heading: "1.2.0 (2020-12-01)", version: "1.2.0", date: "2020-12-01"),
        Case(heading: "Project 24.1.0 (2024-01-15)", version: "24.1.0", date: "2024-01-15", title: "Project 24.1.0"),
        Case(heading: "v2", version: "2"),
        Case(heading: "What's New in 2.0", version: "2.0"),
        Case(heading: "2.0.0 - Sept. 3, 2024", version: "2.0.0", date: "2024-09-03"),
        Case(heading: "3.0.0 (31.07.2022)", version: "3.0.0", date: "2022-07-31"),
        Case(heading: "`1.2.3`", version: "1.2.3"),
        Case(heading: "man_db-2.3.20 (7 September 2001)", version: "2.3.20", date: "2001-09-07"),
        // Versions as their authors write them, never shortened.
        Case(heading: "1.0+beta2 (2018-04-10)", version: "1.0+beta2", date: "2018-04-10"),
        Case(heading: "2.3.0+build.7", version: "2.3.0+build.7"),
        Case(heading: "Version 1.3 beta3", version: "1.3 beta3"),
        Case(heading: "4.0.0 beta 2", version: "4.0.0 beta 2"),
        Case(heading: "2.0 RC1", version: "2.0 RC1"),
        Case(heading: "v1.0.0-658250a96 - 2020-07-12", version: "1.0.0-658250a96", date: "2020-07-12"),
        Case(heading: "0.1.0 / 2018.08.23 / Rust and V8", version: "0.1.0", date: "2018-08-23"),
        Case(heading: "2.9.3 (26/01/2022)", version: "2.9.3", date: "2022-01-26"),
        Case(heading: "2.14.0 (05-Nov-2022)", version: "2.14.0", date: "2022-11-05"),
        Case(heading: "Release notes for Elixir 1.14", version: "1.14", title: "Elixir 1.14"),
        Case(heading: "[4.0.0-1] Prerelease (2019-10-08)", version: "4.0.0-1", date: "2019-10-08", title: "4.0.0-1"),
        Case(heading: "0.5 to 0.6", version: "0.6", title: "0.6"),
        Case(heading: "0.6 series", version: "0.6", title: "0.6"),
    ]

    @Test(arguments: releases)
    func findsRelease(_ example: Case) throws {
        guard case .release(let release) = HeadingClassifier.role(of: example.heading) else {
            Issue.record("not read as a release: \(HeadingClassifier.role(of: example.heading))")
            return
        }
        #expect(release.version.text == example.version)
        #expect(release.date?.date?.iso == example.date)
        if let title = example.title { #expect(release.title == title) }
    }

    static let notReleases = [
        "Added", "Bug Fixes", "Upgrading to 2.0", "Fix formatting of unions in TypeScript 5.0 (#1234 by @someone)",
        "Changes since polkit 121:", "Support for iOS 17.2", "SE-0290 is accepted", "UTF-8 handling",
        "Breaking changes in 3.0", "Highlights", "x86_64 builds", "Migration guide from 1.x to 2.x",
        "2007-2017 / Prehistory", "November 2021", "2021", "Release 2023",
    ]

    @Test(arguments: notReleases)
    func leavesOtherHeadings(_ heading: String) {
        let role = HeadingClassifier.role(of: heading)
        if case .release = role { Issue.record("\(heading) taken for a release: \(role)") }
    }

    @Test(arguments: [
        "[Unreleased]", "Unreleased", "Main", "Master", "main", "`main`", "HEAD", "[Unreleased] - ReleaseDate",
        "TBD", "master (unreleased)", "Upcoming", "Next", "vNext", "In development", "dplyr (development version)",
    ])
    func unreleased(_ heading: String) {
        #expect(HeadingClassifier.role(of: heading) == .unreleased)
    }

    /// A month or a year groups releases or dates an entry; it is never a version.
    @Test(arguments: ["November 2021", "2021", "2007-2017 / Prehistory", "Jan - Mar 2024: Winter"])
    func periods(_ heading: String) {
        #expect(HeadingClassifier.role(of: heading) == .period)
    }

    @Test(arguments: ["5.x Releases", "4.x", "Version 2.x"])
    func series(_ heading: String) {
        #expect(HeadingClassifier.role(of: heading) == .series)
    }

    /// ASCII headings are cut from their bytes, others scalar by scalar: both give the same
    /// tokens, so a heading's role cannot depend on an emoji elsewhere in it.
    @Test(arguments: releases.map(\.heading) + notReleases)
    func asciiAndUnicodeTokensAgree(heading: String) {
        guard heading.utf8.allSatisfy({ $0 < 0x80 }) else { return }
        let ascii = HeadingToken.tokenize(heading)
        let unicode = HeadingToken.tokenize(heading + " é")
        #expect(Array(unicode.dropLast(2)) == ascii)
        #expect(unicode.suffix(2).map(\.kind) == [.space, .word])
    }

    @Test func dateOnlyHeading() throws {
        guard case .dateOnly(let match) = HeadingClassifier.role(of: "2024-03-05 (Xcode 15.3)") else {
            Issue.record("not read as a date")
            return
        }
        #expect(match.date?.iso == "2024-03-05")
    }

    @Test func weakVersions() throws {
        guard case .release(let release) = HeadingClassifier.role(of: "polkit 122") else {
            Issue.record("not read")
            return
        }
        #expect(release.isWeak)
        #expect(release.title == "polkit 122")
    }

    @Test(arguments: [
        "1.5.0 (unreleased)", "[1.5.0] - Unreleased", "1.5.0 - upcoming", "1.5.0 - TBD", "1.5.0 (not yet released)",
        "1.5.0 -- YYYY-mm-dd",
    ])
    func plannedVersionIsUnreleased(_ heading: String) throws {
        guard case .release(let release) = HeadingClassifier.role(of: heading) else {
            Issue.record("not read")
            return
        }
        #expect(release.isUnreleased)
        #expect(release.title == "1.5.0")
    }

    @Test func impossibleDateIsKeptForTheDiagnostic() throws {
        guard case .release(let release) = HeadingClassifier.role(of: "1.0.0 - 2024-02-30") else {
            Issue.record("not read")
            return
        }
        #expect(release.date != nil)
        #expect(release.date?.date == nil)
    }

    /// The shortcut for a bare version reads every text it takes exactly as the full reading does,
    /// and leaves years, dates and anything with other words to it.
    @Test(arguments: [
        "1.2", "1.2.0", "0.0.0", "999.999.999", "1.2.3.4", "10.20", "0.21", "7.0.100", "1.02.003",
    ])
    func plainVersionsReadAsTheFullReadingDoes(heading: String) {
        #expect(HeadingClassifier.plainVersion(heading) != nil)
        #expect(HeadingClassifier.plainVersion(heading) == HeadingClassifier.classify(heading))
    }

    @Test(arguments: [
        "2024.05.02", "1.2.2024", "2021", "5", "1.2.3.4.5", "1..2", ".1.2", "1.2.", "v1.2.0", "1.2.0 ", "1.2.0-rc.1",
        "1.2 - 2024-05-02", "1000.1", "1.2.3.4000",
    ])
    func otherHeadingsTakeTheFullReading(heading: String) {
        #expect(HeadingClassifier.plainVersion(heading) == nil)
    }
}

/// A title that names a version over releases of its own is the document's title.
struct DocumentTitleTests {
    @Test(arguments: [
        "# Changelog for v1.2\n\n## Feature documentation\n\n### Sync\n\nRuns in the background.\n\n## 1.0.0 - 2025-01-01\n\n### Added\n\n- Sync.\n",
        "# Changelog for v1.2\n\n## Feature documentation\n\nText.\n\n## Unreleased\n\n### Added\n\n- Sync.\n",
        "# v1.2 Changelog\n\n## 1.0.0\n\n- Sync.\n",
    ])
    func aTitleNamingAVersionIsNoRelease(notes: String) throws {
        let document = try Fixtures.read(notes).document
        #expect(
            !document.releases.contains { $0.version?.text.hasSuffix("1.2") ?? false },
            "\(document.releases.map(\.title))")
        #expect(document.title == nil, "a version is no product name")
        #expect(document.releases.count == 1)
    }

    @Test func oneReleasesNotesMayBeTitledByIt() throws {
        let document = try Fixtures.read("# Release notes for 1.2.0\n\n## Added\n\n- Sync.\n").document
        #expect(document.releases.map(\.version?.text) == ["1.2.0"])
    }
}
