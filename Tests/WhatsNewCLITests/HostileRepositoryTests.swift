import Foundation
import Testing

/// Repositories someone else wrote: a branch `pr` whose commit brings files an attacker can
/// commit (rename lists, release plans, links, settings, fragment names) into a real git
/// repository, with a folder of someone else's files beside it. After every command that reads
/// or writes — `new`, `release`, `recover`, `next`, `check`, `lint`, rendering with `--output`
/// and with `outputs:` — nothing outside the project changed, no file inside it changed but the
/// notes, fragments and outputs a legitimate run writes, and no git hook appeared. One suite,
/// so `swift test --filter HostileRepositoryTests` runs every case.
struct HostileRepositoryTests {
    /// A repository on `main` with a branch `pr` checked out, and the victim's folder beside it.
    final class Scene {
        let root: URL
        let project: URL
        let victim: URL

        static let notes =
            "# Changelog\n\n## [Unreleased]\n\n### Fixed\n\n- A fix.\n\n## [1.0.0] - 2024-01-01\n\n### Added\n\n- First.\n"
        static let pending = ".changes/20240101-000000-sharing-0000.md"

        /// `main` holds `files` (the notes, a pending fragment and some code unless said
        /// otherwise); `hostile` then writes the branch's files, which are committed on `pr`.
        init(main files: [String: String]? = nil, hostile: (Scene) throws -> Void) throws {
            root = try SharedFiles.scratchDirectory()
            project = root.appendingPathComponent("project")
            victim = root.appendingPathComponent("victim")
            for (path, text) in [
                "secret.txt": "someone else's secret\n", "id_rsa": "PRIVATE KEY\n",
                "CHANGELOG.md": "## 9.9.9\n\n- Victim.\n",
                "notes/20240101-000000-victim-0000.md": "---\nkind: fixed\n---\nThe victim's note.\n",
                "d/id_rsa": "ANOTHER KEY\n", "fl/metadata/en-US/release_notes.txt": "victim's text\n",
            ] {
                try Self.write(victim.appendingPathComponent(path), text)
            }
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try git("init", "-q", "-b", "main")
            for (path, text) in files ?? [
                "CHANGELOG.md": Self.notes, Self.pending: "---\nkind: added\n---\nCollections can be shared.\n",
                "src/main.c": "int main() { return 0; }\n",
            ] {
                try write(path, text)
            }
            try commit("Start")
            try git("checkout", "-q", "-b", "pr")
            try hostile(self)
            try commit("A contribution")
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// The victim's folder as seen from the project, for links and settings.
        var outside: String { "../victim" }

        func path(_ relative: String) -> String { project.appendingPathComponent(relative).path }

        func write(_ relative: String, _ text: String) throws {
            try Self.write(project.appendingPathComponent(relative), text)
        }

        static func write(_ url: URL, _ text: String) throws {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }

        func link(_ relative: String, to target: String) throws {
            let url = project.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: url)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }

        @discardableResult
        func git(_ arguments: String...) throws -> WhatsNewBinary.Run {
            let run = try WhatsNewBinary.execute(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["git", "-c", "user.email=someone@example.com", "-c", "user.name=Someone"] + arguments, in: project)
            try #require(run.status == 0, "git \(arguments.joined(separator: " ")): \(run.stderr)")
            return run
        }

        func commit(_ message: String) throws {
            try git("add", "-A", "-f")
            try git("commit", "-qm", message, "--allow-empty")
        }

        func run(_ arguments: [String]) throws -> WhatsNewBinary.Run {
            try WhatsNewBinary.run(arguments, in: project)
        }

        /// Every entry below `url`, by relative path: a file's bytes and mode, a link's target.
        static func state(of url: URL, skipping skipped: (String) -> Bool = { _ in false }) -> [String: String] {
            var state: [String: String] = [:]
            guard let walker = FileManager.default.enumerator(atPath: url.path) else { return state }
            while let relative = walker.nextObject() as? String {
                if skipped(relative) {
                    walker.skipDescendants()
                    continue
                }
                let full = url.appendingPathComponent(relative).path
                var status = stat()
                guard lstat(full, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFLNK:
                    state[relative] =
                        "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
                case S_IFREG:
                    let bytes = (try? Data(contentsOf: URL(fileURLWithPath: full))) ?? Data()
                    state[relative] = "file \(String(status.st_mode & 0o7777, radix: 8)) " + bytes.base64EncodedString()
                case S_IFDIR: state[relative] = "folder"
                default: state[relative] = "other"
                }
            }
            return state
        }

        /// The victim's folder, the project's files outside `.git`, and `.git`'s hooks and config.
        var victimState: [String: String] { Self.state(of: victim) }
        var projectState: [String: String] { Self.state(of: project) { $0 == ".git" } }
        var gitState: [String: String] {
            Self.state(of: project.appendingPathComponent(".git/hooks")).filter { !$0.key.hasSuffix(".sample") }
                .merging(["config": (try? String(contentsOfFile: path(".git/config"), encoding: .utf8)) ?? ""]) { $1 }
        }
    }

