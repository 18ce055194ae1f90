import Foundation
import Testing

@testable import WhatsNew

/// A changelog long enough that renderers share its releases out over the cores must come out
/// as if written in one go.
struct ParallelRenderingTests {
    /// 150 releases with categories, nested lists, links, code, emoji and CJK text.
    private static let markdown: String = {
        var text = "# Changelog\n\n"
        for index in (1...150).reversed() {
            text += "## [1.\(index).0] - 2024-01-\(index % 28 + 1)\n\n"
            if index % 3 == 0 { text += "### Added\n\n- New *thing* \(index) with `code` 🚀\n  - nested 修复\n\n" }
            text += "### Fixed\n\n- A fix for [#\(index)](https://example.com/\(index)) that wraps over the width "
            text += "of the terminal because it goes on and on.\n\n"
        }
        return text
    }()

    @Test func textInPartsIsTheTextOfAllLines() throws {
        let document = try Fixtures.read(Self.markdown).document
        #expect(document.releases.count == 150)
        for options in [TerminalOptions(width: 60), TerminalOptions(width: 100, styling: true, colorDepth: .trueColor)]
        {
            let renderer = TextSheetRenderer(options: options)
            let layout = SheetLayout(
                releases: document.releases, width: options.width, displayWidth: options.displayWidth)
            let whole = ANSIWriter(options: options).write(
                renderer.lines(document, releases: document.releases, layout: layout))
            #expect(renderer.render(document, releases: document.releases) == whole)
        }
    }

    @Test func jsonInPartsHoldsEveryReleaseInOrder() throws {
        let document = try Fixtures.read(Self.markdown).document
        let renderer = JSONRenderer()
        let json = renderer.render(document, releases: document.releases)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let releases = try #require(object["releases"] as? [[String: Any]])
        #expect(releases.count == 150)
        for (index, release) in document.releases.enumerated() {
            let alone = renderer.render(document, releases: [release])
            let single = try #require(try JSONSerialization.jsonObject(with: Data(alone.utf8)) as? [String: Any])
            let expected = try #require((single["releases"] as? [[String: Any]])?.first)
            #expect(NSDictionary(dictionary: releases[index]).isEqual(to: expected), "release \(index)")
        }
        // Pretty-printed as one writer would: no doubled commas or blank lines at the joins.
        #expect(!json.contains(",,") && !json.contains("\n\n") && !json.contains("[,"))
    }
}
