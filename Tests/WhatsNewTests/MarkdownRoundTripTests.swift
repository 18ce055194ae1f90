import Testing

@testable import WhatsNewModel
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// `--format markdown` read back by whatsnew gives the same releases, sections and items.
struct MarkdownRoundTripTests {
    struct Shape: Equatable, CustomStringConvertible {
        var version: String?
        var sections: [String]
        var items: [[String]]
        var description: String { "\(version ?? "-"): \(sections) \(items)" }
    }

    private func shape(_ releases: [Release]) -> [Shape] {
        releases.map { release in
            Shape(
                version: release.version?.text, sections: release.sections.map { $0.title ?? "-" },
                items: release.sections.map(\.items))
        }
    }

    private func readBack(_ markdown: String) throws -> [Release] {
        try Fixtures.read(markdown).document.releases
    }

    static let fixtures: [(String, String)] =
        Fixtures.names(in: "examples").map { ("examples", $0) }
        + Fixtures.names(in: "dialects").map { ("dialects", $0) }
        + Fixtures.names(in: "text").map { ("text", $0) }

    @Test(arguments: fixtures.map { "\($0.0)/\($0.1)" })
    func everyReleaseSurvives(_ fixture: String) throws {
        let parts = fixture.split(separator: "/").map(String.init)
        let document = try Fixtures.read(parts[0], parts[1]).document
        let renderer = MarkdownRenderer()
        // All releases at once, with release headings.
        if document.releases.count > 1 {
            let all = renderer.render(Presentation(document: document, releases: document.releases))
            #expect(shape(try readBack(all)) == shape(document.releases), "\(all)")
        }
        // Each release on its own, as a GitHub release body.
        for release in document.releases where !release.sections.isEmpty {
            let body = renderer.render(Presentation(document: document, releases: [release]))
            let back = try readBack(body)
            #expect(back.count == 1, "\(body)")
            #expect(shape(back).first?.sections == shape([release]).first?.sections, "\(body)")
            #expect(shape(back).first?.items == shape([release]).first?.items, "\(body)")
        }
    }

    @Test func referenceLinksBecomeInlineAndMarkupIsEscaped() throws {
        let markdown = """
            ## 1.0.0

            ### Fixed

            - See [the issue][1] and <https://example.com/x>.
            - Literal \\*stars\\*, \\_underscores\\_, \\`ticks\\`, \\[brackets\\] and a \\<tag\\>.
            - ``code with ` tick`` and **bold _mixed_**
            - 1\\. not a list, \\# not a heading

            [1]: https://example.com/issues/1 "Issue one"
            """
        let document = try Fixtures.read(markdown).document
        let body = MarkdownRenderer().render(Presentation(document: document, releases: document.releases))
        #expect(body.contains(#"[the issue](https://example.com/issues/1 "Issue one")"#))
        #expect(body.contains(#"\*stars\*"#))
        #expect(!body.contains("[1]:"))
        let back = try readBack(body)
        #expect(back.first?.sections.first?.items == document.releases.first?.sections.first?.items)
    }

    @Test func nestedListsQuotesAndCodeBlocks() throws {
        let markdown =
            "## 1.0.0\n\n### Changed\n\n- one\n  - nested\n    1. deep\n- two\n\n> quoted\n> lines\n\n```swift\nlet x = 1\n```\n"
        let document = try Fixtures.read(markdown).document
        let body = MarkdownRenderer().render(Presentation(document: document, releases: document.releases))
        #expect(
            body
                == "## 1.0.0\n\n### 🔄 Changed\n\n- one\n  - nested\n    1. deep\n- two\n\n> quoted\n> lines\n\n```swift\nlet x = 1\n```\n"
        )
        // No link for the version: no brackets, which would show as written.
        #expect(try readBack(body).first?.version?.text == "1.0.0")
    }

    /// A literal marker at an item's start is escaped once: `\\*` would show a backslash and
    /// open emphasis. Entities are escaped after `&` and a letter in any script, not an emoji.
    @Test func markersAtAnItemsStartAreEscapedOnce() throws {
        let markdown =
            "## 1.0.0\n\n### Fixed\n\n- \\*star first\n- \\# hash, 2\\) two, \\!\\[bang\n- &amp;x, &amp;é, &amp;😀\n"
        let document = try Fixtures.read(markdown).document
        let body = MarkdownRenderer().render(Presentation(document: document, releases: document.releases))
        #expect(body.contains("- \\*star first\n"), "\(body)")
        #expect(body.contains("- \\# hash, 2) two, \\!\\[bang\n"), "\(body)")
        #expect(body.contains("- \\&x, \\&é, &😀\n"), "\(body)")
        #expect(try readBack(body).first?.sections.first?.items == document.releases.first?.sections.first?.items)
    }
}
