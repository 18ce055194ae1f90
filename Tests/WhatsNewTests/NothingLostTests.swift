import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// Nothing a changelog lists is dropped: every list item cmark finds after the first release
/// heading (at any depth) is in the JSON an app gets, markers aside, unless it is a
/// placeholder such as `None.`.
struct NothingLostTests {
    static let fixtures = ["examples", "dialects", "text"].flatMap { group in
        Fixtures.names(in: group).map { "\(group)/\($0)" }
    }

    @Test(arguments: fixtures)
    func everyListItemIsInTheJSON(_ fixture: String) throws {
        let parts = fixture.split(separator: "/").map(String.init)
        let source = try Fixtures.source(parts[0], parts[1])
        let reading = DocumentReader().read(source)
        guard let first = reading.document.releases.first else { return }
        let blocks = MarkdownParser().parse(FrontMatterSplitter(path: source.path).split(source.bytes).markdown)
        let sheet = JSONRenderer().sheet(Presentation(document: reading.document, releases: reading.document.releases))
        let shown = Self.letters(
            sheet.releases.flatMap { release in
                [release.summary ?? ""] + release.sections.flatMap { [$0.summary ?? "", Self.text(ofHTML: $0.html)] }
            }.joined(separator: " "))
        for item in Self.items(in: blocks) where item.line >= first.line && !Placeholder.matches(item) {
            guard let opening = item.blocks.first.flatMap(PlainText.of) else { continue }
            // The end of the item's first block: a kind marker may have been taken off its start.
            let letters = Self.letters(opening)
            let tail = String(letters.suffix(min(24, letters.count * 2 / 3)))
            #expect(tail.isEmpty || shown.contains(tail), "line \(item.line): \(opening)")
        }
    }

    /// Every list item, nested ones included.
    private static func items(in blocks: [Block]) -> [ListItem] {
        blocks.flatMap { block -> [ListItem] in
            switch block.content {
            case .list(let list): list.items.flatMap { [$0] + items(in: $0.blocks) }
            case .blockQuote(let inner): items(in: inner)
            default: []
            }
        }
    }

    /// Lowercase letters and digits only, so markup and spacing do not matter.
    private static func letters(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    /// The text of cmark's HTML: tags dropped, the few entities it writes decoded.
    private static func text(ofHTML html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
    }
}
