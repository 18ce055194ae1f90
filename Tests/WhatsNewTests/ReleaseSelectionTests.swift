import Testing
import WhatsNewSchema

@testable import WhatsNewModel
@testable import WhatsNewSheet

struct ReleaseSelectionTests {
    private func document() throws -> Document { try Fixtures.read("examples", "keep-a-changelog").document }

    private func versions(_ selection: ReleaseSelection) throws -> [String] {
        try selection.releases(from: try document(), path: "notes.md").map { $0.version?.text ?? "unreleased" }
    }

    @Test func latestSkipsTheEmptyUnreleasedSection() throws {
        #expect(try versions(.latest) == ["1.4.0"])
    }

    @Test func latestIsTheGreatestVersionWhereTheOrderCannotSay() throws {
        let reading = try Fixtures.read("## 1.0.0\n\n- a\n\n## 1.1.0\n\n- b\n\n## 0.9.0\n\n- c\n")
        #expect(
            try ReleaseSelection.latest.releases(from: reading.document, path: "x").map(\.version?.text) == ["1.1.0"])
    }

    /// The latest is the newest by the notes' order and dates, whatever versions lie further
    /// down: a renamed product's history, date versions, notes written oldest first.
    @Test(arguments: [
        (
            "## [1.12.1] - 2025-03-01\n\n- a\n\n## [1.12.0] - 2025-01-10\n\n- b\n\n## Old product\n\n## [2.5.1] - 2019-05-01\n\n- c\n\n## [2.5.0] - 2019-01-01\n\n- d\n",
            "1.12.1"
        ),
        ("## 1.2.0 - 2024-02-01\n\n- a\n\n## 1.1.0 - 2023-06-01\n\n- b\n\n## 20160726 - 2016-07-26\n\n- c\n", "1.2.0"),
        ("## 1.2.0\n\n- a\n\n## 1.1.0\n\n- b\n\n## 20160726\n\n- c\n\n## 20160601\n\n- d\n", "1.2.0"),
        ("## 1.0.0\n\n- a\n\n## 1.1.0\n\n- b\n\n## 1.2.0\n\n- c\n", "1.2.0"),
        ("## 2.0.0 - 2024-01-01\n\n- a\n\n## 1.9.5 - 2024-02-01\n\n- b\n\n## 1.9.4 - 2023-12-01\n\n- c\n", "2.0.0"),
        ("## 1.2.0 - 2024-02-01\n\n- a\n\n## 1.1.0 - 2023-06-01\n\n- b\n\n## 1.3.0 - 2024-05-01\n\n- c\n", "1.3.0"),
    ])
    func latestIsTheNewestByOrderAndDates(notes: String, latest: String) throws {
        let reading = try Fixtures.read(notes)
        #expect(
            try ReleaseSelection.latest.releases(from: reading.document, path: "x").map(\.version?.text) == [latest])
        // The app's library chooses the same from the JSON.
        let sheet = Sheet(
            title: nil,
            releases: reading.document.releases.map { release in
                Sheet.Release(
                    version: release.version?.text, date: release.date?.iso, title: release.title, summary: nil,
                    sections: [])
            })
        #expect(sheet.releases(after: nil).map(\.version) == [latest])
    }

    @Test func latestFallsBackToUnreleasedChanges() throws {
        let reading = try Fixtures.read("## Unreleased\n\n- work in progress\n")
        #expect(try ReleaseSelection.latest.releases(from: reading.document, path: "x").map(\.isUnreleased) == [true])
    }

    @Test func namedVersionsAcceptAVPrefix() throws {
        #expect(try versions(.version("v1.3.1")) == ["1.3.1"])
        #expect(try versions(ReleaseSelection(release: "1.3.0")) == ["1.3.0"])
    }

    @Test func allAndUnreleased() throws {
        // The empty Unreleased heading is a placeholder: every release, but not it.
        #expect(try versions(.all) == ["1.4.0", "1.3.1", "1.3.0"])
        #expect(try versions(.unreleased) == ["unreleased"])
    }

    @Test func sinceTakesEveryNewerRelease() throws {
        #expect(try versions(.since("1.3.0")) == ["1.4.0", "1.3.1"])
        #expect(try versions(.since("1.4.0")) == [])
    }

    @Test func unknownVersionListsTheOnesThatExist() throws {
        #expect {
            try versions(.version("9.9.9"))
        } throws: { error in
            (error as! Diagnostic).message == "no release 9.9.9; versions are 1.4.0, 1.3.1, 1.3.0"
        }
        #expect { try versions(.since("0.1")) } throws: { error in
            (error as! Diagnostic).message.hasPrefix("no release 0.1 to start after; versions are")
        }
    }
}
