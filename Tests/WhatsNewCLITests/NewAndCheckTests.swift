import Foundation
import Testing
import WhatsNewTestSupport

/// `whatsnew new` writes a fragment lint accepts, under a name of its own; `whatsnew check`
/// tells a change that needs a note from one that does not, and trusts nothing a pull request
/// brings.
@Suite(.serialized) struct NewAndCheckTests {
    @Test func newWritesANoteUnderANameOfItsOwn() throws {
        let repository = try GitRepository(["CHANGELOG.md": FragmentWorkflowTests.notes])
        defer { repository.remove() }
        let first = try repository.whatsnew([
            "new", "--kind", "fix", "--body", "Ünïcode titles no longer crash the export.",
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let path = first.stdout.trimmingCharacters(in: .newlines)
        let name = try #require(path.split(separator: "/").last.map(String.init))
        // 20241124-223000-unicode-titles-no-longer-crash-the-1a2b.md
        let parts = name.dropLast(3).split(separator: "-")
        #expect(parts.count == 9 && parts[0].count == 8 && parts[1].count == 6 && parts[8].count == 4, "\(name)")
        #expect(parts[2...7].joined(separator: "-") == "unicode-titles-no-longer-crash-the")
        #expect(try repository.read(path) == "---\nkind: fix\n---\nÜnïcode titles no longer crash the export.\n")

        let again = try repository.whatsnew([
            "new", "--kind", "fix", "--body", "Ünïcode titles no longer crash the export.",
        ])
        #expect(again.stdout != first.stdout)

        let featured = try repository.whatsnew(
            [
                "new", "--kind", "added", "--title", "Night: Mode", "--icon", "🌙", "--summary", "Follows the system.",
                "--issue", "12",
                "--issue", "https://example.com/issues/13", "--breaking",
            ])
        #expect(featured.status == 0, "\(featured.stderr)")
        #expect(
            try repository.read(featured.stdout.trimmingCharacters(in: .newlines))
                == "---\nkind: added\ntitle: \"Night: Mode\"\nicon: 🌙\nsummary: Follows the system.\nissue: [12, https://example.com/issues/13]\nbreaking: true\n---\n"
        )
        #expect(featured.stdout.contains("-night-mode-"))

        let fromInput = try repository.whatsnew(["new", "--kind", "changed", "--body", "-"], stdin: "- 日本語のメモ\n")
        #expect(fromInput.status == 0)
        #expect(fromInput.stdout.contains("-changed-"), "a note with no Latin words is named by its kind")

        let wrong = try repository.whatsnew(["new", "--kind", "fixd", "--body", "x"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("unknown kind `fixd`; did you mean `fixed`? kinds are "))
        let noBody = try repository.whatsnew(["new", "--kind", "fixed"])
        #expect(noBody.status == 2 && noBody.stderr.contains("give the note with --body TEXT"))
        let heading = try repository.whatsnew(["new", "--kind", "fixed", "--body", "# Big news"])
        #expect(heading.status == 1 && heading.stderr.contains("a heading in a fragment would start a row"))
        // Four notes, and the README the first one put beside them.
        #expect(repository.files(in: ".changes").count == 5)
        #expect(try repository.read(".changes/README.md").hasPrefix("# Release notes in progress\n"))
        #expect(try repository.whatsnew(["lint"]).status == 0)
    }

    @Test func aNoteMayStartWithADashAsAMarkdownItemDoes() throws {
        let repository = try GitRepository(["CHANGELOG.md": FragmentWorkflowTests.notes])
        defer { repository.remove() }
        let item = try repository.whatsnew(["new", "--kind", "fixed", "--body", "- The list no longer flickers."])
        #expect(item.status == 0, "\(item.stderr)")
        #expect(
            try repository.read(item.stdout.trimmingCharacters(in: .newlines))
                == "---\nkind: fixed\n---\n- The list no longer flickers.\n")
        let featured = try repository.whatsnew([
            "new", "--kind", "added", "--title", "-42% launch time", "--summary", "--verbose is gone.",
        ])
        #expect(featured.status == 0, "\(featured.stderr)")
        #expect(
            try repository.read(featured.stdout.trimmingCharacters(in: .newlines)).contains(
                "title: \"-42% launch time\"\nsummary: \"--verbose is gone.\""))
        let release = try repository.whatsnew(["release", "1.4.0", "--date", "2024-05-02"])
        #expect(release.status == 0, "\(release.stderr)")
        #expect(try repository.read("CHANGELOG.md").contains("- The list no longer flickers.\n"))
    }