    /// The commands a CI job or a developer runs on a branch, each of which reads the project.
    static let battery: [[String]] = [
        ["new", "--kind", "fixed", "--body", "A note from the battery."],
        ["release", "auto", "--date", "2024-06-01"],
        ["recover"],
        ["next"],
        ["check", "--base", "main"],
        ["lint"],
        ["--format", "html", "--output", "site/notes.html"],
        [],
    ]

    /// Runs every command of the battery in `scene`, checking after each that the victim's
    /// files and `.git` are as they were and that only `allowed` paths of the project changed;
    /// returns each command's run.
    @discardableResult
    func runBattery(
        _ scene: Scene, allowed: (String) -> Bool = Self.legitimate, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: WhatsNewBinary.Run] {
        let (victim, git) = (scene.victimState, scene.gitState)
        var runs: [String: WhatsNewBinary.Run] = [:]
        for command in Self.battery {
            let before = scene.projectState
            let run = try scene.run(command)
            let name = command.first ?? "(bare)"
            runs[name] = run
            // A failure is one clear diagnostic, never a crash.
            #expect(
                run.status == 0 || run.status == 1 || run.status == 2, "\(name) ended by \(run.status)",
                sourceLocation: sourceLocation)
            #expect(
                scene.victimState == victim, "\(name) changed the files beside the project: \(run.stderr)",
                sourceLocation: sourceLocation)
            #expect(scene.gitState == git, "\(name) changed .git's hooks or config", sourceLocation: sourceLocation)
            let after = scene.projectState
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
            let unexpected = changed.filter { !allowed($0) }.sorted()
            #expect(unexpected.isEmpty, "\(name) changed \(unexpected): \(run.stderr)", sourceLocation: sourceLocation)
        }
        return runs
    }

    /// What a legitimate run may change: the notes, the fragments folder and the battery's output.
    static func legitimate(_ path: String) -> Bool {
        path == "CHANGELOG.md" || path == ".changes" || path.hasPrefix(".changes/") || path == "site"
            || path == "site/notes.html"
    }

    // MARK: - 1. A committed rename list

    @Test func aCommittedRenameListIsRefusedAndRunsNothing() throws {
        let scene = try Scene { scene in
            try scene.write("evil", "#!/bin/sh\necho PWNED > \"$HOME/pwned\"\n")
            chmod(scene.path("evil"), 0o755)
            try scene.write(".whatsnew-files-999999", "evil\t.git/hooks/post-commit\nend\n")
            // Out of the project and into it, absolute and by `..`.
            try scene.write(
                "site/.whatsnew-files-1",
                "\(scene.victim.path)/secret.txt\tstolen.txt\nsite/x\t../../victim/id_rsa\nend\n")
            // The present format, sealed by someone else's key.
            try scene.write(
                ".changes/.whatsnew-files-2-1a",
                "whatsnew rename list 1\n..%2F..%2Fvictim%2Fid_rsa\nseal 0123456789abcdef\n")
        }
        let runs = try runBattery(scene)
        for name in ["new", "release", "recover"] {
            #expect(runs[name]?.status == 1)
            #expect(
                runs[name]?.stderr.contains(
                    ".whatsnew-files-999999: error: this list of renames was not written by whatsnew") == true,
                "\(name): \(runs[name]?.stderr ?? "")")
        }
        #expect(
            runs["--format"]?.stderr.contains("site/.whatsnew-files-1: error: this list of renames was not written")
                == true)
        #expect(FileManager.default.fileExists(atPath: scene.path("evil")))
        #expect(!FileManager.default.fileExists(atPath: scene.path(".git/hooks/post-commit")))
        #expect(!FileManager.default.fileExists(atPath: scene.path("stolen.txt")))
    }

    // MARK: - 2. A committed release plan

    @Test func aCommittedReleasePlanDeletesNothing() throws {
        let scene = try Scene { scene in
            try scene.write("README.md", "The project's readme.\n")
            // The notes' own fingerprint as `after`: the plan says the release is done.
            let fingerprint = Self.fingerprint(Array(Scene.notes.utf8))
            for (header, seal) in [
                ("whatsnew release journal 1", ""), ("whatsnew release journal 2", "seal 0123456789abcdef\n"),
            ] {
                let plan = """
                    \(header)
                    version 9.9.9
                    notes \(scene.path("CHANGELOG.md"))
                    before 1:0
                    after \(fingerprint)
                    fragment ../../README.md
                    fragment ../../../victim/secret.txt
                    fragment \(scene.victim.path)/id_rsa

                    """
                try scene.write(".changes/.whatsnew-release/plan", plan + seal)
            }
        }
        let runs = try runBattery(scene) { Self.legitimate($0) && !$0.hasPrefix(".changes/.whatsnew-release") }
        for name in ["new", "release", "recover", "lint", "check", "next", "--format"] {
            #expect(runs[name]?.status == 1, "\(name)")
            #expect(
                runs[name].map { $0.stderr + $0.stdout }?.contains(
                    ".changes/.whatsnew-release: error: this is not a release journal whatsnew wrote") == true,
                "\(name): \(runs[name]?.stderr ?? "")")
        }
        #expect(try String(contentsOfFile: scene.path("README.md"), encoding: .utf8) == "The project's readme.\n")
    }

    // MARK: - 3. A journal folder that is a link

    @Test func aJournalFolderThatIsALinkIsNeverEntered() throws {
        let scene = try Scene { scene in
            try scene.link(".changes/.whatsnew-release", to: "../../victim/d")
        }
        let runs = try runBattery(scene)
        #expect(runs["recover"]?.status == 1)
        #expect(runs["recover"]?.stderr.contains("(it is a symbolic link)") == true, "\(runs["recover"]?.stderr ?? "")")
        #expect(!FileManager.default.fileExists(atPath: scene.path(".changes/id_rsa")))
    }

    // MARK: - 4. A lock that is a link

    @Test func aLockThatIsALinkIsNeverWrittenThrough() throws {
        for (lock, target) in [
            (".whatsnew.lock", "../victim/secret.txt"), (".whatsnew.lock", "../victim/created.txt"),
            (".changes/.whatsnew.lock", "../../victim/id_rsa"),
        ] {
            let scene = try Scene { try $0.link(lock, to: target) }
            let runs = try runBattery(scene)
            for name in ["new", "release", "recover"] {
                #expect(runs[name]?.status == 1, "\(lock) → \(target): \(name)")
                #expect(
                    runs[name]?.stderr.contains("\(lock): error: is a symbolic link (to \(target)), not a lock file")
                        == true, "\(runs[name]?.stderr ?? "")")
            }
            #expect(!FileManager.default.fileExists(atPath: scene.victim.appendingPathComponent("created.txt").path))
        }
    }

    // MARK: - 5. Settings and links that lead outside the project

    @Test func settingsThatLeadOutsideTheProjectAreErrors() throws {
        for (setting, column) in [
            ("input: ../victim/CHANGELOG.md", 8), ("fragments: ../victim/notes", 12),
            ("outputs: {html: ../victim/pwned.html}", 17), ("template: ../victim/secret.txt", 11),
            ("icons: /etc/passwd", 8), ("locales-dir: ../victim", 14), ("input: .git/config", 8),
        ] {
            let scene = try Scene { try $0.write(".whatsnew.yml", setting + "\n") }
            let runs = try runBattery(scene)
            for name in ["new", "release", "next", "--format", "(bare)"] {
                #expect(runs[name]?.status == 1, "\(setting): \(name)")
                #expect(
                    runs[name]?.stderr.hasPrefix(".whatsnew.yml:1:\(column): error: `") == true,
                    "\(setting): \(name): \(runs[name]?.stderr ?? "")")
            }
            #expect(
                runs["lint"]?.stdout.contains("[outside-project]") == true, "\(setting): \(runs["lint"]?.stdout ?? "")")
            #expect(!FileManager.default.fileExists(atPath: scene.victim.appendingPathComponent("pwned.html").path))
        }
    }

    @Test func notesThatAreALinkOutOfTheProjectAreNeitherReadNorWritten() throws {
        let scene = try Scene(main: ["src/main.c": "1\n"]) { scene in
            try scene.link("CHANGELOG.md", to: "../victim/CHANGELOG.md")
            try scene.write(".changes/20240102-000000-x-0000.md", "---\nkind: fixed\n---\nA fix.\n")
        }
        let runs = try runBattery(scene)
        for name in ["release", "--format", "(bare)", "next"] {
            #expect(runs[name]?.status == 1, "\(name)")
            #expect(
                runs[name]?.stderr.contains(
                    "CHANGELOG.md: error: the notes file CHANGELOG.md leads outside the project") == true,
                "\(name): \(runs[name]?.stderr ?? "")")
            #expect(runs[name]?.stdout.contains("Victim") == false)
        }
        // Named on the command line, the same place is the user's to read.
        let named = try scene.run([scene.victim.appendingPathComponent("CHANGELOG.md").path])
        #expect(named.status == 0 && named.stdout.contains("Victim"), "\(named.stderr)")
    }

    /// The project reached through a link of the user's (a logical `$PWD`, macOS's `/tmp`),
    /// then left through one of the repository's: still a way out.
    @Test func aLinkOfTheRepositoryLeadsNowhereFromAnAliasOfTheProject() throws {
        let scene = try Scene { scene in
            try scene.link("site", to: "../victim")
            try scene.link("docs/CHANGELOG.md", to: "../../victim/CHANGELOG.md")
        }
        let alias = scene.root.appendingPathComponent("alias").path
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: scene.project.path)
        let victim = scene.victimState
        for arguments in [
            ["--format", "html", "--output", alias + "/site/x.html"], ["css", "--output", alias + "/site/s.css"],
            ["release", "auto", "--notes", alias + "/docs/CHANGELOG.md"], [alias + "/docs/CHANGELOG.md"],
        ] {
            let run = try scene.run(arguments)
            #expect(run.status == 1 && run.stderr.contains("leads outside the project"), "\(arguments): \(run.stderr)")
        }
        #expect(scene.victimState == victim)
        // The project's own files through the alias are the project's.
        #expect(try scene.run([alias + "/CHANGELOG.md"]).status == 0)
    }

    /// Every command that reads the settings keeps to the project's edge, those that only report
    /// too: lint names what it will not read, and reads none of it.
    @Test func settingsThatLeadOutAreNotReadByLintLocalesOrRecover() throws {
        for setting in [
            "icons: ../victim/icons.yml", "locales-dir: ../victim", "fragments: ../victim/notes",
            "fragments: .git/hooks",
        ] {
            let scene = try Scene { try $0.write(".whatsnew.yml", setting + "\n") }
            try "---\nkind: SECRET_TOKEN\n---\nThe victim's.\n".write(
                to: scene.victim.appendingPathComponent("notes/20240102-000000-secret-0000.md"), atomically: false,
                encoding: .utf8)
            try "SECRET_ICON: not.a.symbol\n".write(
                to: scene.victim.appendingPathComponent("icons.yml"), atomically: false, encoding: .utf8)
            try "## 1.0.0\n\n- SECRET_TRANSLATION\n".write(
                to: scene.victim.appendingPathComponent("de.md"), atomically: false, encoding: .utf8)
            let victim = scene.victimState
            for arguments in [
                ["lint"], ["lint", "CHANGELOG.md"], ["locales"], ["recover", "--notes", "CHANGELOG.md"], ["recover"],
            ] {
                let run = try scene.run(arguments)
                #expect(
                    !(run.stdout + run.stderr).contains("SECRET"),
                    "\(setting): \(arguments): \(run.stdout)\(run.stderr)")
                #expect(run.status == 1, "\(setting): \(arguments)")
                #expect(
                    (run.stdout + run.stderr).contains("outside-project") || run.stderr.contains(".whatsnew.yml:1:"),
                    "\(setting): \(arguments): \(run.stderr)")
            }
            #expect(scene.victimState == victim, "\(setting)")
            #expect(!FileManager.default.fileExists(atPath: scene.path(".git/hooks/.whatsnew.lock")))
        }
    }

    // MARK: - 6. Names and texts that carry terminal escapes

    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B }
    }

    @Test func escapesInNamesReachNoTerminal() throws {
        let scene = try Scene { scene in
            try scene.write("src/main.c", "int main() { return 1; }\n")
            try scene.write(
                ".changes/20240102-000000-x\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J-0000.md",
                "---\nkind: fixed\n---\nClears the screen.\n")
        }
        // The gate names the note it counts, escaped, before any release takes it.
        let check = try scene.run(["check", "--base", "main"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("x\\u{1B}]52;c;ZXZpbA==\\u{7}\\u{1B}[2J-0000.md"), "\(check.stderr)")
        for run in try runBattery(scene).values + [check] {
            #expect(!Self.hasControl(run.stderr + run.stdout), "\(run.stderr)")
        }
    }

    /// A fragment holding control characters, raw or as YAML escapes, is refused, saying where.
    @Test func escapesInAFragmentAreRefused() throws {
        for note in [
            "---\nkind: fixed\n---\nClear \u{1B}[2J screen, copy \u{1B}]52;c;c2VjcmV0\u{07} and ring \u{9B}31m.\n",
            "---\nkind: fixed\ntitle: \"Clear\\e[2J screen\"\nsummary: \"Copy \\e]52;c;c2VjcmV0\\a\"\n---\n",
        ] {
            let scene = try Scene { scene in
                try scene.write("src/main.c", "int main() { return 1; }\n")
                try scene.write(".changes/20240102-000000-x-0000.md", note)
            }
            let check = try scene.run(["check", "--base", "main"])
            #expect(check.status == 1 && check.stderr.contains("holds a control character"), "\(check.stderr)")
            let runs = try runBattery(scene)
            for (name, run) in runs {
                #expect(!Self.hasControl(run.stderr + run.stdout), "\(name): \(run.stderr)")
            }
            #expect(runs["release"]?.status == 1)
            #expect(
                try String(contentsOfFile: scene.path("CHANGELOG.md"), encoding: .utf8) == Scene.notes,
                "nothing released")
        }
    }

    /// Control characters in the notes file itself reach no output but the terminal sheet's
    /// escapes: HTML and Markdown drop them, JSON escapes them.
    @Test func escapesInTheNotesReachNoOutput() throws {
        let scene = try Scene { scene in
            try scene.write(
                "CHANGELOG.md",
                Scene.notes.replacingOccurrences(
                    of: "- A fix.",
                    with: "- Clear \u{1B}[2J screen, copy \u{1B}]52;c;c2VjcmV0\u{07} and ring \u{9B}31m."))
        }
        for format in ["html", "markdown", "text", "json", "slack", "atom"] {
            let shown = try scene.run(["--release", "unreleased", "--format", format])
            #expect(shown.status == 0, "\(format): \(shown.stderr)")
            #expect(!Self.hasControl(shown.stdout), "\(format)")
        }
        let html = try scene.run(["--release", "unreleased", "--format", "html", "--standalone"])
        #expect(html.stdout.contains("Clear [2J screen"))
        let lint = try scene.run(["lint"])
        #expect(!Self.hasControl(lint.stdout + lint.stderr))
        // A heading and a setting whose words lint quotes.
        let quoted = try Scene { scene in
            try scene.write("CHANGELOG.md", Scene.notes + "\n## 0.9.0\u{1B}]0;x\u{07} - bad\n\n- Old.\n")
            try scene.write(".whatsnew.yml", "format: \"\\e[31mx\"\nversioning: \"\\e]0;t\\a\"\n\"\\e[31mkey\": 1\n")
        }
        for arguments in [["lint"], ["lint", "--format", "json"], [], ["next"]] {
            let run = try quoted.run(arguments)
            #expect(!Self.hasControl(run.stdout + run.stderr), "\(arguments): \(run.stdout)\(run.stderr)")
        }
    }

    // MARK: - 7 and 11. The gate

    /// What `check --base main` says of a branch that changes code and does `notes` to the notes.
    func gate(_ notes: (Scene) throws -> Void, settings: String? = nil) throws -> WhatsNewBinary.Run {
        let scene = try Scene { scene in
            try scene.write("src/main.c", "int main() { return 2; }\n")
            if let settings { try scene.write(".whatsnew.yml", settings) }
            try notes(scene)
        }
        return try scene.run(["check", "--base", "main"])
    }

    @Test func theGateCountsOnlyANewNoteWithWords() throws {
        let pending = Scene.pending
        let walkThroughs: [(String, (Scene) throws -> Void)] = [
            (
                "an edited pending note",
                { try $0.write(pending, "---\nkind: added\n---\nCollections can be shared, edited.\n") }
            ),
            ("a renamed pending note", { try $0.git("mv", pending, ".changes/20240105-000000-sharing-0000.md") }),
            (
                "a copied pending note",
                {
                    try FileManager.default.copyItem(
                        atPath: $0.path(pending), toPath: $0.path(".changes/20240106-000000-copy-0000.md"))
                }
            ),
            ("a blank line in the notes", { try $0.write("CHANGELOG.md", Scene.notes + "\n") }),
            ("the notes deleted", { try FileManager.default.removeItem(atPath: $0.path("CHANGELOG.md")) }),
            (
                "a copy with a newline",
                {
                    try $0.write(
                        ".changes/20240106-000000-copy-0000.md", "---\nkind: added\n---\nCollections can be shared.\n\n"
                    )
                }
            ),
            (
                "a rename with a comment",
                {
                    try $0.git("mv", pending, ".changes/20240109-000000-moved-0000.md")
                    try $0.write(
                        ".changes/20240109-000000-moved-0000.md",
                        "---\nkind: added\n---\nCollections can be shared.\n<!-- " + String(repeating: "x", count: 300)
                            + " -->\n")
                }
            ),
            (
                "one character of a listed change",
                { try $0.write("CHANGELOG.md", Scene.notes.replacingOccurrences(of: "- A fix.", with: "- A fix!")) }
            ),
            (
                "a listed change twice",
                {
                    try $0.write(
                        "CHANGELOG.md", Scene.notes.replacingOccurrences(of: "- A fix.\n", with: "- A fix.\n- A fix.\n")
                    )
                }
            ),
            (
                "a released change listed again",
                {
                    try $0.write(
                        "CHANGELOG.md", Scene.notes.replacingOccurrences(of: "- A fix.\n", with: "- A fix.\n- First.\n")
                    )
                }
            ),
            (
                "a listed change moved into a fragment",
                {
                    try $0.write(
                        "CHANGELOG.md", Scene.notes.replacingOccurrences(of: "### Fixed\n\n- A fix.\n\n", with: ""))
                    try $0.write(".changes/20240110-000000-moved-0000.md", "---\nkind: fixed\n---\nA fix.\n")
                }
            ),
            // Links the branch commits cannot move what the base's rules name.
            (
                "the notes as a link to the code",
                {
                    try FileManager.default.removeItem(atPath: $0.path("CHANGELOG.md"))
                    try $0.link("CHANGELOG.md", to: "src/main.c")
                }
            ),
            (
                "the fragments folder moved and linked",
                {
                    try $0.git("mv", ".changes", "notes2")
                    try $0.link(".changes", to: "notes2")
                }
            ),
        ]
        for (what, change) in walkThroughs {
            let run = try gate(change)
            #expect(run.status == 1, "\(what) passed: \(run.stderr)")
            #expect(
                run.stderr.contains("src/main.c") && run.stderr.contains("but adds no release note"),
                "\(what): \(run.stderr)")
        }
        for body in [
            "\\", "&nbsp;", "[](https://example.com)", "\u{200B}", "![](shot.png)", "<!-- nothing -->\n\u{00A0}",
            "\u{3164}", "\u{FFA0}\u{0345}",
        ] {
            let run = try gate {
                try $0.write(".changes/20240107-000000-x-0000.md", "---\nkind: fixed\n---\n\(body)\n")
            }
            #expect(run.status == 1, "\(body.debugDescription) passed: \(run.stderr)")
        }
        let note = try gate {
            try $0.write(".changes/20240108-000000-x-0000.md", "---\nkind: fixed\n---\nExports keep their order.\n")
        }
        #expect(note.status == 0, "\(note.stderr)")
        let listed = try gate {
            try $0.write(
                "CHANGELOG.md",
                Scene.notes.replacingOccurrences(of: "- A fix.\n", with: "- A fix.\n- Exports keep their order.\n"))
        }
        #expect(
            listed.status == 0 && listed.stderr.contains("lists a change in CHANGELOG.md's release in progress"),
            "\(listed.stderr)")
        // A pending note reworded beside a new one: the new one counts.
        let both = try gate { scene in
            try scene.write(pending, "---\nkind: added\n---\nCollections are shared by link.\n")
            try scene.write(
                ".changes/20240111-000000-new-0000.md", "---\nkind: fixed\n---\nExports keep their order.\n")
        }
        #expect(
            both.status == 0 && both.stderr.contains("adds a release note: .changes/20240111-000000-new-0000.md"),
            "\(both.stderr)")
    }

    @Test func theGateObeysTheBasesSettingsNotTheBranchs() throws {
        for settings in ["check:\n  ignore: [\"**\"]\n", "input: src/main.c\n", "fragments: src\n"] {
            let run = try gate({ _ in }, settings: settings)
            #expect(run.status == 1, "\(settings) passed: \(run.stderr)")
            #expect(
                run.stderr.contains(
                    "this change edits .whatsnew.yml; it was checked by the settings as they are at the base"),
                "\(run.stderr)")
        }
        // The base names its settings and fragments folder; links the branch commits move neither.
        let base = [
            "CHANGELOG.md": Scene.notes, ".whatsnew.yml": "fragments: docs/changes\n",
            "docs/changes/README.md": "Notes.\n",
            "src/main.c": "int main() { return 0; }\n",
        ]
        let folderLinked = try Scene(main: base) { scene in
            try scene.write("src/main.c", "int main() { return 2; }\n")
            try FileManager.default.removeItem(atPath: scene.path("docs/changes"))
            try scene.link("docs/changes", to: "../src")
        }
        #expect(try folderLinked.run(["check", "--base", "main"]).status == 1)
        let settingsLinked = try Scene(main: base) { scene in
            try scene.write("src/main.c", "int main() { return 2; }\n")
            try scene.write("cfg.yml", "fragments: notes\n")
            try scene.link(".whatsnew.yml", to: "cfg.yml")
            try scene.write(
                ".changes/20240105-000000-z-0000.md", "---\nkind: fixed\n---\nA brand new thing happened.\n")
        }
        let linked = try settingsLinked.run(["check", "--base", "main"])
        #expect(linked.status == 1, "a note outside the base's fragments folder: \(linked.stderr)")
    }

    @Test func aStaleBranchIsJudgedByWhatItChanges() throws {
        let scene = try Scene { try $0.write("src/main.c", "int main() { return 3; }\n") }
        // main moves on: its pending note is released, so the branch still holds a file main removed.
        try scene.git("checkout", "-q", "main")
        #expect(try scene.run(["release", "1.1.0", "--date", "2024-06-01"]).status == 0)
        try scene.commit("Release 1.1.0")
        try scene.git("checkout", "-q", "pr")
        let run = try scene.run(["check", "--base", "main"])
        #expect(run.status == 1, "the branch adds no note of its own: \(run.stderr)")
        #expect(run.stderr.contains("touches src/main.c but adds no release note"))
    }

    // MARK: - 8. Reading back with no size limit

    @Test func aPlanThatIsADeviceOrAFIFOEndsInAnError() throws {
        for make in [
            { (scene: Scene) throws in try scene.link(".changes/.whatsnew-release/plan", to: "/dev/zero") },
            { (scene: Scene) throws in
                try scene.write(
                    ".changes/.whatsnew-release/plan",
                    "whatsnew release journal 2\nversion 1\nnotes /dev/zero\nbefore 1:0\nafter 1:0\n")
            },
        ] {
            let scene = try Scene(hostile: make)
            let runs = try runBattery(scene) { Self.legitimate($0) && !$0.hasPrefix(".changes/.whatsnew-release") }
            for (name, run) in runs where name != "new" {
                #expect(run.status == 1, "\(name): \(run.status)")
            }
        }
        // A FIFO cannot be committed; one made in the checkout is still never waited on.
        let scene = try Scene { _ in }
        try FileManager.default.createDirectory(
            atPath: scene.path(".changes/.whatsnew-release"), withIntermediateDirectories: true)
        #expect(mkfifo(scene.path(".changes/.whatsnew-release/plan"), 0o644) == 0)
        #expect(try scene.run(["lint"]).status == 1)
        #expect(try scene.run(["recover"]).status == 1)
    }

    // MARK: - 9. The notes, a template or an export folder as a way into .git or out

    @Test func nothingFromTheRepositoryReadsOrWritesGit() throws {
        let token = "AUTHORIZATION: basic c2VjcmV0LXRva2Vu"
        // The notes as a link to git's config, and a featured note that would make it run a hook.
        let scene = try Scene { scene in
            try scene.link("CHANGELOG.md", to: ".git/config")
            try scene.write(
                ".changes/20240102-000000-core-0000.md", "---\nkind: added\ntitle: \"[core]\"\n---\nhooksPath = h\n")
        }
        try scene.git("config", "http.https://github.com/.extraheader", token)
        let runs = try runBattery(scene)
        #expect(runs["release"]?.stderr.contains("leads into .git") == true, "\(runs["release"]?.stderr ?? "")")
        for run in runs.values { #expect(!(run.stdout + run.stderr).contains("c2VjcmV0")) }
        for format in ["html", "json", "markdown", "text"] {
            let shown = try scene.run(["--format", format])
            #expect(shown.status == 1 && !shown.stdout.contains("c2VjcmV0"), "\(format)")
        }
        // A template of git's config, and an export folder that is a link out of the project.
        let template = try Scene { try $0.write(".whatsnew.yml", "template: .git/config\nformat: html\n") }
        try template.git("config", "http.https://github.com/.extraheader", token)
        let html = try template.run([])
        #expect(
            html.status == 1 && !html.stdout.contains("c2VjcmV0")
                && html.stderr.contains("`template` .git/config is inside .git"))
        let export = try Scene { try $0.link("fastlane", to: "../victim/fl") }
        let victim = export.victimState
        let exported = try export.run(["export", "fastlane", "--release", "1.0.0"])
        #expect(exported.status == 1 && exported.stderr.contains("leads outside the project"), "\(exported.stderr)")
        #expect(export.victimState == victim)
    }

    // MARK: - 10. A rename list in a folder others write in

    @Test(.enabled(if: geteuid() == 0, "needs a second user: run as root (as CI does)"))
    func anotherUsersListInASharedFolderIsLeftAlone() throws {
        let scene = try Scene { _ in }
        let shared = scene.root.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        chmod(shared.path, 0o1777)
        let keys = scene.victim.appendingPathComponent("authorized_keys")
        try "the victim's keys\n".write(to: keys, atomically: false, encoding: .utf8)
        let planted = shared.appendingPathComponent(".whatsnew-files-4242")
        try "\(shared.path)/.notes.html.whatsnew-4242-aaaaaa\t\(keys.path)\nend\n".write(
            to: planted, atomically: false, encoding: .utf8)
        try "attacker's key\n".write(
            to: shared.appendingPathComponent(".notes.html.whatsnew-4242-aaaaaa"), atomically: false, encoding: .utf8)
        for file in [planted.path, shared.appendingPathComponent(".notes.html.whatsnew-4242-aaaaaa").path] {
            chown(file, 65534, 65534)
        }
        let run = try scene.run(["--output", shared.appendingPathComponent("notes.html").path, "--format", "html"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: keys, encoding: .utf8) == "the victim's keys\n")
        #expect(FileManager.default.fileExists(atPath: planted.path), "not ours to carry out or remove")
    }

    // MARK: - 12. Two notes files that share one fragments folder

    @Test func twoNotesFilesSharingFragmentsNeverReleaseOneTwice() throws {
        for round in 0..<12 {
            let scene = try Scene(main: [
                "CHANGELOG.md": Scene.notes, "docs/CHANGELOG.md": Scene.notes,
                "a.yml": "input: CHANGELOG.md\nfragments: .changes\n",
                "b.yml": "input: docs/CHANGELOG.md\nfragments: .changes\n",
            ]) { scene in
                for index in 0..<4 {
                    try scene.write(
                        ".changes/2024010\(index)-000000-note-000\(index).md",
                        "---\nkind: fixed\n---\nNote \(round)-\(index).\n")
                }
            }
            let binary = try #require(WhatsNewBinary.url)
            let processes = try ["a.yml", "b.yml"].map { config in
                let process = Process()
                process.executableURL = binary
                process.arguments = ["release", "patch", "--config", config, "--date", "2024-06-01", "--allow-empty"]
                process.currentDirectoryURL = scene.project
                process.standardError = FileHandle.nullDevice
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                return process
            }
            for process in processes { process.waitUntilExit() }
            let notes = try ["CHANGELOG.md", "docs/CHANGELOG.md"].map {
                try String(contentsOfFile: scene.path($0), encoding: .utf8)
            }
            for index in 0..<4 {
                let count = notes.map { $0.components(separatedBy: "Note \(round)-\(index).").count - 1 }.reduce(0, +)
                #expect(count == 1, "round \(round): note \(index) released \(count) times")
            }
            let left = (try? FileManager.default.contentsOfDirectory(atPath: scene.path(".changes"))) ?? []
            #expect(left.filter { $0.hasSuffix(".md") }.isEmpty, "round \(round): \(left)")
        }
    }

    // MARK: - 13. Smaller findings

    /// A lock file the repository commits is locked as it is, never removed or rewritten.
    @Test func aCommittedLockFileIsLeftAsItIs() throws {
        let scene = try Scene { try $0.write(".whatsnew.lock", "committed\n") }
        // runBattery checks that nothing but the notes, fragments and outputs changed.
        let runs = try runBattery(scene)
        #expect(
            runs["new"]?.status == 0 && runs["release"]?.status == 0,
            "\(runs["new"]?.stderr ?? "")\(runs["release"]?.stderr ?? "")")
        #expect(try String(contentsOfFile: scene.path(".whatsnew.lock"), encoding: .utf8) == "committed\n")
    }

    /// A fragments folder that is a link (two worktrees, or two notes files, sharing one) is
    /// locked where it really is: a release of the other notes waits.
    @Test func aLinkedFragmentsFolderIsLockedWhereItIs() throws {
        let scene = try Scene { scene in
            try scene.write("other/CHANGELOG.md", Scene.notes)
            try scene.link("other/.changes", to: "../.changes")
        }
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            """
            import fcntl,os,time
            f=open('.changes/.whatsnew.lock','w'); fcntl.flock(f,fcntl.LOCK_EX); open('held','w').close()
            for _ in range(600):
                if os.path.exists('waiter.err') and 'waiting for another' in open('waiter.err').read(): break
                time.sleep(0.1)
            os.unlink('.changes/.whatsnew.lock')
            """,
        ]
        holder.currentDirectoryURL = scene.project
        try holder.run()
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: scene.path("held")) {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let binary = try #require(WhatsNewBinary.url)
        let waiter = Process()
        waiter.executableURL = binary
        waiter.arguments = ["release", "auto", "--notes", "other/CHANGELOG.md", "--date", "2024-06-01"]
        waiter.currentDirectoryURL = scene.project
        _ = FileManager.default.createFile(atPath: scene.path("waiter.err"), contents: nil)
        waiter.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scene.path("waiter.err")))
        waiter.standardOutput = FileHandle.nullDevice
        try waiter.run()
        waiter.waitUntilExit()
        holder.waitUntilExit()
        let stderr = (try? String(contentsOfFile: scene.path("waiter.err"), encoding: .utf8)) ?? ""
        #expect(stderr.contains("waiting for another whatsnew run"), "\(stderr)")
        #expect(waiter.terminationStatus == 0, "\(stderr)")
    }

    /// A run that fails before it writes an output of `outputs:` makes no folder for it.
    @Test func aFailedRunMakesNoFolderForItsOutputs() throws {
        let scene = try Scene { try $0.write(".whatsnew.yml", "outputs:\n  html: site/notes.html\n") }
        let run = try scene.run(["--locale", "de"])
        #expect(run.status == 1 && run.stderr.contains("no de translation"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scene.path("site")))
    }

    @Test func aVersionFileThatIsTheNotesIsRefused() throws {
        for file in ["CHANGELOG.md", Scene.pending] {
            let scene = try Scene {
                try $0.write(".whatsnew.yml", "version-files:\n  - { file: \(file), pattern: '## [{version}]' }\n")
            }
            let before = scene.projectState
            let release = try scene.run(["release", "auto", "--date", "2024-06-01"])
            #expect(release.status == 1)
            #expect(
                release.stderr.contains(
                    "version file \(file) is \(file == "CHANGELOG.md" ? "the notes file" : "in the fragments folder")"),
                "\(release.stderr)")
            #expect(scene.projectState == before)
        }
    }

    /// FNV-1a as the journal writes fingerprints: `size:hash`.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "\(bytes.count):\(String(hash, radix: 16))"
    }
}
