import Foundation
import Testing
import WhatsNewTestSupport

/// `--format atom`: an Atom 1.0 feed of the newest dated releases, ids stable from run to run,
/// content that feed readers show without a stylesheet and that no note can put a script in.
struct AtomFeedTests {
    private static let hostile = """
        # Hostile\u{1B}[31m notes

        ## 2.0.0 - 2024-06-01

        <script>alert(1)</script> Intro <img src=x onerror=alert(2)> ]]> & done

        ### <b onmouseover=alert(3)>Fixed</b>

        - [click](javascript:alert(4)) and <a href="#" onclick="alert(5)">x</a>
        - `<script>` in code, and a bell \u{07} here

        ## 1.9.0

        - An undated release, which a feed cannot date.

        ## 1.8.0 - 2024-05-01

        - Older.
        """

    @Test func feedsMatchTheirGoldens() throws {
        try SharedFiles.checkGolden(example: "featured-changelog", ["--format", "atom"], "atom/featured-changelog.xml")
        let kac = try SharedFiles.checkGolden(
            example: "keep-a-changelog", ["--format", "atom", "--feed-url", "https://example.com/whats-new.xml"],
            "atom/keep-a-changelog.xml")
        // Three releases are out and dated; the empty unreleased heading is not an entry.
        #expect(kac.components(separatedBy: "<entry>").count - 1 == 3)
        #expect(kac.contains("<id>https://example.com/whats-new.xml#1.4.0</id>"))
        #expect(kac.contains("<link rel=\"self\" href=\"https://example.com/whats-new.xml\"/>"))
    }

    @Test func entriesLeaveOutWhatCannotBeDatedAndKeepTheirCount() throws {
        let run = try WhatsNewBinary.run(["-", "--format", "atom"], stdin: Self.hostile)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Version 2.0.0") && run.stdout.contains("Version 1.8.0"))
        #expect(!run.stdout.contains("1.9.0"))
        let one = try WhatsNewBinary.run(["-", "--format", "atom", "--entries", "1"], stdin: Self.hostile)
        #expect(one.stdout.components(separatedBy: "<entry>").count - 1 == 1 && one.stdout.contains("Version 2.0.0"))
        let bad = try WhatsNewBinary.run(
            ["-", "--format", "atom", "--feed-url", "javascript:alert(1)"], stdin: Self.hostile)
        #expect(bad.status == 2)
    }

    @Test(.needs(ExternalTool.feedparser, "feedparser (pip install feedparser)"))
    func feedReadersParseItAndNoNoteRunsAScript() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs: [(String, [String], String?)] = [
            (SharedFiles.fixture("examples", "featured-changelog"), [], nil),
            (SharedFiles.fixture("examples", "keep-a-changelog"), [], nil),
            (SharedFiles.fixture("translations", "CHANGELOG"), ["--locale", "ja"], nil),
            ("-", [], Self.hostile),
            ("-", [], Self.hostile),  // twice: the ids must not change
        ]
        var files: [String] = []
        for (index, (input, options, stdin)) in inputs.enumerated() {
            let run = try WhatsNewBinary.run([input, "--format", "atom"] + options, stdin: stdin)
            #expect(run.status == 0, "\(run.stderr)")
            let file = directory.appendingPathComponent("\(index).xml")
            try run.stdout.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let check = """
            import re, sys, feedparser
            ids = []
            for path in sys.argv[1:]:
                feed = feedparser.parse(path)
                assert not feed.bozo, (path, feed.bozo_exception)
                assert feed.version == "atom10", (path, feed.version)
                assert feed.entries, path
                for entry in feed.entries:
                    assert entry.id and entry.updated_parsed and entry.title, path
                    for content in entry.content:
                        html = content.value.lower()
                        assert "<script" not in html, (path, html)
                        assert not re.search(r"<[^>]*\\son[a-z]+\\s*=", html), (path, html)
                        assert "javascript:" not in html, (path, html)
                ids.append([entry.id for entry in feed.entries])
            assert ids[-1] == ids[-2], ids[-2:]
            print("ok", sum(len(each) for each in ids))
            """
        let (status, output, errors) = try Tool.run(["python3", "-c", check] + files)
        #expect(status == 0 && output.hasPrefix("ok"), "\(errors)")
    }
}
