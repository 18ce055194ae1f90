import Testing

@testable import WhatsNewEditing
@testable import WhatsNewModel
@testable import WhatsNewRendering

/// The three sample inputs the project's issues refer to, read as the core issue requires.
struct ExampleTests {
    @Test func curatedSheetIsOneRelease() throws {
        let reading = try Fixtures.read("examples", "inkwell-whats-new")
        #expect(reading.diagnostics.isEmpty)
        #expect(reading.document.title == "What's New in Inkwell")
        let release = try #require(reading.document.releases.only)
        #expect(release.version?.text == "2024.03")
        #expect(release.date?.iso == "2024-03-18")
        #expect(
            release.sections.map(\.icon) == [
                .symbol("star.circle.fill"), .symbol("square.and.arrow.up.fill"), .symbol("scroll.fill"),
                .symbol("ladybug.fill"),
            ])
        #expect(
            release.sections.map(\.title) == ["Favourites Filter", "Sharing Fix", "Brand List Cleanup", "Small Fixes"])
        #expect(release.sections.map(\.color) == ["yellow", "green", "blue", "red"])
        // A front-matter summary, or the body when there is none.
        #expect(release.sections[0].lead.plainText.hasPrefix("Tired of scrolling?"))
        #expect(
            release.sections[1].lead.plainText
                == "The share sheet now keeps the date you picked when exporting an ink swatch as an image.")
        #expect(MarkdownHTML.of(release.sections[1].content).contains("<strong>exporting</strong>"))
        // Lines are the file's own, front matter included.
        #expect(release.sections.map(\.line) == [7, 14, 21, 28])
    }

    @Test func keepAChangelog() throws {
        let reading = try Fixtures.read("examples", "keep-a-changelog")
        #expect(reading.diagnostics.isEmpty)
        let releases = reading.document.releases
        #expect(releases.map(\.version?.text) == [nil, "1.4.0", "1.3.1", "1.3.0"])
        #expect(releases[0].isUnreleased && releases[0].sections.isEmpty)
        #expect(releases[1].date?.iso == "2024-05-02")
        #expect(releases[1].summary?.plainText == "Offline sync arrives, and exports get faster.")
        #expect(releases[1].sections.map(\.title) == ["Added", "Fixed", "Security"])
        #expect(releases[1].sections.map(\.items.count) == [2, 2, 1])
        #expect(releases[1].sections.map(\.kind) == [.added, .fixed, .security])
        #expect(releases[2].sections.count == 1)
        #expect(releases[3].sections.map(\.title) == ["Changed", "Deprecated", "Removed"])
        // The reference link `[#212]` at the bottom of the file resolves.
        #expect(MarkdownHTML.of(releases[1].sections[1].content).contains("href=\"https://example.com/issues/212\""))
        #expect(releases[1].link == "https://example.com/compare/v1.3.1...v1.4.0")
    }

    @Test func featuredSectionsComeBeforeCategories() throws {
        let reading = try Fixtures.read("examples", "featured-changelog")
        #expect(reading.diagnostics.isEmpty)
        let releases = reading.document.releases
        #expect(reading.document.title == "Inkwell Release Notes")
        #expect(
            reading.document.icons == [
                IconOverride(key: "added", icon: .symbol("sparkles")),
                IconOverride(key: "fixed", icon: .symbol("ladybug.fill")),
            ])
        #expect(releases.map(\.version?.text) == ["2.0.0", "1.9.2"])
        #expect(releases[0].sections.map(\.title) == ["Collections", "Night Mode", "Added", "Fixed"])
        #expect(releases[0].sections[1].icon == .glyph("🌙"))
        #expect(releases[0].summary?.plainText == "Inkwell 2.0 is a big one. Here is what we think you will love:")
        #expect(releases[1].sections.map(\.title) == ["Fixed"])
    }

    @Test(arguments: Fixtures.names(in: "examples"))
    func jsonGolden(_ name: String) throws {
        try Golden.checkJSON(ofFixture: name, in: "examples")
    }
}

extension Collection {
    /// The single element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
