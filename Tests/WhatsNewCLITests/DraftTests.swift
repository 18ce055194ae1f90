import Foundation
import Testing

/// Notes drafted from commits, in a real git repository whose history is written here: forty
/// commits of every type, `!` and both footer spellings, scopes naming packages and not, reverts
/// of drafted and of released changes, merge and squash commits, a commit bringing its own
/// fragment, co-authors, a message that is not conventional, and messages carrying terminal
/// escapes, YAML and Markdown. Dates and names are fixed, so every commit, and so every drafted
/// file's name, is the same on every run.
@Suite(.serialized) struct DraftTests {
    /// A repository built commit by commit at fixed times.
    struct History {
        let repository: GitRepository
        var clock = 1_790_000_000

        init() throws {
            repository = try GitRepository(empty: ())
        }

        /// Commits everything with `message` at the next minute; returns the commit.
        @discardableResult
        mutating func commit(_ message: String, files: [String: String] = [:]) throws -> String {
            for (path, text) in files { try repository.write(path, text) }
            clock += 60
            try git(["add", "-A"])
            try git(["commit", "-q", "--allow-empty", "-m", message])
            return try git(["rev-parse", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// git at this history's time.
        @discardableResult
        func git(_ arguments: [String]) throws -> WhatsNewBinary.Run {
            let date = "@\(clock) +0000"
            let run = try WhatsNewBinary.execute(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "GIT_AUTHOR_DATE=\(date)", "GIT_COMMITTER_DATE=\(date)", "git", "-c", "user.email=dev@example.com",
                    "-c", "user.name=Dev",
                ]
                    + arguments,
                in: repository.url)
            try #require(run.status == 0, "git \(arguments.joined(separator: " ")): \(run.stderr)")
            return run
        }

        /// A change to a file in `folder`, so the commit touches that package.
        func touch(_ folder: String) -> [String: String] { ["\(folder)/Sources.txt": "\(clock)\n"] }
    }

    static let settings = """
        packages:
          core:
            folder: Core
            tag: "core-v{version}"
          app:
            folder: App
            tag: "app-v{version}"

        """

    static func notes(_ item: String) -> String {
        "# Changelog\n\n## [1.0.0] - 2026-09-01\n\n### Added\n\n- \(item)\n"
    }

    /// The forty commits (and the two tags before them).
    static func history() throws -> History {
        var history = try History()
        try history.commit(
            "Start",
            files: [
                // The core's notes credit people; the app's do not.
                ".whatsnew.yml": settings, "Core/CHANGELOG.md": notes("The core.") + "\n### Contributors\n\n- Dev\n",
                "App/CHANGELOG.md": notes("The app."),
                "README.md": "# Demo\n",
            ])
        let released = try history.commit("feat(core): released thing", files: history.touch("Core"))
        try history.git(["tag", "core-v1.0.0"])
        try history.git(["tag", "app-v1.0.0"])
        // 1–6: every shown type, with and without scopes naming packages.
        try history.commit("feat(core): tables in the reader", files: history.touch("Core"))
        try history.commit("fix(app): crash on launch (#21)", files: history.touch("App"))
        try history.commit("feat(parser): read footnotes", files: history.touch("Core"))
        try history.commit(
            "fix: both sides agree", files: history.touch("Core").merging(history.touch("App")) { a, _ in a })
        try history.commit("perf(core): faster layout", files: history.touch("Core"))
        try history.commit("docs(app): explain the sheet", files: history.touch("App"))
        // 7–12: types users never see.
        for type in ["chore", "ci", "test", "refactor", "style", "build"] {
            try history.commit("\(type)(core): \(type) work", files: history.touch("Core"))
        }
        // 13–15: breaking, by `!` and by both footer spellings.
        try history.commit("feat(core)!: a new API for sheets", files: history.touch("Core"))
        try history.commit(
            "fix(app): handle a missing title\n\nBREAKING CHANGE: `App.run` takes options now;\nthe old call is gone.",
            files: history.touch("App"))
        try history.commit(
            "refactor(core): rename\n\nBREAKING-CHANGE: `Sheet.rows` is `Sheet.items`.", files: history.touch("Core"))
        // 16–17.
        try history.commit("deprecate(core): the old initialiser", files: history.touch("Core"))
        try history.commit("security(app): escape titles\n\nCloses #44", files: history.touch("App"))
        // 18–19: a change and its revert in the same range: neither has a note.
        let doomed = try history.commit("feat(app): a short-lived idea", files: history.touch("App"))
        try history.commit(
            "Revert \"feat(app): a short-lived idea\"\n\nThis reverts commit \(doomed).", files: history.touch("App"))
        // 20: a revert of a released change: a fixed row.
        try history.commit(
            "Revert \"feat(core): released thing\"\n\nThis reverts commit \(released).", files: history.touch("Core"))
        // 21–23: a pull request merged with a merge commit, two commits on its branch.
        try history.git(["checkout", "-q", "-b", "dark"])
        try history.commit("feat(app): dark mode", files: history.touch("App"))
        try history.commit("fix(app): dark mode contrast", files: history.touch("App"))
        try history.git(["checkout", "-q", "main"])
        try history.commit("fix(core): rounding of widths", files: history.touch("Core"))
        history.clock += 60
        try history.git(["merge", "-q", "--no-ff", "dark", "-m", "Merge pull request #30 from dev/dark\n\nDark mode"])
        // 24: a squash merge.
        try history.commit("feat(core): squashed feature (#31)", files: history.touch("Core"))
        // 25: a commit that brings its own note.
        try history.commit(
            "feat(app): with a note of its own",
            files: history.touch("App").merging([
                ".changes/20260901-000000-a-note-of-its-own-abcd.md":
                    "---\nkind: added\npackages: [app]\ntitle: Widgets\nsummary: On the home screen.\n---\n"
            ]) { a, _ in a })
        // 26: co-authors.
        try history.commit(
            "fix(core): a shared fix\n\nCo-authored-by: Grace Hopper <grace@example.com>", files: history.touch("Core"))
        // 27: not a conventional commit.
        try history.commit("Update the readme", files: ["README.md": "# Demo, again\n"])
        // 28: terminal escapes, which no note may carry: said and skipped.
        try history.commit(
            "fix(core): red \u{1B}[31malert\u{1B}[0m and \u{1B}]0;title\u{07}", files: history.touch("Core"))
        // 29–30: YAML and Markdown that must stay text.
        try history.commit("feat(core): \"quoted\": value: - [yes] # not a comment", files: history.touch("Core"))
        try history.commit(
            "fix(app): <script>alert(1)</script> and [a link](javascript:alert(1)) *stay* text",
            files: history.touch("App"))
        // 31: a scope naming no package, touching no package's folder.
        try history.commit("feat(docs-site): a new theme", files: ["README.md": "# Demo, themed\n"])
        // 32–33: a branch whose commits are not conventional, merged under a conventional title.
        try history.git(["checkout", "-q", "-b", "widgets"])
        try history.commit("wip", files: history.touch("App"))
        try history.git(["checkout", "-q", "main"])
        history.clock += 60
        try history.git([
            "merge", "-q", "--no-ff", "widgets", "-m",
            "Merge pull request #40 from dev/widgets\n\nfeat(app): widgets on the lock screen",
        ])
        // 34–35: the same change twice (a cherry-pick): one note.
        try history.commit("fix(core): same fix twice", files: history.touch("Core"))
        try history.commit("fix(core): same fix twice", files: history.touch("Core"))
        // 36–40.
        try history.commit("deps(core): update Yams to 6.0", files: history.touch("Core"))
        try history.commit("feat(app)!: drop iOS 16", files: history.touch("App"))
        try history.commit("Feat(core): capitalised types read the same", files: history.touch("Core"))
        try history.commit("feat(core): `code spans` stay code", files: history.touch("Core"))
        // A commit that lists a second change in its body, as release-please reads them.
        try history.commit(
            "feat(core): several changes\n\nfix(core): a second change, listed in the body",
            files: history.touch("Core"))
        try history.commit("chore(release): prepare", files: history.touch("Core"))
        return history
    }

    @Test func aHistoryDraftsItsGoldenFragmentsOnce() throws {
        let history = try Self.history()
        let repository = history.repository
        defer { repository.remove() }
        let count = try history.git(["rev-list", "--count", "core-v1.0.0..HEAD"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(Int(count) ?? 0 >= 40)

        let dry = try repository.whatsnew(["draft", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        try SharedFiles.checkGolden(dry.stdout, "drafts/dry-run.txt")
        #expect(
            repository.files(in: ".changes") == ["20260901-000000-a-note-of-its-own-abcd.md"],
            "a dry run writes nothing")
        // The escapes are said, escaped, with the commit; the scope without a package too.
        #expect(dry.stderr.contains("warning: skipped \"fix(core): red \\u{1B}[31malert"), "\(dry.stderr)")
        #expect(!dry.stderr.contains("\u{1B}"))
        #expect(dry.stderr.contains("commits: warning: 1 commit concerns no package"), "\(dry.stderr)")

        let written = try repository.whatsnew(["draft"])
        #expect(written.status == 0, "\(written.stderr)")
        let drafted = repository.files(in: ".changes").filter {
            $0.hasSuffix(".md") && $0 != "README.md" && !$0.contains("abcd")
        }
        #expect(written.stdout == drafted.map { ".changes/\($0)\n" }.joined())
        var files = ""
        for name in drafted { files += "== \(name)\n" + (try repository.read(".changes/\(name)")) }
        try SharedFiles.checkGolden(files, "drafts/fragments.txt")
        // Every drafted note is a fragment lint takes as it is.
        let lint = try repository.whatsnew(["lint", "--package", "all"])
        #expect(!lint.stderr.contains("error:"), "\(lint.stderr)")

        let before = repository.files(in: ".changes")
        let again = try repository.whatsnew(["draft"])
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr.contains("drafted 0 notes"), "\(again.stderr)")
        #expect(repository.files(in: ".changes") == before)
    }

    @Test func releaseDraftGivesTheGoldenReleaseInOneStep() throws {
        let history = try Self.history()
        let repository = history.repository
        defer { repository.remove() }
        let run = try repository.whatsnew(["release", "auto", "--draft", "--package", "all", "--date", "2026-11-28"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == "package=core version=2.0.0 tag=core-v2.0.0\npackage=app version=2.0.0 tag=app-v2.0.0\n",
            "\(run.stdout)")
        let notes =
            "== Core/CHANGELOG.md\n" + (try repository.read("Core/CHANGELOG.md")) + "== App/CHANGELOG.md\n"
            + (try repository.read("App/CHANGELOG.md"))
        try SharedFiles.checkGolden(notes, "drafts/release.md")
        // The fragment a commit brought was released and removed; no draft was ever a file.
        #expect(repository.files(in: ".changes").filter { $0 != "README.md" }.isEmpty)
    }

    @Test func aRevertTakesBackADraftAlreadyWritten() throws {
        var history = try History()
        let repository = history.repository
        defer { repository.remove() }
        try history.commit("Start", files: ["CHANGELOG.md": Self.notes("First.")])
        try history.git(["tag", "v1.0.0"])
        let idea = try history.commit("feat: an idea", files: ["a.txt": "a\n"])
        try history.commit("fix: a fix", files: ["b.txt": "b\n"])
        #expect(try repository.whatsnew(["draft"]).status == 0)
        try history.commit("docs: notes drafted")
        try history.commit("Revert \"feat: an idea\"\n\nThis reverts commit \(idea).", files: ["a.txt": ""])
        let dry = try repository.whatsnew(["draft", "--dry-run"])
        #expect(
            dry.stdout.contains("would remove .changes/") && dry.stdout.contains("an-idea-\(idea.prefix(10)).md"),
            "\(dry.stdout)")
        let run = try repository.whatsnew(["draft"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(repository.files(in: ".changes").contains { $0.contains("an-idea") } == false)
        #expect(repository.files(in: ".changes").contains { $0.contains("a-fix") })
        // Released with `--draft`, what is left is the fix alone.
        let release = try repository.whatsnew(["release", "auto", "--draft", "--date", "2026-11-28"])
        #expect(release.status == 0, "\(release.stderr)")
        #expect(try repository.read("CHANGELOG.md").contains("## [1.0.1] - 2026-11-28\n\n### Fixed\n\n- A fix\n"))
    }

    /// git's default history simplification drops a side branch whose merge leaves the notes
    /// folder as it was; the commits on it still wrote (and then deleted) their notes.
    @Test func aNoteWrittenAndDeletedOnAMergedBranchIsNotDraftedAgain() throws {
        var history = try History()
        let repository = history.repository
        defer { repository.remove() }
        try history.commit("Start", files: ["CHANGELOG.md": Self.notes("First."), ".changes/README.md": "Notes.\n"])
        try history.git(["tag", "v1.0.0"])
        try history.git(["checkout", "-q", "-b", "topic"])
        try history.commit(
            "feat: export to PDF",
            files: [".changes/20260901-120000-export-ab12.md": "---\nkind: added\n---\nExport to PDF.\n"])
        try repository.git(["rm", "-q", ".changes/20260901-120000-export-ab12.md"])
        try history.commit("chore: the export note was noise")
        try history.git(["checkout", "-q", "main"])
        try history.commit("fix: a crash on launch", files: ["a.txt": "a\n"])
        try history.git(["merge", "-q", "--no-ff", "topic", "-m", "Merge branch 'topic'"])
        let dry = try repository.whatsnew(["draft", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("a-crash-on-launch"), "\(dry.stdout)")
        #expect(!dry.stdout.contains("export"), "\(dry.stdout)")
    }
    @Test func theSettingsMapTypesToKindsOrSkipThem() throws {
        var history = try History()
        let repository = history.repository
        defer { repository.remove() }
        let settings =
            "kinds:\n  ui: { title: Interface, bump: minor }\ncommits:\n  chore: internal\n  docs: skip\n  ui: ui\n"
        try history.commit("Start", files: ["CHANGELOG.md": Self.notes("First."), ".whatsnew.yml": settings])
        try history.git(["tag", "v1.0.0"])
        try history.commit("chore: tidy the build", files: ["a.txt": "a\n"])
        try history.commit("docs: a guide", files: ["b.txt": "b\n"])
        try history.commit("ui: rounder buttons", files: ["c.txt": "c\n"])
        try history.commit("ci: cache", files: ["d.txt": "d\n"])
        let run = try repository.whatsnew(["draft", "--dry-run"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("kind: internal\n  ---\n  Tidy the build\n"), "\(run.stdout)")
        #expect(run.stdout.contains("kind: ui\n  ---\n  Rounder buttons\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("guide") && !run.stdout.contains("Cache"))
        #expect(run.stderr.contains("would draft 2 notes from 4 commits (2 of types users never see)"), "\(run.stderr)")
        // A kind no one defined is the settings' error, at its line.
        try repository.write(".whatsnew.yml", settings + "  perf: nonsense\n")
        let wrong = try repository.whatsnew(["draft", "--dry-run"])
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr.contains(
                ".whatsnew.yml:7:9: error: `perf` commits would make notes of kind `nonsense`, which is no kind"),
            "\(wrong.stderr)")
    }

    /// Shapes a first review found notes lost in: each keeps or takes back exactly its notes.
    @Test func revertsSquashesAndReappliesTakeBackExactlyTheirNotes() throws {
        var history = try History()
        let repository = history.repository
        defer { repository.remove() }
        try history.commit("Start", files: ["CHANGELOG.md": Self.notes("First.") + "\n### Contributors\n\n- Dev\n"])
        try history.git(["tag", "v1.0.0"])
        // A squash whose body lists a revert among its branch's commits is no revert.
        try history.commit(
            "feat: dark mode (#31)\n\n* feat: dark mode\n\n* Revert \"wip\"\n\nThis reverts commit 1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b.",
            files: ["a.txt": "a\n"])
        // A revert of a merge takes back what the merge brought in.
        try history.git(["checkout", "-q", "-b", "pr"])
        try history.commit("feat: merged feature", files: ["b.txt": "b\n"])
        try history.git(["checkout", "-q", "main"])
        history.clock += 60
        try history.git(["merge", "-q", "--no-ff", "pr", "-m", "Merge pull request #50 from x/pr"])
        history.clock += 60
        try history.git(["revert", "--no-edit", "-m", "1", "HEAD"])
        // A revert of a revert brings the change back.
        try history.commit("feat: reapplied", files: ["c.txt": "c\n"])
        history.clock += 60
        try history.git(["revert", "--no-edit", "HEAD"])
        history.clock += 60
        try history.git(["revert", "--no-edit", "HEAD"])
        // A revert of a commit with two notes takes back both.
        try history.commit("feat: main change\n\nfix: extra change", files: ["d.txt": "d\n"])
        history.clock += 60
        try history.git(["revert", "--no-edit", "HEAD"])
        // A commit that only touches the folder's README still needs its note.
        try history.commit("feat: important", files: [".changes/README.md": "Notes.\n", "e.txt": "e\n"])
        // Names that YAML's flow lists would split.
        try history.git([
            "-c", "user.name=Smith, John [Jr.]", "commit", "-q", "--allow-empty", "-m",
            "fix: by John\n\nCo-authored-by: Doe, Jane <j@example.com>",
        ])

        let run = try repository.whatsnew(["draft"])
        #expect(run.status == 0, "\(run.stderr)")
        let notes = try repository.files(in: ".changes").filter { $0 != "README.md" }.map {
            try repository.read(".changes/\($0)")
        }
        let texts = notes.map { $0.split(separator: "\n").last.map(String.init) ?? "" }.sorted()
        #expect(texts == ["By John", "Dark mode", "Important", "Reapplied"], "\(texts)")
        let john = try #require(notes.first { $0.contains("By John") })
        #expect(john.contains("authors: [\"Smith, John [Jr.]\", \"Doe, Jane\"]"), "\(john)")
        let release = try repository.whatsnew(["release", "auto", "--dry-run"])
        #expect(
            release.stdout.contains("### Contributors\n\n- Dev\n- Smith, John \\[Jr.\\]\n- Doe, Jane\n"),
            "\(release.stdout)")
    }

    @Test func packagesShareTheNoteOfACommitThatTouchesBoth() throws {
        var history = try History()
        let repository = history.repository
        defer { repository.remove() }
        try history.commit(
            "Start",
            files: [
                ".whatsnew.yml": "packages:\n  core: Core\n  app: App\n", "Core/CHANGELOG.md": Self.notes("Core."),
                "App/CHANGELOG.md": Self.notes("App."),
            ])
        try history.git(["tag", "core-v1.0.0"])
        try history.git(["tag", "app-v1.0.0"])
        try history.commit(
            "feat: touches both\n\nfix: a second change in both", files: ["Core/a.txt": "a\n", "App/a.txt": "a\n"])
        try history.commit("fix(app): the app alone", files: ["App/b.txt": "b\n"])
        // Drafted from the core's folder, the shared notes name both packages; the app's own waits.
        let core = try WhatsNewBinary.run(["draft"], in: repository.url.appendingPathComponent("Core"))
        #expect(core.status == 0, "\(core.stderr)")
        let written = try repository.files(in: ".changes").filter { $0 != "README.md" }.map {
            try repository.read(".changes/\($0)")
        }
        #expect(written.count == 2 && written.allSatisfy { $0.contains("packages: [core, app]") }, "\(written)")
        let rest = try repository.whatsnew(["draft"])
        #expect(
            rest.stdout.split(separator: "\n").count == 1 && rest.stdout.contains("the-app-alone"), "\(rest.stdout)")
    }

    @Test func aRepositoryWithoutCommitsHasNothingToDraft() throws {
        let repository = try GitRepository(empty: ())
        defer { repository.remove() }
        try repository.write("CHANGELOG.md", "# Changelog\n")
        let run = try repository.whatsnew(["draft"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("drafted 0 notes from 0 commits"), "\(run.stderr)")
    }

    @Test func withoutAReleaseTagDraftingSaysWhatToDo() throws {
        var history = try History()
        let repository = history.repository
        defer { repository.remove() }
        try history.commit("Start", files: ["CHANGELOG.md": Self.notes("First.")])
        try history.commit("feat: something", files: ["a.txt": "a\n"])
        let run = try repository.whatsnew(["draft"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("has no tag v1.0.0 here") && run.stderr.contains("--since REF"), "\(run.stderr)")
        #expect(try repository.whatsnew(["draft", "--all"]).status == 0)
        let bad = try repository.whatsnew(["draft", "--since=--upload-pack=touch /tmp/x"])
        #expect(bad.status != 0 && bad.stderr.contains("--since names no commit"), "\(bad.stderr)")
    }
}
