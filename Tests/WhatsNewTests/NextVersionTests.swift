import Testing
import WhatsNewModel
import WhatsNewProject
import WhatsNewReading

/// `whatsnew next`: the version the notes ask for, from the latest release and the kinds of
/// what waits (the notes' release in progress and the fragments).
struct NextVersionTests {
    /// One row of the table: the released versions (newest first), the rows of the release in
    /// progress (`Added`, or `Fixed: BREAKING …` for an item), the fragments' kinds, the
    /// settings, and what `next` says (nil: nothing to release).
    struct Case: Sendable, CustomTestStringConvertible {
        var released: [String]
        var unreleased: [String] = []
        var fragments: [String] = []
        var versioning = Versioning.semver
        var pre: String? = nil
        var kinds: [ChangeKind] = []
        var calendar: CalendarScheme? = nil
        var dates: [String] = []
        var expected: String?
        var testDescription: String {
            "\(released.first ?? "none") + \(unreleased + fragments) \(versioning.rawValue) \(pre ?? "") → \(expected ?? "nothing")"
        }
    }

    static let day = ReleaseDate(year: 2026, month: 11, day: 27)!

    static let table: [Case] = [
        // Keep a Changelog's kinds on a 1.x release.
        Case(released: ["1.4.0"], unreleased: ["Fixed"], expected: "1.4.1"),
        Case(released: ["1.4.0"], unreleased: ["Security", "Fixed"], expected: "1.4.1"),
        Case(released: ["1.4.0"], unreleased: ["Added", "Fixed"], expected: "1.5.0"),
        Case(released: ["1.4.0"], unreleased: ["Deprecated"], expected: "1.5.0"),
        Case(released: ["1.4.0"], unreleased: ["Removed"], expected: "1.5.0"),
        Case(released: ["1.4.2"], unreleased: ["Changed"], expected: "1.5.0"),
        Case(released: ["1.4.2"], unreleased: ["Breaking Changes", "Fixed"], expected: "2.0.0"),
        Case(released: ["1.4.2"], unreleased: ["Fixed: BREAKING: drops macOS 12"], expected: "2.0.0"),
        Case(released: ["1.4.2"], unreleased: ["Features"], expected: "1.5.0"),
        Case(released: ["1.4.2"], unreleased: ["Documentation"], expected: "1.4.3"),
        // Fragments alone, and with the notes.
        Case(released: ["1.4.0"], fragments: ["fixed"], expected: "1.4.1"),
        Case(released: ["1.4.0"], fragments: ["fixed", "added"], expected: "1.5.0"),
        Case(released: ["1.4.0"], fragments: ["breaking"], expected: "2.0.0"),
        Case(released: ["1.4.0"], fragments: ["fixed!"], expected: "2.0.0"),
        Case(released: ["1.4.0"], unreleased: ["Fixed"], fragments: ["added"], expected: "1.5.0"),
        // Below 1.0.0, as Cargo and changesets read SemVer; and to the letter.
        Case(released: ["0.3.2"], unreleased: ["Fixed"], expected: "0.3.3"),
        Case(released: ["0.3.2"], unreleased: ["Added"], expected: "0.3.3"),
        Case(released: ["0.3.2"], fragments: ["breaking"], expected: "0.4.0"),
        // The first pre-release of a line takes the notes' own form from earlier lines.
        Case(released: ["2.4.0", "2.4.0rc1", "2.3.0"], unreleased: ["Added"], pre: "rc", expected: "2.5.0rc1"),
        Case(released: ["2.4.0", "2.4.0-beta1", "2.3.0"], unreleased: ["Added"], pre: "beta", expected: "2.5.0-beta1"),
        Case(released: ["2.4.0", "2.3.0"], unreleased: ["Added"], pre: "beta", expected: "2.5.0-beta.1"),
        // npm's numbered pre-releases (`15.0.0-0`) and a calendar hotfix (`2021.01.07-1`) name nothing to follow.
        Case(
            released: ["15.0.0", "15.0.0-0", "14.0.3"], unreleased: ["Fixed"], pre: "beta", expected: "15.0.1-beta.1"),
        Case(released: ["1.0.0", "1.0.0-0"], unreleased: ["Fixed"], pre: "beta", expected: "1.0.1-beta.1"),
        // PEP 440's words where the notes use them (pip's `24.1b2`): `--pre beta` writes `b`.
        Case(released: ["2.4.0", "2.4.0b0", "2.3.0"], unreleased: ["Added"], pre: "beta", expected: "2.5.0b1"),
        Case(released: ["24.1b2", "24.0"], unreleased: ["Fixed"], pre: "beta", expected: "24.1b3"),
        Case(released: ["2.4.0", "2.4.0a1", "2.3.0"], unreleased: ["Added"], pre: "rc", expected: "2.5.0rc1"),
        // Below 1.0.0 a removal breaks, as Cargo reads such versions (httpx's dropped Python 3.8).
        Case(released: ["0.28.1"], unreleased: ["Removed", "Fixed"], expected: "0.29.0"),
        Case(released: ["0.28.1"], fragments: ["removed"], expected: "0.29.0"),
        Case(released: ["1.28.1"], unreleased: ["Removed"], expected: "1.29.0"),
        Case(
            released: ["0.28.1"], fragments: ["removed"],
            kinds: [ChangeKind(name: "removed", builtIn: .removed, bump: .bump(.patch))],
            expected: "0.28.2"),
        Case(released: ["0.3.2"], fragments: ["breaking"], versioning: .plainSemver, expected: "1.0.0"),
        // SemVer to the letter: a removal is a feature's minor below 1.0.0 as above it.
        Case(released: ["0.3.2"], unreleased: ["Removed"], versioning: .plainSemver, expected: "0.4.0"),
        Case(released: ["0.3.2"], unreleased: ["Added"], versioning: .plainSemver, expected: "0.4.0"),
        // Versions of two numbers keep two where they can.
        Case(released: ["5.9"], unreleased: ["Added"], expected: "5.10"),
        Case(released: ["5.9"], unreleased: ["Fixed"], expected: "5.9.1"),
        // No release yet.
        Case(released: [], unreleased: ["Added"], expected: "0.1.0"),
        // Nothing to release: no notes, or only a thanks list.
        Case(released: ["1.4.0"], expected: nil),
        Case(released: ["1.4.0"], unreleased: ["New Contributors"], expected: nil),
        // Pre-releases: numbered on from the notes, each with only what is new since the last.
        Case(released: ["1.4.0"], unreleased: ["Added"], pre: "beta", expected: "1.5.0-beta.1"),
        Case(released: ["1.5.0-beta.1", "1.4.0"], unreleased: ["Fixed"], pre: "beta", expected: "1.5.0-beta.2"),
        Case(
            released: ["1.5.0-beta.2", "1.5.0-beta.1", "1.4.0"], fragments: ["fixed"], pre: "rc", expected: "1.5.0-rc.1"
        ),
        Case(released: ["1.5.0-rc.1", "1.5.0-beta.2", "1.4.0"], fragments: ["fixed"], pre: "beta", expected: "error"),
        Case(released: ["1.5.0-beta.1", "1.4.0"], fragments: ["breaking"], pre: "beta", expected: "2.0.0-beta.1"),
        Case(released: ["1.5.0-beta.1", "1.4.0"], pre: "beta", expected: nil),
        Case(released: ["1.5.0-rc1", "1.4.0"], fragments: ["fixed"], pre: "rc", expected: "1.5.0-rc2"),
        // The release after pre-releases: everything since 1.4.0, new notes or none.
        Case(released: ["1.5.0-beta.2", "1.5.0-beta.1", "1.4.0"], expected: "1.5.0"),
        Case(released: ["1.5.0-beta.2", "1.5.0-beta.1", "1.4.0"], fragments: ["fixed"], expected: "1.5.0"),
        Case(released: ["2.0.0-beta.1", "1.4.0"], fragments: ["fixed"], expected: "2.0.0"),
        Case(released: ["1.1.1w", "1.1.1v"], fragments: ["fixed"], expected: "1.1.2"),
        // Calendar versions: the release's year and month, and a counter within the month.
        Case(released: ["2026.10.3"], fragments: ["fixed"], versioning: .calendar, expected: "2026.11.0"),
        Case(released: ["2026.11.0"], fragments: ["added"], versioning: .calendar, expected: "2026.11.1"),
        Case(released: ["2026.04.2"], fragments: ["added"], versioning: .calendar, expected: "2026.11.0"),
        Case(
            released: ["2026.09.0"], fragments: ["added"], versioning: .calendar, pre: "rc", expected: "2026.11.0-rc.1"),
        Case(released: ["26.10.1"], fragments: ["fixed"], versioning: .calendar, expected: "26.11.0"),
        Case(released: [], fragments: ["fixed"], versioning: .calendar, expected: "2026.11.0"),
        // A heading of no kind the notes know is other's, a patch, unless the project's kinds say.
        Case(released: ["1.4.0"], unreleased: ["Parser"], expected: "1.4.1"),
        Case(
            released: ["1.4.0"], unreleased: ["Parser"],
            kinds: [ChangeKind(name: "parser", title: "Parser", bump: .bump(.minor))],
            expected: "1.5.0"),
        Case(released: ["1.4.0"], unreleased: ["Misc"], expected: "1.4.1"),
        // A fragment's own text can say it breaks something, as the notes it becomes would.
        Case(released: ["1.4.0"], fragments: ["fixed:BREAKING: the --foo flag is gone."], expected: "2.0.0"),
        // The latest release is the notes' newest by order and dates: a renamed predecessor's
        // higher versions further down, or its date versions, are history.
        Case(
            released: ["1.12.1", "1.12.0", "2.5.1", "2.5.0"], fragments: ["added"],
            dates: ["2025-03-01", "2025-01-10", "2019-05-01", "2019-01-01"], expected: "1.13.0"),
        Case(
            released: ["1.2.0", "1.1.0", "20160726"], fragments: ["fixed"],
            dates: ["2024-02-01", "2023-06-01", "2016-07-26"], expected: "1.2.1"),
        // A release appended at the foot, newer by date and version, is the latest.
        Case(
            released: ["1.2.0", "1.1.0", "1.0.0", "1.3.0"], fragments: ["fixed"],
            dates: ["2024-02-01", "2023-06-01", "2023-01-01", "2024-05-01"], expected: "1.3.1"),
        // A backport released after a greater version is not the latest.
        Case(
            released: ["2.0.0", "1.9.5", "1.9.4"], fragments: ["fixed"],
            dates: ["2024-01-01", "2024-02-01", "2023-12-01"], expected: "2.0.1"),
        // Calendar versions never go back, and a project coming from SemVer writes the year whole.
        Case(released: ["2026.12.0"], fragments: ["fixed"], versioning: .calendar, expected: "error"),
        Case(released: ["1.4.0"], fragments: ["fixed"], versioning: .calendar, expected: "2026.11.0"),
        // Calendar schemes as the notes write them, or as `calendar:` says (calver.org's words).
        Case(
            released: ["26.09", "26.04.1", "26.04"], fragments: ["fixed"], versioning: .calendar,
            dates: ["2026-09-10", "2026-04-20", "2026-04-01"], expected: "26.11"),
        Case(
            released: ["26.11"], fragments: ["fixed"], versioning: .calendar, dates: ["2026-11-02"], expected: "26.11.1"
        ),
        Case(
            released: ["26.11.1", "26.11"], fragments: ["fixed"], versioning: .calendar,
            dates: ["2026-11-09", "2026-11-02"], expected: "26.11.2"),
        Case(
            released: ["26.09"], fragments: ["fixed"], versioning: .calendar, calendar: CalendarScheme("YY.0M"),
            expected: "26.11"),
        Case(
            released: ["26.10.3"], fragments: ["fixed"], versioning: .calendar, calendar: CalendarScheme("YY.0M.MICRO"),
            expected: "26.11.0"),
        Case(
            released: ["26.01.3"], fragments: ["fixed"], versioning: .calendar, calendar: CalendarScheme("YY.MM.MICRO"),
            expected: "26.11.0"),
        Case(
            released: ["2026.3", "2026.2", "2026.1"], fragments: ["fixed"], versioning: .calendar,
            dates: ["2026-10-01", "2026-06-01", "2026-02-01"], expected: "2026.4"),
        Case(
            released: ["2025.7", "2025.1"], fragments: ["added"], versioning: .calendar,
            calendar: CalendarScheme("YYYY.N"), expected: "2026.1"),
        Case(
            released: ["24.2", "24.0"], fragments: ["added"], versioning: .calendar,
            calendar: CalendarScheme("YY.MINOR"), expected: "26.0"),
        Case(
            released: ["2026.11.02"], fragments: ["fixed"], versioning: .calendar, dates: ["2026-11-02"],
            expected: "2026.11.27"),
        Case(
            released: ["2026.11.27"], fragments: ["fixed"], versioning: .calendar, dates: ["2026-11-27"],
            expected: "2026.11.27.1"),
        Case(
            released: ["2026.09.30"], fragments: ["fixed"], versioning: .calendar,
            calendar: CalendarScheme("YYYY.0M.0D"), expected: "2026.11.27"),
        Case(
            released: ["2026.11.27"], fragments: ["fixed"], versioning: .calendar,
            calendar: CalendarScheme("YYYY.0M.0D.MICRO"), expected: "2026.11.27.1"),
        Case(
            released: ["26.11"], fragments: ["fixed"], versioning: .calendar, pre: "beta", dates: ["2026-11-02"],
            expected: "26.11.1-beta.1"),
        // A project's own bump for its kinds, and for one of the sheet's.
        Case(
            released: ["1.4.0"], fragments: ["ui"],
            kinds: [ChangeKind(name: "ui", title: "Interface", bump: .bump(.minor))],
            expected: "1.5.0"),
        Case(
            released: ["1.4.0"], unreleased: ["Interface"],
            kinds: [ChangeKind(name: "ui", title: "Interface", bump: .bump(.major))], expected: "2.0.0"),
        Case(
            released: ["1.4.0"], fragments: ["docs"],
            kinds: [ChangeKind(name: "docs", builtIn: .docs, bump: BumpSetting.none)],
            expected: nil),
        Case(
            released: ["1.4.0"], unreleased: ["Added"],
            kinds: [ChangeKind(name: "added", builtIn: .added, bump: .bump(.patch))],
            expected: "1.4.1"),
        Case(
            released: ["1.4.0"], fragments: ["ui"], kinds: [ChangeKind(name: "ui", title: "Interface")],
            expected: "1.4.1"),
    ]

