import Testing
import WhatsNewSchema

@testable import WhatsNewModel
@testable import WhatsNewReading
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// `show:` in a release's front matter (or the sheet's, for its `version:`): carried to the
/// JSON for an app's presentation policy, with curated rows' `priority:`.
struct ShowRuleTests {
    private let notes = """
        # Changelog

        ## [1.4.1] - 2024-05-09
        ---
        show: never
        build: 1250
        ---

        - Re-cut with the right icons.

        ## [1.4.0] - 2024-05-02

        ---
        show: always
        ---

        ---
        title: Passkeys
        kind: security
        priority: 2
        ---
        Sign in without a password.

        ## [1.3.0] - 2024-02-20

        - Faster export.
        """

    @Test func releasesSayWhetherAppsShowThem() throws {
        let reading = try Fixtures.read(notes)
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        #expect(reading.document.releases.map(\.show) == [.never, .always, nil])
        #expect(reading.document.releases.map(\.build) == ["1250", nil, nil])
        let presentation = try Presentation(
            reading.document, path: "CHANGELOG.md", options: SheetOptions(selection: .all))
        let sheet = JSONRenderer().sheet(presentation)
        #expect(sheet.releases.map(\.show) == [.never, .always, nil])
        #expect(sheet.releases[1].sections.map(\.priority) == [2])
        // Written only where the notes say, after `scheduled`; decoded as written.
        var json = ""
        JSONRenderer().render(presentation, to: &json)
        #expect(json.contains("\"show\":\"never\"") || json.contains("\"show\": \"never\""))
        #expect(json.components(separatedBy: "\"show\"").count == 3)
        #expect(json.components(separatedBy: "\"priority\"").count == 2)
    }

    @Test func theSheetsBlockSaysItForItsVersion() throws {
        let reading = try Fixtures.read(
            """
            ---
            title: Inkwell
            version: 2.0.0
            show: always
            ---

            ---
            icon: star
            title: Collections
            ---
            Group pens into collections.
            """)
        #expect(reading.errors.isEmpty)
        #expect(reading.document.releases.map(\.show) == [.always])
    }

    @Test func anythingButAlwaysOrNeverIsReportedWithTheNearest() throws {
        let reading = try Fixtures.read(
            """
            ## [1.0.0] - 2024-01-01
            ---
            show: allways
            ---

            - First.
            """)
        #expect(reading.document.releases.map(\.show) == [nil])
        #expect(reading.diagnostics.map(\.rule) == [.frontMatterValue])
        #expect(reading.diagnostics.first?.location.line == 3)
        #expect(
            reading.diagnostics.first?.message
                == "`show` takes `always` or `never`, not `allways`; did you mean `always`?")
    }
}
