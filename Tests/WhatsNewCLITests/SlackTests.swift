import Foundation
import Testing
import WhatsNewTestSupport

/// `--format slack`: Block Kit JSON for an incoming webhook, which Slack's own models accept, in
/// which nothing the notes bring can mention anyone or disguise a link.
struct SlackTests {
    /// The blocks of a message, each as a dictionary.
    private func blocks(_ json: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["blocks"] as? [[String: Any]])
    }

    /// Every text of a message, wherever it stands.
    private func texts(_ json: String) throws -> [String] {
        try blocks(json).flatMap { block -> [String] in
            let text = (block["text"] as? [String: Any])?["text"] as? String
            let elements = (block["elements"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            return [text].compactMap { $0 } + elements
        }
    }

    private static let hostile = """
        ## [6.6.6](https://evil.example/x|click) - 2024-05-02

        Hi <!channel> & <!here>, see <https://evil.example|docs>.

        ### Fixed <@U123>

        - Ping <@U123> and <!subteam^S1> & friends
        - A link [docs](https://example.com/a|b) and `<!everyone>`
        """

    @Test func messagesMatchTheirGoldens() throws {
        try SharedFiles.checkGolden(
            example: "featured-changelog", ["--format", "slack"], "slack/featured-changelog.json")
        let all = try SharedFiles.checkGolden(
            example: "keep-a-changelog", ["--format", "slack", "--release", "all"], "slack/keep-a-changelog-all.json")
        let kinds = try blocks(all).compactMap { $0["type"] as? String }
        #expect(kinds.first == "header" && kinds.filter { $0 == "header" }.count == 3)
    }

    @Test func theNotesCannotMentionAnyoneOrDisguiseALink() throws {
        let run = try WhatsNewBinary.run(["-", "--format", "slack", "--release", "all"], stdin: Self.hostile)
        #expect(run.status == 0, "\(run.stderr)")
        let texts = try texts(run.stdout)
        let joined = texts.joined(separator: "\n")
        #expect(joined.contains("&lt;!channel&gt; &amp; &lt;!here&gt;"))
        #expect(joined.contains("&lt;@U123&gt;"))
        for text in texts {
            // Slack's markup starts at `<`; the notes' own never reaches the message.
            #expect(!text.contains("<"), "\(text)")
        }
        // The heading's link holds a `|`, so no link to the full notes is made from it.
        #expect(!joined.contains("evil.example/x"))
    }

    /// A row's prose and the list after it, nested items, code and a code block, as mrkdwn.
    @Test func aRowKeepsItsBulletsAndCode() throws {
        let notes = """
            ## 2.1.0 - 2024-05-02

            ### Changed

            The exporter was rewritten; `whatsnew export` now:

            - writes **one file** per locale
              - named by `locale`
            - keeps _every_ row

            ```
            whatsnew export --all
            ```
            """
        let run = try WhatsNewBinary.run(["-", "--format", "slack"], stdin: notes)
        #expect(run.status == 0, "\(run.stderr)")
        let row = try texts(run.stdout).first { $0.contains("*Changed*") }
        #expect(
            row == """
                🔄 *Changed*
                The exporter was rewritten; `whatsnew export` now:
                • writes *one file* per locale
                    ◦ named by `locale`
                • keeps _every_ row
                ```
                whatsnew export --all
                ```
                """)
    }

    @Test func theBlockLimitCountsWhatIsLeftOut() throws {
        let rows = (1...70).map { "---\ntitle: Row \($0)\nsummary: Summary \($0).\n---\n" }.joined(separator: "\n")
        let run = try WhatsNewBinary.run(["-", "--format", "slack"], stdin: "## 1.0.0 - 2024-05-02\n\n" + rows)
        #expect(run.status == 0, "\(run.stderr)")
        let blocks = try blocks(run.stdout)
        #expect(blocks.count == 50)
        let last = try #require(try texts(run.stdout).last)
        let shown = blocks.filter { $0["type"] as? String == "section" }.count
        #expect(last == "+\(70 - shown) more")
    }

    @Test(.needs(ExternalTool.slackSDK, "slack_sdk (pip install slack_sdk)"))
    func slacksOwnModelsAcceptTheMessages() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        let inputs: [(String, [String], String?)] = [
            (SharedFiles.fixture("examples", "featured-changelog"), [], nil),
            (SharedFiles.fixture("examples", "keep-a-changelog"), ["--release", "all"], nil),
            (SharedFiles.fixture("translations", "CHANGELOG"), ["--locale", "ja"], nil),
            ("-", ["--release", "all"], Self.hostile),
        ]
        for (index, (input, options, stdin)) in inputs.enumerated() {
            let run = try WhatsNewBinary.run([input, "--format", "slack"] + options, stdin: stdin)
            #expect(run.status == 0, "\(run.stderr)")
            let file = directory.appendingPathComponent("\(index).json")
            try run.stdout.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let check = """
            import json, sys
            from slack_sdk.models.blocks import Block
            for path in sys.argv[1:]:
                payload = json.load(open(path))
                blocks = Block.parse_all(payload["blocks"])
                assert len(blocks) == len(payload["blocks"]) <= 50, path
                for block in blocks:
                    block.validate_json()
            print("ok")
            """
        let (status, output, errors) = try Tool.run(["python3", "-c", check] + files)
        #expect(status == 0 && output.contains("ok"), "\(errors)")
    }
}
