import Foundation
import Testing
import WhatsNewTestSupport

/// The sheet inside hosts that give no dark-mode signal (a box with only a background and a text
/// colour: dark, light, sepia, Solarized, translucent text), inside hosts that do, and in a light
/// host that asks for a dark sheet, in each engine, with the stylesheet as shipped and as an
/// engine without relative colour sees it. See
/// Browser/host_colours.py for what each failure means.
@Suite(.serialized) struct HostColourTests {
    private static let script = SharedFiles.tests.appendingPathComponent("WhatsNewCLITests/Browser/host_colours.py")

    /// A release with every kind of text the palette colours: titles, summaries, a link, code.
    private func fragment() throws -> URL {
        let directory = try SharedFiles.scratchDirectory()
        let notes = directory.appendingPathComponent("CHANGELOG.md")
        try """
        # Changelog

        ## 2.0.0 - 2026-03-01

        ### Added

        - Offline maps: see [the guide](https://example.com/guide) and run `lantern fetch --region alps`.

        ### Fixed

        - Search keeps the query when the map moves.

        """.write(to: notes, atomically: true, encoding: .utf8)
        let page = directory.appendingPathComponent("sheet.html")
        let run = try WhatsNewBinary.run([notes.path, "--format", "html", "--output", page.path])
        #expect(run.status == 0, "\(run.stderr)")
        return page
    }

    @Test(.needs(.chromium)) func chromiumFollowsTheHostsText() throws { try followsTheHostsText(.chromium) }
    @Test(.needs(.webkit)) func webKitFollowsTheHostsText() throws { try followsTheHostsText(.webkit) }
    @Test(.needs(.firefox)) func firefoxFollowsTheHostsText() throws { try followsTheHostsText(.firefox) }

    private func followsTheHostsText(_ engine: BrowserEngine) throws {
        let page = try fragment()
        for mode in ["follows", "fallback"] {
            guard
                let runs = try Browser.runs(
                    of: Self.script, engine, [mode, page.deletingLastPathComponent().path, page.path])
            else { return }
            // Ten hosts, each with the reader's system light and dark.
            #expect(runs.count == 20, "\(engine) \(mode)")
            for run in runs {
                let failures = run["failures"] as? [String] ?? ["no report"]
                #expect(failures.isEmpty, "\(engine) \(mode):\n\(failures.joined(separator: "\n"))")
            }
            let dark = runs.filter { ($0["sheetBackground"] as? String) == "rgb(28, 28, 30)" }.map {
                "\($0["host"]!) \($0["scheme"]!)"
            }
            if mode == "follows" {
                // Every dark host, signal or none, whatever the reader's system says, and the light
                // host that asks for a dark sheet.
                let hosts = ["dark", "translucent-light-text", "solarized-dark", "signalled-dark", "forced-dark"]
                #expect(
                    Set(dark) == Set(hosts.flatMap { ["\($0) light", "\($0) dark"] }), "\(engine): \(dark.sorted())")
            } else {
                // Without relative colour, only the hosts that say so.
                let hosts = ["signalled-dark", "forced-dark"]
                #expect(
                    Set(dark) == Set(hosts.flatMap { ["\($0) light", "\($0) dark"] }), "\(engine): \(dark.sorted())")
            }
        }
    }
}
