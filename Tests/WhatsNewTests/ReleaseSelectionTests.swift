import Testing

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

    @Test func latestIsTheGreatestVersionWhenWrittenOldestFirst() throws {
        let reading = try Fixtures.read("## 1.0.0\n\n- a\n\n## 1.1.0\n\n- b\n\n## 0.9.0\n\n- c\n")
        #expect(
            try ReleaseSelection.latest.releases(from: reading.document, path: "x").map(\.version?.text) == ["1.1.0"])
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
