import Foundation
import Synchronization
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

    /// Parts that finish out of order are handed on in order, each once, and each as soon as
    /// the parts before it are in.
    @Test func partsAreHandedOnInOrderAsSoonAsTheyCan() {
        let handOff = InOrderHandOff([Int]()) { $0.append($1) }
        for (part, handedOnAfter) in [(2, 0), (1, 0), (0, 3), (4, 3), (3, 5), (6, 5), (7, 5), (5, 8)] {
            handOff.finish(part, with: part * 10)
            #expect(handOff.handedOn == handedOnAfter, "after part \(part)")
        }
        #expect(handOff.takeOutput() == [0, 10, 20, 30, 40, 50, 60, 70])
        var seen: [Int] = []
        ParallelWork.forEach(parts: 300, into: &seen, { $0 }) { $0.append($1) }
        #expect(seen == Array(0..<300))
    }

    /// The background work runs while the foreground does: each waits for a sign from the
    /// other, which neither could give if they ran one after the other.
    @Test func workAlongsideRunsAtTheSameTime() {
        let (foregroundStarted, backgroundStarted) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let (background, foreground) = ParallelWork.alongside({
            backgroundStarted.signal()
            return foregroundStarted.wait(timeout: .now() + 10) == .success ? "yaml" : "waited in vain"
        }) {
            foregroundStarted.signal()
            return backgroundStarted.wait(timeout: .now() + 10) == .success ? "markdown" : "waited in vain"
        }
        #expect(background == "yaml")
        #expect(foreground == "markdown")
    }

    /// A sheet long enough for many parts, streamed to a sink, is the sheet rendered whole, and
    /// it reaches the sink in more than one piece.
    @Test func streamedSheetsAreTheSheetsRenderedWhole() throws {
        var markdown = "# Changelog\n\n"
        for index in (1...900).reversed() {
            markdown += "## [2.\(index).0] - 2025-02-\(index % 28 + 1)\n\n### Fixed\n\n- Fix \(index) 修复 🚀\n\n"
        }
        let document = try Fixtures.read(markdown).document
        let releases = document.releases
        #expect(releases.count == 900)
        let renderings: [(whole: [UInt8], streamed: (OutputSink) -> Void)] = [
            (
                HTMLRenderer().renderUTF8(document, releases: releases),
                { HTMLRenderer().render(document, releases: releases, to: $0) }
            ),
            (
                JSONRenderer().renderUTF8(document, releases: releases),
                { JSONRenderer().render(document, releases: releases, to: $0) }
            ),
            (
                TextSheetRenderer(options: TerminalOptions(width: 70)).renderUTF8(document, releases: releases),
                { TextSheetRenderer(options: TerminalOptions(width: 70)).render(document, releases: releases, to: $0) }
            ),
        ]
        for rendering in renderings {
            let received = Mutex<[[UInt8]]>([])
            rendering.streamed(OutputSink { bytes in received.withLock { $0.append(Array(bytes)) } })
            let pieces = received.withLock { $0 }
            #expect(pieces.count > 2)
            let streamed = Array(pieces.joined())
            #expect(streamed == rendering.whole, "\(streamed.count) bytes streamed, \(rendering.whole.count) whole")
        }
    }
}
