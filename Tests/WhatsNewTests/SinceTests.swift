import Testing
import WhatsNewSchema

@testable import WhatsNewModel
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// "Since you last looked", as an app asks it of the JSON: one version ordering, shared with
/// the command line, and defined answers for every last-seen value.
struct SinceTests {
    private func sheet(_ group: String, _ name: String) throws -> Sheet {
        let reading = try Fixtures.read(group, name)
        return JSONRenderer().sheet(Presentation(document: reading.document, releases: reading.document.releases))
    }

    private func sheet(versions: [String]) -> Sheet {
        Sheet(
            title: nil,
            releases: versions.map { version in
                Sheet.Release(
                    version: version, date: nil, title: version, summary: nil,
                    sections: [
                        Sheet.Section(
                            kind: .fixed, icon: nil, symbol: nil, color: nil, title: "Fixed", summary: nil, html: "",
                            items: ["fix in \(version)"], line: 1)
                    ])
            })
    }

    @Test(arguments: [
        ("2.0.0-beta.2", "2.0.0-rc.1"), ("2.0.0-rc.1", "2.0.0"), ("1.2.3", "1.2.3.1"), ("1.2.3.4", "1.2.4"),
        ("2024-05-02", "2024-06-01"), ("2024-12-31", "2025-01-01"), ("2024-05-02", "2024-05-10"),
    ])
    func versionsOrderAsDocumented(_ older: String, _ newer: String) throws {
        #expect(try #require(ReleaseVersion(older)) < (try #require(ReleaseVersion(newer))))
    }

    @Test func aDateIsItsYearMonthAndDay() throws {
        let date = try #require(ReleaseVersion("2024-05-02"))
        #expect(date.numbers == [2024, 5, 2] && date.prerelease.isEmpty)
        #expect(try #require(ReleaseVersion("2024-13-02")).prerelease == ["13", "02"], "no month 13: not a date")
    }

    @Test func releasesAfterWhatTheUserSaw() throws {
        let notes = try sheet("examples", "keep-a-changelog")  // Unreleased, 1.4.0, 1.3.1, 1.3.0
        func versions(after seen: String?) -> [String?] { notes.releases(after: seen).map(\.version) }
        #expect(versions(after: "1.3.0") == ["1.4.0", "1.3.1"])
        #expect(versions(after: "v1.3.0") == ["1.4.0", "1.3.1"])
        #expect(versions(after: "1.3.5") == ["1.4.0"], "a version the notes do not list")
        #expect(versions(after: "1.4.0") == [])
        #expect(versions(after: "9.0") == [], "a build ahead of its notes")
        #expect(versions(after: nil) == ["1.4.0"], "never looked: what is new in this version")
        #expect(versions(after: "yesterday") == ["1.4.0"], "not a version")

        let betas = sheet(versions: ["2.0.0", "2.0.0-rc.1", "2.0.0-beta.2", "2.0.0-beta.1", "1.9.0"])
        #expect(betas.releases(after: "2.0.0-beta.2").map(\.version) == ["2.0.0", "2.0.0-rc.1"])
        // Notes written oldest first still give the newest first.
        let ascending = sheet(versions: ["1.0.0", "1.1.0", "1.2.0"])
        #expect(ascending.releases(after: "1.0.0").map(\.version) == ["1.2.0", "1.1.0"])
    }

    @Test func oneSheetOfEverythingNew() throws {
        let merged = try sheet("examples", "keep-a-changelog").whatsNew(since: "1.3.0")
        let release = try #require(merged.releases.first)
        #expect(merged.releases.count == 1)
        #expect(release.version == "1.4.0" && release.date == "2024-05-02")
        #expect(release.sections.map(\.title) == ["Added", "Fixed", "Security"])
        let fixed = try #require(release.sections.first { $0.kind == .fixed })
        #expect(fixed.items.count == 3)
        #expect(fixed.items.last == "Crash when opening an empty collection.", "the older release's items come after")
        #expect(try sheet("examples", "keep-a-changelog").whatsNew(since: "1.4.0").releases.isEmpty)
    }

    /// The command line's `--since` orders versions the same way.
    @Test func theCommandLineAgrees() throws {
        let reading = try Fixtures.read("examples", "keep-a-changelog")
        let chosen = try ReleaseSelection.since("1.3.0").releases(from: reading.document, path: "notes.md")
        let released = chosen.filter { !$0.isUnreleased }.compactMap { $0.version?.text }
        let schema = try sheet("examples", "keep-a-changelog").releases(after: "1.3.0").compactMap(\.version)
        // The same releases in the same order, newest first.
        #expect(released == schema)
        #expect(released.count >= 2, "the case chooses more than one release, so the order is checked")
    }
}
