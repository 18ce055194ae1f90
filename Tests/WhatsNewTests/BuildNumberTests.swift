import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading

/// Build numbers: where the notes give them, and which source wins.
struct BuildNumberTests {
    private func builds(_ reading: DocumentReader.Reading) -> [String?] { reading.document.releases.map(\.build) }

    @Test func aBlockUnderAReleaseHeadingNumbersThatRelease() throws {
        let reading = try Fixtures.read(
            """
            # Changelog

            ## [1.4.0] - 2024-05-02
            ---
            build: 1248
            ---

            ### Added

            - Offline sync.

            ## [1.3.0] - 2024-02-20

            ---
            build: "1100"
            ---

            - Faster export.

            ## [1.2.0] - 2024-01-02

            - Sharing.
            """)
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        #expect(builds(reading) == ["1248", "1100", nil])
        #expect(reading.document.releases.map(\.sparkleVersion) == ["1248", "1100", "1.2.0"])
        // The block is not content: 1.4.0 still has its one Added row, 1.3.0 its one row.
        #expect(reading.document.releases[0].sections.map(\.title) == ["Added"])
        #expect(reading.document.releases[1].sections.count == 1)
    }

    @Test func theSheetsBlockNumbersTheReleaseOfItsVersion() throws {
        let reading = try Fixtures.read(
            """
            ---
            title: Inkwell
            version: 2.0.0
            build: 2000
            ---

            ---
            icon: star
            title: Collections
            ---
            Group pens into collections.
            """)
        #expect(reading.errors.isEmpty)
        #expect(builds(reading) == ["2000"])
    }

    @Test func aBuildNoReleaseHeadingStandsAboveIsReported() throws {
        let reading = try Fixtures.read(
            """
            # Changelog

            ---
            build: 12
            ---

            ## [1.0.0] - 2024-01-01

            - First.
            """)
        #expect(builds(reading) == [nil])
        #expect(reading.diagnostics.map(\.rule) == [.buildOutsideRelease])
        #expect(reading.diagnostics.first?.severity == .warning)
        #expect(reading.diagnostics.first?.location.line == 3)
    }

    @Test func aReleaseBlockTakesOnlyReleaseKeys() throws {
        let reading = try Fixtures.read(
            """
            ## [1.0.0] - 2024-01-01
            ---
            build: 12
            icon: star
            ---

            - First.
            """)
        #expect(builds(reading) == ["12"])
        #expect(reading.diagnostics.map(\.rule) == [.frontMatterUnknownKey])
        #expect(reading.diagnostics.first?.message.contains("in a release's front matter") == true)
    }

    @Test func theCommandLineWinsOverTheNotesWhichWinOverTheProject() throws {
        var document = try Fixtures.read(
            """
            ## [1.1.0] - 2024-02-01
            ---
            build: 110
            ---

            - Second.

            ## [1.0.0] - 2024-01-01

            - First.
            """
        ).document
        let unmatched = BuildNumbers.apply(
            [("1.1.0", "9"), ("1.0.0", "100"), ("0.9", "90")], to: &document, overriding: false)
        #expect(document.releases.map(\.build) == ["110", "100"])
        #expect(unmatched == ["0.9"])
        BuildNumbers.apply([("1.1.0", "111")], to: &document, overriding: true)
        #expect(document.releases.map(\.build) == ["111", "100"])
    }
}