    /// `--issue 42` links to the project's repository when nothing is configured: here git's
    /// origin, whose credentials never reach the notes.
    @Test func aBareIssueLinksToTheRepositoryTheProjectHas() throws {
        let repository = try GitRepository(["CHANGELOG.md": FragmentWorkflowTests.notes])
        defer { repository.remove() }
        _ = try repository.git("remote", "add", "origin", "https://bot:t0ken@github.com/acme/inkwell.git")
        let new = try repository.whatsnew(["new", "--kind", "fixed", "--body", "A crash on launch.", "--issue", "42"])
        #expect(new.status == 0, "\(new.stderr)")
        let release = try repository.whatsnew(["release", "1.4.1", "--date", "2024-06-01"])
        #expect(release.status == 0, "\(release.stderr)")
        let notes = try repository.read("CHANGELOG.md")
        #expect(notes.contains("- A crash on launch. ([#42](https://github.com/acme/inkwell/issues/42))"), "\(notes)")
        #expect(!notes.contains("t0ken"))
    }

    @Test(.needs(ExternalTool.tmux, "tmux")) func newOpensTheEditorOnATerminal() throws {
        let repository = try GitRepository(["CHANGELOG.md": FragmentWorkflowTests.notes])
        defer { repository.remove() }
        try repository.write("editor.sh", "#!/bin/sh\nprintf 'Written in the editor.\\n' >> \"$1\"\n")
        chmod(repository.url.appendingPathComponent("editor.sh").path, 0o755)
        guard let tmux = try Tmux.start(columns: 120) else { return }
        defer { tmux.stop() }
        let binary = try #require(WhatsNewBinary.url).path
        try tmux.run(
            "cd \(repository.path) && EDITOR=./editor.sh \(binary) new --kind fixed && echo DO\"\"NE", until: "DONE")
        let files = repository.files(in: ".changes").filter { $0 != "README.md" }
        let screen = try tmux.capture()
        try #require(files.count == 1, "\(screen)")
        #expect(try repository.read(".changes/\(files[0])") == "---\nkind: fixed\n---\nWritten in the editor.\n")
        #expect(files[0].contains("-written-in-the-editor-"))
    }

