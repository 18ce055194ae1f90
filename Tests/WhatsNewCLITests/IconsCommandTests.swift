import Foundation
import Testing

/// `whatsnew icons` and `--icons FILE`, run through the built binary.
struct IconsCommandTests {
    @Test func starListsTheStarFamily() throws {
        let run = try WhatsNewBinary.run(["icons", "star"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "SF Symbols")
        #expect(lines.contains("⭐  star"))
        #expect(lines.contains("🌟  star.circle.fill"))
        #expect(lines.contains("☆   star.slash"))
        #expect(lines.contains("Shortcodes"))
        #expect(lines.contains("⭐  :star:"))
        #expect(!run.stdout.contains("restart"))
    }

    @Test func onlyOneTable() throws {
        let run = try WhatsNewBinary.run(["icons", "ladybug", "--table", "symbols"])
        #expect(run.stdout == "SF Symbols\n🐞  ladybug\n🐞  ladybug.fill\n")
    }

    @Test func nothingFound() throws {
        let run = try WhatsNewBinary.run(["icons", "zzzqqq"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "whatsnew: no icon name contains `zzzqqq`\n")
    }

    @Test func iconMapFileReachesRenderLintAndListing() throws {
        let directory = try SharedFiles.scratchDirectory()
        let map = directory.appendingPathComponent("icons.yml")
        try "fixed: ant.fill\nquill.pen: \"🪶\"\n".write(to: map, atomically: true, encoding: .utf8)
        let notes = directory.appendingPathComponent("notes.md")
        try "## 1.0.0\n\n---\nicon: quill.pen\ntitle: Pens\n---\n\n### Fixed\n\n- a\n".write(
            to: notes, atomically: true, encoding: .utf8)

        let render = try WhatsNewBinary.run([notes.path, "--format", "json", "--icons", map.path])
        #expect(render.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(render.stdout.utf8)) as? [String: Any]
        let sections = (json?["releases"] as? [[String: Any]])?.first?["sections"] as? [[String: Any]]
        #expect(sections?.map { $0["icon"] as? String } == ["🪶", "🐜"])

        let lintWithout = try WhatsNewBinary.run(["lint", notes.path])
        #expect(lintWithout.stdout.contains("warning: unknown icon `quill.pen`"))
        let lintWith = try WhatsNewBinary.run(["lint", notes.path, "--icons", map.path])
        #expect(lintWith.status == 0)
        #expect(lintWith.stdout.isEmpty)

        let listing = try WhatsNewBinary.run(["icons", "quill", "--icons", map.path])
        #expect(listing.stdout.hasPrefix("SF Symbols\n🪶  quill.pen\n"))
    }

    @Test func badIconMapIsOneDiagnostic() throws {
        let directory = try SharedFiles.scratchDirectory()
        let map = directory.appendingPathComponent("icons.yml")
        try "fixed: [ant\n".write(to: map, atomically: true, encoding: .utf8)
        let run = try WhatsNewBinary.run([SharedFiles.fixture("examples", "keep-a-changelog"), "--icons", map.path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("\(map.path):2:1: error: not valid YAML"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