    @Test(arguments: table)
    func nextVersion(_ row: Case) throws {
        let kinds = ChangeKinds.builtIn.adding(row.kinds)
        let (pending, releases) = try Self.pendingAndReleases(row, kinds: kinds)
        let isPre = row.pre != nil
        guard let bump = pending.bump(preRelease: isPre) else {
            #expect(row.expected == nil, "nothing to release")
            return
        }
        do {
            let version = try NextVersion(versioning: row.versioning, calendar: row.calendar, releases: releases)
                .version(
                    after: pending.stable, latestPreRelease: pending.latestPreRelease,
                    bump: bump,
                    preRelease: row.pre, on: Self.day, styledAfter: pending.newestPreReleaseEver)
            #expect(version.text == row.expected)
        } catch {
            #expect(row.expected == "error", "\(error)")
        }
    }

    /// The form learned from the notes: month and day two digits wide when either is.
    @Test func aCalendarFormIsLearnedFromTheNotes() throws {
        let day = try Self.pendingAndReleases(Case(released: ["2026.11.02"], dates: ["2026-11-02"]), kinds: .builtIn)
            .releases
        #expect(CalendarScheme.learned(from: day)?.description == "YYYY.0M.0D")
        let month = try Self.pendingAndReleases(
            Case(released: ["26.09", "26.04.1"], dates: ["2026-09-01", "2026-04-20"]), kinds: .builtIn
        ).releases
        #expect(CalendarScheme.learned(from: month)?.description == "YY.0M")
        let sequence = try Self.pendingAndReleases(
            Case(released: ["2026.3", "2026.2"], dates: ["2026-10-01", "2026-06-01"]), kinds: .builtIn
        ).releases
        #expect(CalendarScheme.learned(from: sequence).map { ($0.description, $0.firstCounter) }! == ("YYYY.MICRO", 0))
        #expect(
            CalendarScheme.learned(
                from: try Self.pendingAndReleases(Case(released: ["1.4.0"]), kinds: .builtIn).releases) == nil)
    }

    @Test func theDecidingNotesAreTheOnesAskingForTheBump() throws {
        let pending = try Self.pending(
            Case(released: ["1.4.0"], unreleased: ["Fixed", "Added", "Fixed: BREAKING: drops macOS 12"]),
            kinds: .builtIn)
        let deciding = pending.deciding(preRelease: false)
        #expect(deciding.map(\.kind) == ["breaking"])
        #expect(deciding.first?.text == "BREAKING: drops macOS 12")
        #expect(deciding.first?.location.line == 15)
    }

    @Test func aKindWithoutABumpRuleIsCountedAsAPatchAndSaidSo() throws {
        let pending = try Self.pending(
            Case(released: ["1.4.0"], fragments: ["ui"]),
            kinds: ChangeKinds.builtIn.adding([ChangeKind(name: "ui", title: "UI")]))
        #expect(pending.new.map(\.hasRule) == [false])
        #expect(pending.bump(preRelease: false) == .patch)
    }

    @Test(arguments: [
        ("BREAKING: drops macOS 12", true), ("BREAKING CHANGE: renamed x", true), ("⚠️ BREAKING renamed", true),
        ("[breaking] renamed the flag", true), ("renamed the flag (Breaking)", true), ("Breaking change: x", true),
        ("Renamed JustifyValues to JustifyMethod (backwards incompatible)", true), ("Non-breaking fix", false),
        ("breaking news handled", false), ("BREAKINGLY fast", false), ("UNBREAKING", false),
        // Mentions, not marks (release-please's own notes).
        ("Handle issue links in BREAKING_CHANGE notes section", false),
        ("stop parsing BREAKING CHANGE message after two newlines", false),
        ("BREAKING CHANGE moved to top of template", false),
        ("Restore the old API after a backwards incompatible change slipped into 1.4.0.", false),
        ("Backwards incompatible: renamed run", true),
    ])
    func breakingMark(_ text: String, _ marks: Bool) {
        #expect(BreakingMark.marks(text) == marks)
    }

    /// A bold label opening the item, as rich and Keep a Changelog's own notes write it.
    @Test(arguments: [
        "**breaking** Deprecated RenderGroup", "**Breaking:** Retired the tagline", "**BREAKING CHANGE** renamed x",
    ])
    func boldBreakingLabels(_ item: String) throws {
        let pending = try Self.pending(Case(released: ["1.4.0"], unreleased: ["Changed: \(item)"]), kinds: .builtIn)
        #expect(pending.bump(preRelease: false) == .major)
    }

    /// release-please lists `**deps:**` updates under breaking changes and features; the sheet
    /// shows them with the dependencies, and the version follows the row they were listed in.
    /// A dependency update written under Features is what the sheet shows it as, a dependency
    /// update: a patch, as the project released it; under a breaking heading it stays breaking.
    @Test func aDependencyUpdateCountsAsTheSheetShowsIt() throws {
        let breaking = try Self.pending(
            Case(released: ["16.18.0"], unreleased: ["⚠ BREAKING CHANGES: **deps:** update octokit to v20"]),
            kinds: .builtIn)
        #expect(breaking.bump(preRelease: false) == .major)
        let feature = try Self.pending(
            Case(released: ["5.1.0"], unreleased: ["Features: **deps:** widen the react peer range"]), kinds: .builtIn)
        #expect(feature.bump(preRelease: false) == .patch)
        let deciding = try #require(feature.deciding(preRelease: false).first)
        #expect(deciding.location.line == 7)
        #expect(deciding.kind == "dependencies, written under added", "\(deciding.kind)")
        // The sheet shows it in the dependencies row, the row the bump was read from.
        let sheet = try Fixtures.read("## Unreleased\n\n### Features\n\n- **deps:** widen the react peer range\n")
            .document
        #expect(sheet.releases[0].sections.map(\.kind) == [.dependencies])
        // With a feature beside it, the feature decides.
        let both = try Self.pending(
            Case(
                released: ["5.1.0"],
                unreleased: ["Features: **deps:** widen the react peer range", "Features: Dark mode"]), kinds: .builtIn)
        #expect(both.bump(preRelease: false) == .minor)
    }

    /// `release patch|minor|major`: the number named moves, from the latest release of either
    /// kind, as npm's `version` does; below 1.0.0 too.
    @Test(
        arguments: [
            ("1.4.2", nil, ReleaseVersion.Bump.patch, "1.4.3"), ("0.3.2", nil, .minor, "0.4.0"),
            ("0.3.2", nil, .major, "1.0.0"),
            ("1.4.0", "7.1.0-beta.5", .patch, "7.1.0"), ("11.7.0", "12.0.0-rc.6", .patch, "12.0.0"),
            ("1.1.0", "1.2.0-rc.1", .minor, "1.2.0"), ("1.2.2", "1.2.3-rc.1", .minor, "1.3.0"),
            ("1.9.0", "2.0.0-rc.1", .major, "2.0.0"), ("1.9.0", "1.10.0-rc.1", .major, "2.0.0"),
        ] as [(String, String?, ReleaseVersion.Bump, String)])
    func namedBumps(_ stable: String, _ pre: String?, _ bump: ReleaseVersion.Bump, _ expected: String) throws {
        let version = try NextVersion().version(
            after: ReleaseVersion(stable), latestPreRelease: pre.flatMap(ReleaseVersion.init), bump: bump, on: Self.day,
            named: true)
        #expect(version.text == expected)
    }

    @Test func preReleaseNamesAreIdentifiers() {
        #expect(throws: NextVersion.Failure.badPreReleaseName("be ta")) {
            try NextVersion().version(
                after: ReleaseVersion("1.0.0"), latestPreRelease: nil, bump: .patch, preRelease: "be ta", on: Self.day)
        }
    }

    /// The notes and fragments of a row, read as whatsnew reads them.
    static func pending(_ row: Case, kinds: ChangeKinds) throws -> PendingChanges {
        try pendingAndReleases(row, kinds: kinds).pending
    }

    static func pendingAndReleases(_ row: Case, kinds: ChangeKinds) throws -> (
        pending: PendingChanges, releases: [Release]
    ) {
        var lines = ["# Changelog", ""]
        if !row.unreleased.isEmpty { lines += ["## [Unreleased]", ""] }
        for heading in row.unreleased {
            let parts = heading.split(separator: ":", maxSplits: 1)
            let item = parts.count > 1 ? String(parts[1]).trimmedWhitespace() : "Something \(heading.lowercased())"
            lines += ["### \(parts[0])", "", "- \(item)", ""]
        }
        for (index, version) in row.released.enumerated() {
            let date = index < row.dates.count ? row.dates[index] : "2026-01-01"
            lines += ["## [\(version)] - \(date)", "", "### Fixed", "", "- A fix in \(version)", ""]
        }
        let document = DocumentReader().read(
            try SourceFile(path: "CHANGELOG.md", bytes: Array(lines.joined(separator: "\n").utf8))
        )
        .document
        let fragments = try row.fragments.enumerated().map { index, written in
            let parts = written.split(separator: ":", maxSplits: 1).map(String.init)
            let kind = parts[0]
            let breaking = kind.hasSuffix("!")
            let name = breaking ? String(kind.dropLast()) : kind
            let body = parts.count > 1 ? parts[1] : "Change \(index)."
            let text = "---\nkind: \(name)\(breaking ? "\nbreaking: true" : "")\n---\n\n\(body)\n"
            let (fragment, diagnostics) = FragmentReader(kinds: kinds).read(
                try SourceFile(path: ".changes/\(index)-\(name).md", bytes: Array(text.utf8)))
            return try #require(fragment, "\(diagnostics)")
        }
        let pending = PendingChanges(
            document: document, path: "CHANGELOG.md", fragments: fragments, kinds: kinds,
            removalBreaksBelowOne: row.versioning == .semver)
        return (pending, document.releases)
    }
}
