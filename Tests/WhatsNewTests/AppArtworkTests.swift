import Foundation
import Testing
import WhatsNewSchema

@testable import WhatsNewModel
@testable import WhatsNewReading
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// What an app draws in a row's icon column: its own image named in front matter, an SF Symbol
/// whatsnew knows, or the glyph; never a name no table knows, which would draw nothing there.
struct AppArtworkTests {
    private let notes = """
        ---
        icons:
          wand.and.rays.inverse: "🪄"
        ---

        ## [2.0.0] - 2024-09-30

        ---
        image: CollectionsHero
        icon: 🗂️
        title: Collections
        summary: Group pens and inks.
        ---

        ---
        image: SyncBadge
        title: Sync
        summary: Everywhere at once.
        ---

        ---
        icon: wand.and.rays.inverse
        title: Magic
        summary: A symbol newer than whatsnew's table, named in `icons:`.
        ---

        ---
        icon: stra.fill
        title: Typo
        summary: Not a symbol anywhere.
        ---
        """

    @Test func eachRowSaysWhatKindOfIconItIs() throws {
        let reading = try Fixtures.read(notes)
        let presentation = try Presentation(reading.document, path: "CHANGELOG.md", options: SheetOptions())
        let rows = JSONRenderer().sheet(presentation).releases[0].sections
        #expect(
            rows.map(\.artwork) == [
                .image("CollectionsHero"), .image("SyncBadge"), .symbol("wand.and.rays.inverse"), .glyph("•"),
            ])
        // Where the app's image cannot be drawn, the row's own icon, or one neutral glyph.
        #expect(rows.map(\.icon) == ["🗂️", "•", "🪄", "•"])
        #expect(rows.map(\.symbol) == [nil, nil, "wand.and.rays.inverse", nil])
        // Lint says where the typo is; the image names are the app's to know.
        let lint = Linter().check(reading.document, path: "notes.md").map(\.message)
        #expect(
            lint == [
                "unknown icon `stra.fill`, shown as • and not given to apps as a symbol; did you mean `star.fill` or `stop.fill` or `tray.fill`?"
            ])
        var json = ""
        JSONRenderer().render(presentation, to: &json)
        #expect(json.components(separatedBy: "\"image\"").count == 3, "written only where set")
    }
}

/// IconsAndColors.md's table of kinds is the one the code applies: every kind, with its symbol,
/// glyph and colour, so an app developer reading it draws what whatsnew draws.
struct KindTableTests {
    @Test func theArticlesTableHasEveryKindAsTheCodeStylesIt() throws {
        let article = DocumentationExamplesTests.sources.appendingPathComponent(
            "WhatsNew/WhatsNew.docc/IconsAndColors.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        var rows: [String: [String]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells
        }
        for kind in SectionKind.allCases {
            let row = try #require(rows[kind.rawValue], "IconsAndColors.md has no row for `\(kind.rawValue)`")
            let glyph = IconCatalog.builtIn.resolve(.symbol(kind.defaultSymbol)).glyph
            #expect(row == ["`\(kind.rawValue)`", "`\(kind.defaultSymbol)`", glyph, kind.defaultColor.rawValue])
        }
    }
}