    @Test func checkFollowsTheProjectAndLintsWhatItAdds() throws {
        let repository = try GitRepository([
            "CHANGELOG.md": FragmentWorkflowTests.notes, "Sources/App.swift": "let app = 1\n",
            ".whatsnew.yml": "fragments: notes/next\ncheck:\n  ignore: [\"Sources/Generated/**\", \"*.json\"]\n",
        ])
        defer { repository.remove() }
        try repository.git("checkout", "-q", "-b", "generated")
        try repository.write("Sources/Generated/Table.swift", "// generated\n")
        try repository.write("data/settings.json", "{}\n")
        #expect(try repository.whatsnew(["check"]).status == 0)
        try repository.write("Sources/App.swift", "let app = 2\n")
        #expect(try repository.whatsnew(["check"]).status == 1)

        // A note with an error fails the check, with where the error is.
        let new = try repository.whatsnew(["new", "--kind", "fixed", "--body", "Fine."])
        #expect(new.stdout.hasPrefix("notes/next/"))
        try repository.write("notes/next/20240101-000000-bad-0000.md", "---\nkind: fixd\n---\nBad.\n")
        let bad = try repository.whatsnew(["check"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("notes/next/20240101-000000-bad-0000.md:2:7: error: unknown kind `fixd`"))
        try FileManager.default.removeItem(
            at: repository.url.appendingPathComponent("notes/next/20240101-000000-bad-0000.md"))
        #expect(try repository.whatsnew(["check"]).status == 0)

        // A change listed in the notes' release in progress counts as a note; an edit that lists
        // none (a blank line) does not.
        try repository.git("checkout", "-q", "-f", "main")
        try repository.git("clean", "-qfd")
        try repository.write("Sources/App.swift", "let app = 3\n")
        try repository.write("CHANGELOG.md", FragmentWorkflowTests.notes + "\n")
        let blank = try repository.whatsnew(["check"])
        #expect(
            blank.status == 1 && blank.stderr.contains("touches Sources/App.swift but adds no release note"),
            "\(blank.stderr)")
        try repository.write(
            "CHANGELOG.md",
            FragmentWorkflowTests.notes.replacingOccurrences(
                of: "## [Unreleased]\n", with: "## [Unreleased]\n\n### Fixed\n\n- Exports keep their order.\n"))
        let direct = try repository.whatsnew(["check"])
        #expect(
            direct.status == 0 && direct.stderr.contains("lists a change in CHANGELOG.md's release in progress"),
            "\(direct.stderr)")
    }

    @Test func checkTrustsNoRefAndNoFragmentFromAPullRequest() throws {
        let repository = try GitRepository(["CHANGELOG.md": FragmentWorkflowTests.notes, "Sources/App.swift": "1\n"])
        defer { repository.remove() }
        // A base that git would read as an option names no commit, and nothing is written.
        let hostile = try repository.whatsnew(["check", "--base=--output=pwned"])
        #expect(hostile.status == 1)
        #expect(hostile.stderr.contains("--base --output=pwned names no commit"))
        #expect(!FileManager.default.fileExists(atPath: repository.url.appendingPathComponent("pwned").path))

        // A fragment that is a link to a file elsewhere is refused, and its target never read.
        try repository.write("secret.txt", "---\nkind: fixed\n---\nSECRET TOKEN\n")
        try FileManager.default.createDirectory(
            at: repository.url.appendingPathComponent(".changes"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repository.url.appendingPathComponent(".changes/20240101-000000-link-0000.md").path,
            withDestinationPath: repository.url.appendingPathComponent("secret.txt").path)
        let linked = try repository.whatsnew(["check"])
        #expect(linked.status == 1)
        #expect(linked.stderr.contains(".changes/20240101-000000-link-0000.md: error: is a symbolic link"))
        let render = try repository.whatsnew(["--release", "unreleased"])
        #expect(render.status == 1 && !render.stdout.contains("SECRET"))
        try FileManager.default.removeItem(
            at: repository.url.appendingPathComponent(".changes/20240101-000000-link-0000.md"))

        // Markup in a note reaches HTML escaped, and an address that is not a web address never
        // becomes a link.
        try repository.write(
            ".changes/20240101-000000-xss-0000.md",
            "---\nkind: added\ntitle: \"<img src=x onerror=alert(1)>\"\nsummary: \"Share <script>alert(1)</script> now.\"\n---\n"
        )
        let html = try repository.whatsnew(["--release", "unreleased", "--format", "html"])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(!html.stdout.contains("<script>") && !html.stdout.contains("<img src=x"))
        #expect(html.stdout.contains("&lt;img src=x onerror=alert(1)&gt;"), "the title is shown as written")
        try repository.write(
            ".changes/20240101-000001-link-0000.md", "---\nkind: fixed\nissue: \"javascript:alert(1)\"\n---\nX.\n")
        let link = try repository.whatsnew(["lint"])
        #expect(
            link.status == 1
                && link.stdout.contains("`javascript:alert(1)` is neither a number nor an http or https address"))
    }
}
