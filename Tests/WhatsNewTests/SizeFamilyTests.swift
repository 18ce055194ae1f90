import Foundation
import Testing
import WhatsNewSchema

@testable import WhatsNewModel
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// Sheets fitted to a size family: golden text and JSON for every family on three fixtures,
/// and the budget's promises checked on each.
struct SizeFamilyTests {
    static let fixtures = [
        ("examples", "featured-changelog"), ("examples", "keep-a-changelog"), ("sizes", "wide-icons"),
    ]

    @Test(arguments: fixtures)
    func everyFamilyFitsItsBudget(group: String, name: String) throws {
        let reading = try Fixtures.read(group, name)
        let release = try #require(try ReleaseSelection.latest.releases(from: reading.document, path: name).first)
        var text = ""
        var json = ""
        for family in SizeFamily.allCases {
            let sized = RowBudget(family: family).apply(to: PresentedRelease(release))
            // Never more rows than the budget, and nothing unaccounted for.
            if family != .inline { #expect(sized.sections.count <= family.rows, "\(name) \(family)") }
            #expect(sized.sections.count + sized.omitted == release.sections.count, "\(name) \(family)")
            let lines = RowBudget(family: family).summaryLines(of: sized)
            #expect(lines.allSatisfy { $0 <= family.summaryLines }, "\(name) \(family): \(lines)")
            let options = TerminalOptions(width: family.width, styling: false)
            let sheet = TextSheetRenderer(options: options).render(
                Presentation(document: reading.document, releases: [sized]))
            #expect(
                sheet.split(separator: "\n").allSatisfy { DisplayWidth().of($0) <= family.width }, "\(name) \(family)")
            text += "=== \(family.rawValue) ===\n" + sheet
            json +=
                "=== \(family.rawValue) ===\n"
                + JSONRenderer().render(Presentation(document: reading.document, releases: [sized]))
        }
        Golden.check(text, against: "sizes/\(name).txt")
        Golden.check(json, against: "sizes/\(name).json")
    }

    @Test func featuredRowsComeFirstByPriorityThenBreakingChanges() throws {
        let reading = try Fixtures.read("sizes", "wide-icons")
        let release = reading.document.releases[0]
        let large = RowBudget(family: .large).apply(to: PresentedRelease(release))
        #expect(
            large.sections.map { $0.title ?? "" } == [
                "A Developer Mode for people who…", "日本語のメニュー", "Favourites",
                "Breaking Changes", "Added",
            ])
        #expect(large.omitted == 4)
        // The icon column is as wide as the widest icon shown; the rectangular family draws none wider than a cell.
        let rectangular = RowBudget(family: .rectangular).apply(to: PresentedRelease(release))
        #expect(rectangular.sections.allSatisfy { $0.appearance.icon == nil })
        let inline = RowBudget(family: .inline).apply(to: PresentedRelease(release))
        let line = TextSheetRenderer(options: TerminalOptions(width: SizeFamily.inline.width, styling: false))
            .render(Presentation(document: reading.document, releases: [inline]))
        #expect(line == "What's New in 3.0.0: A… +8\n")
    }

    /// A card fills the room its release leaves with the releases before it, each under its
    /// version, never past the card's room; the small card and the accessories show one.
    @Test func aCardFillsItsRoomWithEarlierReleases() throws {
        let reading = try Fixtures.read("examples", "keep-a-changelog")  // 1.4.0, 1.3.1, 1.3.0
        let releases = reading.document.releases.filter { $0.version != nil }
        let first = PresentedRelease(releases[0])
        let earlier = releases.dropFirst().map { PresentedRelease($0) }
        for family in SizeFamily.allCases {
            let shown = RowBudget(family: family).apply(to: first, filling: earlier)
            #expect(shown[0].version?.text == "1.4.0" && !shown[0].fills)
            #expect(shown.dropFirst().allSatisfy { $0.fills }, "\(family)")
            // Newest first, in the notes' order, each release's rows accounted for.
            #expect(shown.map { $0.version?.text ?? "" } == Array(["1.4.0", "1.3.1", "1.3.0"].prefix(shown.count)))
            for release in shown {
                let original = try #require(releases.first { $0.version == release.version })
                #expect(release.sections.count + release.omitted == original.sections.count)
            }
            switch family {
            case .large, .extraLarge: #expect(shown.count > 1, "\(family): room for an earlier release")
            case .small, .rectangular, .inline: #expect(shown.count == 1, "\(family)")
            case .medium: break
            }
        }
        // The whole sheet's options fill a card the same way, and the text names each under its version.
        let presentation = try Presentation(reading.document, path: "x", options: SheetOptions(size: .large))
        #expect(presentation.releases.count > 1 && presentation.releases.dropFirst().allSatisfy { $0.fills })
        let text = TextSheetRenderer(options: TerminalOptions(width: 44, styling: false)).render(presentation)
        #expect(text.hasPrefix("What's New in 1.4.0\n") && text.contains("\nVersion 1.3.1\n"), "\(text)")
        // A release shown alone by `--release all` is fitted, never filled.
        let all = try Presentation(reading.document, path: "x", options: SheetOptions(selection: .all, size: .large))
        #expect(!all.releases.contains { $0.fills })
    }

    @Test func summariesAreShortenedAtAWord() throws {
        let reading = try Fixtures.read("sizes", "wide-icons")
        let medium = RowBudget(family: .medium).apply(to: PresentedRelease(reading.document.releases[0]))
        let summary = try #require(medium.sections[0].summary?.plainText)
        #expect(summary.hasSuffix("…") && medium.isTruncated(row: 0))
        #expect(!summary.dropLast().hasSuffix(" "))
        let whole = "Turn it on in Settings to see each preset's raw values"
        #expect(whole.hasPrefix(String(summary.dropLast())), "\(summary)")
    }

    /// Shortening keeps a prefix of the text as written: a word longer than the line
    /// (`add_changelog_endpoint`) that the wrapper breaks is cut whole or kept whole, never
    /// split by a space, in every family.
    @Test func shorteningNeverInsertsCharacters() throws {
        let words = [
            "The", "add_changelog_endpoint", "is", "now", "documented,", "and",
            "supercalifragilisticexpialidocious_identifiers",
            "wrap", "at", "their", "edges;", "日本語のテキストも折り返されます", "as", "well.",
        ]
        for family in SizeFamily.allCases {
            let budget = RowBudget(family: family)
            for count in 1...words.count {
                let text = words.prefix(count).joined(separator: " ")
                for lines in 1...2 {
                    for measure in [8, 12, 20, 30] {
                        let (kept, truncated) = budget.shortened(text, lines: lines, measure: measure)
                        let stem = truncated ? String(kept.dropLast()) : kept
                        #expect(text.hasPrefix(stem), "\(family) \(measure): \(kept)")
                        #expect(truncated == (kept != text))
                        if truncated, stem.contains(" ") {
                            // Whole words, unless one word is wider than every line.
                            let next = text.dropFirst(stem.count).first
                            #expect(next == " " || next.map { ",;:.-".contains($0) } == true, "\(kept)")
                        }
                    }
                }
            }
        }
    }
}

extension RowBudget {
    /// How many lines each shown row's summary takes at the family's width.
    func summaryLines(of release: PresentedRelease) -> [Int] {
        let measure = SheetLayout(sections: release.sections, width: family.width, displayWidth: displayWidth).measure
        return release.sections.map { section in
            guard let text = section.summary?.plainText else { return 0 }
            return LineWrapper(width: displayWidth, measure: measure).wrap([Span(text)]).count
        }
    }
}
