import Foundation
import Testing

/// Releases without a human in the loop, in a real git repository holding a real Xcode project
/// (two build configurations), an Info.plist, an .xcconfig, package.json, Cargo.toml,
/// pyproject.toml and a Swift file found by a pattern: three pre-releases, then the release.
struct VersionedReleaseTests {
    static let fixture = SharedFiles.tests.appendingPathComponent("WhatsNewTests/Fixtures/versioned-app")

    /// Every file of the fixture, by path.
    static func files() throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: fixture, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let path = String(url.path.dropFirst(fixture.path.count + 1))
            files[path] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    static let versionFiles = [
        "Inkwell.xcodeproj/project.pbxproj", "InkwellWidget/Info.plist", "Config/Version.xcconfig", "package.json",
        "Cargo.toml", "pyproject.toml", "Sources/Version.swift",
    ]

    /// The lock files beside the manifests, which record the project's own packages.
    static let lockFiles = ["Cargo.lock", "package-lock.json"]

    /// The repository's changed files, and every line `git diff` says changed in a version file.
    static func changes(_ repository: GitRepository) throws -> (files: Set<String>, lines: [String]) {
        let names = try repository.git("status", "--porcelain", "--untracked-files=all").stdout
            .split(separator: "\n").map { String($0.dropFirst(3)) }
        let diff = try repository.git(["diff", "-U0", "--"] + versionFiles + lockFiles).stdout.split(separator: "\n")
        let lines = diff.filter {
            ($0.hasPrefix("-") || $0.hasPrefix("+")) && !$0.hasPrefix("---") && !$0.hasPrefix("+++")
        }
        return (Set(names), lines.map(String.init))
    }

    func release(_ repository: GitRepository, _ arguments: [String], expecting version: String) throws {
        let run = try repository.whatsnew(["release", "auto"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "version=\(version)\ntag=v\(version)\n")
    }

    @Test func threePreReleasesThenTheRelease() throws {
        let repository = try GitRepository(try Self.files())
        defer { repository.remove() }
        try repository.git("tag", "v1.4.0")
        let steps: [(kind: String, note: String, pre: [String], version: String, date: String, build: String)] = [
            ("added", "Tags for notes.", ["--pre", "beta"], "1.5.0-beta.1", "2026-11-01", "42"),
            ("fixed", "Sync no longer stalls.", ["--pre", "beta"], "1.5.0-beta.2", "2026-11-05", "43"),
            ("fixed", "Export on iPad no longer crashes.", ["--pre", "rc"], "1.5.0-rc.1", "2026-11-10", "44"),
            ("changed", "The app opens faster.", [], "1.5.0", "2026-11-27", "45"),
        ]
        for step in steps {
            let new = try repository.whatsnew(["new", "--kind", step.kind, "--body", step.note])
            #expect(new.status == 0, "\(new.stderr)")
            let next = try repository.whatsnew(["next"] + step.pre)
            #expect(next.stdout == step.version + "\n", "\(next.stderr)")
            try release(repository, step.pre + ["--date", step.date], expecting: step.version)
            // Only the notes, the fragment and the versions' places changed.
            let (files, lines) = try Self.changes(repository)
            let fragment = files.filter { $0.hasPrefix(".changes/") && $0 != ".changes/README.md" }
            // The lock files move with their manifests, and only the project's own entries.
            #expect(
                files.subtracting(fragment).subtracting([".changes/README.md"])
                    == Set(["CHANGELOG.md"] + Self.versionFiles + Self.lockFiles), "\(files)")
            let cargoLock = try repository.read("Cargo.lock"), npmLock = try repository.read("package-lock.json")
            #expect(cargoLock.contains("name = \"inkwell-core\"\nversion = \"\(step.version)\""), "\(cargoLock)")
            #expect(cargoLock.contains("name = \"serde\"\nversion = \"1.4.0\""))
            #expect(npmLock.components(separatedBy: "\"version\": \"\(step.version)\"").count == 3, "\(npmLock)")
            #expect(
                npmLock.contains("marked-1.4.0.tgz")
                    && npmLock.contains("\"node_modules/marked\": {\n      \"version\": \"1.4.0\""))
            for line in lines {
                let place = [
                    "MARKETING_VERSION", "CURRENT_PROJECT_VERSION", "<string>", "\"version\"", "version =",
                    "static let version",
                ]
                #expect(place.contains { line.contains($0) }, "a line that is not a version's place changed: \(line)")
            }
            #expect(
                try repository.read("Config/Version.xcconfig").contains("CURRENT_PROJECT_VERSION = \(step.build) //"))
            #expect(try repository.read("package.json").contains("\"version\": \"\(step.version)\""))
            // Python's form is PEP 440's normal one, as Poetry writes it.
            let python = step.version.replacingOccurrences(of: "-beta.", with: "b").replacingOccurrences(
                of: "-rc.", with: "rc")
            #expect(try repository.read("pyproject.toml").contains("version = \"\(python)\""))
            try SharedFiles.checkGolden(try repository.read("CHANGELOG.md"), "release/versioned-\(step.version).md")
            try repository.commit("Release \(step.version)")
            try repository.git("tag", "v\(step.version)")
        }
        // The release holds every note once, the pre-releases folded into it.
        let sheet = try repository.whatsnew(["--release", "1.5.0", "--format", "markdown"])
        for note in steps.map(\.note) {
            #expect(sheet.stdout.components(separatedBy: note).count == 2, "\(note) in \(sheet.stdout)")
        }
        #expect(!(try repository.read("CHANGELOG.md")).contains("beta"))
        #expect(try repository.whatsnew(["next"]).status == 1)
    }

    /// A version file the release cannot write stops it with one error and every file as it was.
    @Test(arguments: ["read-only", "no version", "two places", "outside the project", "ahead", "build setting"])
    func aVersionFileItCannotWriteChangesNothing(_ fault: String) throws {
        var files = try Self.files()
        switch fault {
        // A plist that names a build setting, listed without the file that sets it; lint says so too.
        case "build setting":
            files["InkwellWidget/Info.plist"] = files["InkwellWidget/Info.plist"]!
                .replacingOccurrences(of: "<string>1.4.0</string>", with: "<string>$(CURRENT_PROJECT_VERSION)</string>")
            files[".whatsnew.yml"] = "version-files:\n  - InkwellWidget/Info.plist\n"
        // A file already at a newer version would be moved back.
        case "ahead":
            files["Config/Version.xcconfig"] = files["Config/Version.xcconfig"]!.replacingOccurrences(
                of: "MARKETING_VERSION = 1.4.0", with: "MARKETING_VERSION = 1.6")
        case "no version": files["package.json"] = #"{ "name": "inkwell-web", "private": true }"# + "\n"
        case "two places": files["Sources/Version.swift"]! += "let legacy = { static let version = \"1.4.0\" }\n"
        // The settings come with a pull request: they cannot reach out of the repository.
        case "outside the project":
            files[".whatsnew.yml"] = files[".whatsnew.yml"]!.replacingOccurrences(
                of: "version-files:\n", with: "version-files:\n  - ../../escape/package.json\n")
        default: break
        }
        let repository = try GitRepository(files)
        defer { repository.remove() }
        #expect(try repository.whatsnew(["new", "--kind", "added", "--body", "Tags."]).status == 0)
        if fault == "read-only" { chmod(repository.url.appendingPathComponent("Cargo.toml").path, 0o444) }
        if fault == "build setting" {
            let lint = try repository.whatsnew(["lint"])
            #expect(lint.status == 1 && lint.stdout.contains("a build setting"), "\(lint.stdout)")
        }
        let before = try Self.snapshot(repository)
        for arguments in [
            ["release", "auto"], ["release", "auto", "--dry-run"], ["release", "1.5.0", "--pre", "beta"],
        ] {
            let run = try repository.whatsnew(arguments)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(try Self.snapshot(repository) == before, "\(arguments): a file changed")
            if arguments.count == 2 {
                let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
                #expect(errors.count == 1, "\(run.stderr)")
                let named = [
                    "read-only": "Cargo.toml", "no version": "package.json", "two places": "Sources/Version.swift",
                    "outside the project": "outside the project",
                    "ahead": "Config/Version.xcconfig:2:21: error: `MARKETING_VERSION` says 1.6",
                    "build setting":
                        "InkwellWidget/Info.plist:10:10: error: `CFBundleShortVersionString` is $(CURRENT_PROJECT_VERSION)",
                ][fault]!
                #expect(
                    errors.first?.contains(named) == true || errors.first?.contains(".whatsnew.yml") == true,
                    "\(run.stderr)")
            }
        }
    }

    /// A Cargo workspace whose members follow `[workspace.package]`, all listed: the root's
    /// version moves, and with it the members' entries in Cargo.lock and the versions one
    /// member pins beside another's path, so `cargo build --locked` resolves a major or a beta.
    @Test func aWorkspaceMovesItsMembersLocksAndPins() throws {
        let repository = try GitRepository([
            "CHANGELOG.md": "# Changelog\n\n## [2.13.1] - 2026-01-01\n\n- First.\n",
            ".whatsnew.yml": "version-files:\n  - Cargo.toml\n  - crates/core/Cargo.toml\n  - crates/app/Cargo.toml\n",
            "Cargo.toml": "[workspace]\nmembers = [\"crates/*\"]\n\n[workspace.package]\nversion = \"2.13.1\"\n",
            "crates/core/Cargo.toml": "[package]\nname = \"ws-core\"\nversion.workspace = true\n",
            "crates/app/Cargo.toml":
                "[package]\nname = \"ws-app\"\nversion.workspace = true\n\n[dependencies]\nws-core = { path = \"../core\", version = \"2.13.1\" }\nserde = \"2.13.1\"\n",
            // A member not listed, whose version is its own, pins a listed crate: `cargo set-version` moves that.
            "crates/tool/Cargo.toml":
                "[package]\nname = \"ws-tool\"\nversion = \"0.3.0\"\n\n[dependencies.ws-core]\npath = \"../core\"\nversion = \"2.13.1\"\n",
            "Cargo.lock":
                "version = 4\n\n[[package]]\nname = \"serde\"\nversion = \"2.13.1\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n\n[[package]]\nname = \"ws-app\"\nversion = \"2.13.1\"\n\n[[package]]\nname = \"ws-core\"\nversion = \"2.13.1\"\n",
        ])
        defer { repository.remove() }
        #expect(try repository.whatsnew(["lint"]).status == 0)
        #expect(
            try repository.whatsnew(["new", "--kind", "changed", "--breaking", "--body", "A new engine."]).status == 0)
        let run = try repository.whatsnew(["release", "auto", "--pre", "beta"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try repository.read("Cargo.toml").contains("version = \"3.0.0-beta.1\""))
        #expect(
            try repository.read("crates/app/Cargo.toml").contains(
                "ws-core = { path = \"../core\", version = \"3.0.0-beta.1\" }\nserde = \"2.13.1\""))
        let lock = try repository.read("Cargo.lock")
        #expect(lock.components(separatedBy: "version = \"3.0.0-beta.1\"").count == 3, "\(lock)")
        #expect(lock.contains("name = \"serde\"\nversion = \"2.13.1\""))
        #expect(
            try repository.read("crates/core/Cargo.toml") == "[package]\nname = \"ws-core\"\nversion.workspace = true\n"
        )
        #expect(
            try repository.read("crates/tool/Cargo.toml").hasSuffix(
                "version = \"0.3.0\"\n\n[dependencies.ws-core]\npath = \"../core\"\nversion = \"3.0.0-beta.1\"\n"))
    }

    /// npm packages released together (a tool and its platform package) pin each other: the
    /// pin moves with them, and a dependency that is no package of the project stays.
    @Test func npmPackagesReleasedTogetherMoveTheirPins() throws {
        let repository = try GitRepository([
            "CHANGELOG.md": "# Changelog\n\n## [1.0.0] - 2026-01-01\n\n- First.\n",
            ".whatsnew.yml": "version-files:\n  - package.json\n  - npm/linux/package.json\n",
            "package.json":
                "{\n  \"name\": \"tool\",\n  \"version\": \"1.0.0\",\n  \"optionalDependencies\": {\n    \"@tool/linux\": \"1.0.0\",\n    \"left-pad\": \"1.0.0\"\n  }\n}\n",
            "npm/linux/package.json": "{\n  \"name\": \"@tool/linux\",\n  \"version\": \"1.0.0\"\n}\n",
        ])
        defer { repository.remove() }
        #expect(try repository.whatsnew(["new", "--kind", "added", "--body", "Tags."]).status == 0)
        let run = try repository.whatsnew(["release", "auto"])
        #expect(run.status == 0, "\(run.stderr)")
        let main = try repository.read("package.json")
        #expect(
            main.contains("\"version\": \"1.1.0\"") && main.contains("\"@tool/linux\": \"1.1.0\"")
                && main.contains("\"left-pad\": \"1.0.0\""), "\(main)")
        #expect(try repository.read("npm/linux/package.json").contains("\"version\": \"1.1.0\""))
    }

    /// Every file's bytes, the fragments' included.
    static func snapshot(_ repository: GitRepository) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: repository.url, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard !url.path.contains("/.git/"),
                (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true
            else { continue }
            files[url.path] = try Data(contentsOf: url)
        }
        return files
    }

    /// A version the notes plan is the one `next` gives and `release auto` writes; a plan
    /// smaller than the changes ask for is said, once.
    @Test func aPlannedVersionIsTheNextOne() throws {
        let planned =
            "# Changelog\n\n## 1.4.1 (unreleased)\n\n### Removed\n\n- The old export.\n\n## 1.4.0 - 2026-01-01\n\n### Fixed\n\n- A fix.\n"
        let repository = try GitRepository(["CHANGELOG.md": planned])
        defer { repository.remove() }
        let next = try repository.whatsnew(["next", "--explain"])
        #expect(next.stdout == "1.4.1: planned in the notes (CHANGELOG.md:3:1)\n")
        #expect(
            next.stderr.contains("warning: the notes plan 1.4.1, but their changes ask for 1.5.0 (a minor release)"))
        let release = try repository.whatsnew(["release", "auto", "--date", "2026-11-27"])
        #expect(release.stdout == "version=1.4.1\ntag=v1.4.1\n", "\(release.stderr)")
        #expect(try repository.read("CHANGELOG.md").contains("## 1.4.1 - 2026-11-27"))
        // Dart's `-wip` plans the release it becomes.
        try repository.write("CHANGELOG.md", "## 1.7.0-wip\n\n- Added `foo`.\n\n## 1.6.0\n\n- A fix.\n")
        #expect(try repository.whatsnew(["next"]).stdout == "1.7.0\n")
    }

    /// A newest heading with no date and no tag, whose version the version file already holds,
    /// is the release in progress; tagged, dated, or not in the file, it is released.
    @Test func anUntaggedHeadingTheFilesHoldIsInProgress() throws {
        let notes = "# Changelog\n\n### v1.6.9\n\n- Fixed a crash.\n\n### v1.6.8 - 2026-10-01\n\n- Fixed sync.\n"
        let repository = try GitRepository([
            "CHANGELOG.md": notes, "Config.xcconfig": "MARKETING_VERSION = 1.6.9\n",
            ".whatsnew.yml": "version-files:\n  - Config.xcconfig\n",
        ])
        defer { repository.remove() }
        try repository.git("tag", "v1.6.8")
        let next = try repository.whatsnew(["next"])
        #expect(next.stdout == "1.6.9\n", "\(next.stderr)")
        #expect(
            next.stderr.contains(
                "CHANGELOG.md:3:1: warning: 1.6.9 has no date and no tag v1.6.9, and Config.xcconfig already holds it"))
        let lint = try repository.whatsnew(["lint"])
        #expect(
            lint.stdout.contains("[untagged-release]") && !lint.stdout.contains("version-mismatch"), "\(lint.stdout)")
        let release = try repository.whatsnew(["release", "auto", "--date", "2026-11-28"])
        #expect(release.stdout == "version=1.6.9\ntag=v1.6.9\n", "\(release.stderr)")
        #expect(
            try repository.read("CHANGELOG.md").hasPrefix(
                "# Changelog\n\n### v1.6.9 - 2026-11-28\n\n- Fixed a crash.\n"))
        // Any sign that it is out makes it a release: its tag, its date, or a file past it.
        for (file, value, tag) in [
            ("CHANGELOG.md", notes, "v1.6.9"),
            ("CHANGELOG.md", notes.replacing("### v1.6.9\n", with: "### v1.6.9 - 2026-11-01\n"), nil),
            ("Config.xcconfig", "MARKETING_VERSION = 1.6.8\n", nil),
        ] {
            try repository.write("CHANGELOG.md", notes + "\n")
            try repository.write("Config.xcconfig", "MARKETING_VERSION = 1.6.9\n")
            try repository.write(file, value)
            if let tag { try repository.git("tag", tag) }
            // 1.6.9 is out, and nothing waits.
            let after = try repository.whatsnew(["next"])
            #expect(
                after.status == 1 && after.stderr.contains("nothing to release") && !after.stderr.contains("untagged"),
                "\(file) \(value): \(after.stderr)")
            if tag != nil {
                // Undated, it may be one still to come: the message says how to mark it.
                #expect(
                    after.stderr.contains(
                        "CHANGELOG.md:3:1: error: there is nothing to release: 1.6.9 here has no date and reads as released; if it is still to come, write `1.6.9 (unreleased)`"
                    ))
            }
        }
    }

    /// Calendar versions in the scheme the notes write (`YY.0M`, a month's second release
    /// counted) or `calendar:` names, each file taking the form its ecosystem accepts.
    @Test func calendarVersionsInEachFilesForm() throws {
        let repository = try GitRepository([
            "CHANGELOG.md":
                "# Changelog\n\n## Unreleased\n\n### Fixed\n\n- Sync.\n\n## 26.09 - 2026-09-14\n\n- First.\n\n## 26.04.1 - 2026-04-20\n\n- A fix.\n\n## 26.04 - 2026-04-02\n\n- Start.\n",
            "Cargo.toml": "[package]\nname = \"app\"\nversion = \"26.9.0\"\n",
            "pyproject.toml": "[project]\nname = \"app\"\nversion = \"26.9\"\n",
            "Config.xcconfig": "MARKETING_VERSION = 26.09\n",
            ".whatsnew.yml": "versioning: calendar\nversion-files: [Cargo.toml, pyproject.toml, Config.xcconfig]\n",
        ])
        defer { repository.remove() }
        try repository.git("tag", "v26.09")
        let first = try repository.whatsnew(["release", "auto", "--date", "2026-11-03"])
        #expect(first.stdout == "version=26.11\ntag=v26.11\n", "\(first.stderr)")
        #expect(try repository.read("Cargo.toml").contains("version = \"26.11.0\""))
        #expect(try repository.read("pyproject.toml").contains("version = \"26.11\""))
        #expect(try repository.read("Config.xcconfig") == "MARKETING_VERSION = 26.11\n")
        try repository.git("commit", "-qam", "26.11")
        _ = try repository.whatsnew(["new", "--kind", "fixed", "--body", "Export."])
        #expect(try repository.whatsnew(["next", "--date", "2026-11-20"]).stdout == "26.11.1\n")
        // Named in calver.org's words, the scheme wins over the notes'.
        try repository.write(
            ".whatsnew.yml", "calendar: YYYY.0M.0D\nversion-files: [Cargo.toml, pyproject.toml, Config.xcconfig]\n")
        #expect(try repository.whatsnew(["next", "--date", "2026-12-01"]).stdout == "2026.12.01\n")
        try repository.write(".whatsnew.yml", "calendar: YYYY.0M.0D.DAY\n")
        let wrong = try repository.whatsnew(["next"])
        #expect(
            wrong.status != 0
                && wrong.stderr.contains(".whatsnew.yml:1:11: error: `calendar` is a calendar version's form"),
            "\(wrong.stderr)")
    }

    /// A tag that names the build (`v{version}+{build}`) takes the number the release writes;
    /// with none to write, the release stops before changing anything.
    @Test func aTagNamesTheBuildTheReleaseWrites() throws {
        let notes = "# Changelog\n\n## Unreleased\n\n### Added\n\n- Tags.\n\n## 1.4.0 - 2026-10-01\n\n- First.\n"
        let repository = try GitRepository([
            "CHANGELOG.md": notes, "Config.xcconfig": "MARKETING_VERSION = 1.4.0\nCURRENT_PROJECT_VERSION = 41\n",
            ".whatsnew.yml": "version-files: [Config.xcconfig]\nbuild: increment\ntag: \"v{version}+{build}\"\n",
        ])
        defer { repository.remove() }
        try repository.git("tag", "v1.4.0+41")
        #expect(try repository.whatsnew(["next", "--tag"]).stdout == "v1.5.0+42\n")
        let release = try repository.whatsnew(["release", "auto", "--date", "2026-11-28"])
        #expect(release.stdout == "version=1.5.0\ntag=v1.5.0+42\n", "\(release.stderr)")
        try repository.git("checkout", "-q", ".")
        #expect(
            try repository.whatsnew(["release", "auto", "--build", "50"]).stdout == "version=1.5.0\ntag=v1.5.0+50\n")
        try repository.git("checkout", "-q", ".")
        try repository.write(".whatsnew.yml", "tag: \"v{version}+{build}\"\n")
        let none = try repository.whatsnew(["release", "auto"])
        #expect(
            none.status != 0
                && none.stderr.contains(
                    ".whatsnew.yml: error: `tag` names {build}, but this release has no build number"),
            "\(none.stderr)")
        #expect(try repository.read("CHANGELOG.md") == notes)
        // A build number is digits and dots, with version files or without.
        let letters = try repository.whatsnew(["release", "auto", "--build", "abc"])
        #expect(
            letters.status != 0 && letters.stderr.contains("error: a build number is digits and dots, not `abc`"),
            "\(letters.stderr)")
        // A version file's own problem is said first, not that it gives no build number.
        try repository.write(".whatsnew.yml", "version-files: [Missing.xcconfig]\nbuild: increment\n")
        #expect(
            try repository.whatsnew(["release", "auto"]).stderr.contains("version file Missing.xcconfig does not exist")
        )
        try repository.write(".whatsnew.yml", "tag: \"v{version}+{build}+{build}\"\n")
        #expect(
            try repository.whatsnew(["next"]).stderr.contains(
                "`tag` holds `{version}` once (and `{build}` at most once)"))
    }

    /// After pre-releases of a minor written as plain lists (patches each), `--explain` says
    /// the pre-releases set the numbers, not that the notes asked for them.
    @Test func theExplanationSaysThePreReleasesSetTheNumbers() throws {
        let notes =
            "# Changelog\n\n## Unreleased\n\n- Fixed the crash.\n\n## 1.5.0-beta.1 - 2026-11-01\n\n- Tags.\n\n## 1.4.0 - 2026-10-01\n\n- First.\n"
        let repository = try GitRepository(["CHANGELOG.md": notes])
        defer { repository.remove() }
        let next = try repository.whatsnew(["next", "--explain"])
        #expect(
            next.stdout.hasPrefix(
                "1.5.0: the version the pre-releases lead to (1.5.0-beta.1 is the latest); the notes since 1.4.0 ask for a patch release alone"
            ),
            "\(next.stdout)")
        let beta = try repository.whatsnew(["next", "--explain", "--pre", "beta"])
        #expect(
            beta.stdout.hasPrefix("1.5.0-beta.2: a pre-release of 1.5.0, the version the pre-releases lead to"),
            "\(beta.stdout)")
        // Dart's and alacritty's `-dev` heading plans the numbers of its pre-releases too.
        try repository.write(
            "CHANGELOG.md", "# Changelog\n\n## 0.18.0-dev\n\n### Fixed\n\n- Crash.\n\n## 0.17.0\n\n- First.\n")
        let planned = try repository.whatsnew(["next", "--explain", "--pre", "beta"])
        #expect(
            planned.stdout == "0.18.0-beta.1: a pre-release of 0.18.0, planned in the notes (CHANGELOG.md:3:1)\n",
            "\(planned.stdout)")
    }

    /// Members that follow a listed workspace move with it though not listed (jj's
    /// `gen-protos`, zellij's integration tests): their Cargo.lock entries and the pins on them.
    @Test func unlistedFollowersOfAWorkspaceMoveWithIt() throws {
        let lock =
            "version = 4\n\n[[package]]\nname = \"a\"\nversion = \"0.4.0\"\ndependencies = [\n \"b\",\n]\n\n[[package]]\nname = \"b\"\nversion = \"0.4.0\"\n"
        let repository = try GitRepository([
            "Cargo.toml": "[workspace]\nmembers = [\"a\", \"b\"]\n\n[workspace.package]\nversion = \"0.4.0\"\n",
            "a/Cargo.toml":
                "[package]\nname = \"a\"\nversion.workspace = true\n\n[dependencies]\nb = { path = \"../b\", version = \"0.4.0\" }\n",
            "b/Cargo.toml": "[package]\nname = \"b\"\nversion = { workspace = true }\n",
            "Cargo.lock": lock,
            "CHANGELOG.md":
                "# Changelog\n\n## Unreleased\n\n### Fixed\n\n- Sync.\n\n## 0.4.0 - 2026-01-01\n\n- First.\n",
            ".whatsnew.yml": "version-files: [Cargo.toml]\n",
        ])
        defer { repository.remove() }
        let release = try repository.whatsnew(["release", "auto", "--pre", "beta", "--date", "2026-11-29"])
        #expect(release.stdout == "version=0.4.1-beta.1\ntag=v0.4.1-beta.1\n", "\(release.stderr)")
        #expect(
            try repository.read("Cargo.lock")
                == lock.replacing("version = \"0.4.0\"", with: "version = \"0.4.1-beta.1\""))
        #expect(try repository.read("a/Cargo.toml").contains("b = { path = \"../b\", version = \"0.4.1-beta.1\" }"))
        #expect(try repository.read("b/Cargo.toml") == "[package]\nname = \"b\"\nversion = { workspace = true }\n")
        // `next` says beforehand what the release would refuse: a manifest already past it.
        try repository.write(
            "Cargo.toml", "[workspace]\nmembers = [\"a\", \"b\"]\n\n[workspace.package]\nversion = \"0.5.0\"\n")
        _ = try repository.whatsnew(["new", "--kind", "fixed", "--body", "Export."])
        let next = try repository.whatsnew(["next"])
        #expect(next.stdout == "0.4.1-beta.1\n" || next.stdout == "0.4.1\n", "\(next.stdout)")
        #expect(
            next.stderr.contains(
                "Cargo.toml:5:12: warning: `[workspace.package] version` says 0.5.0, newer than the release"),
            "\(next.stderr)")
    }

    /// Headings that carry the build (`### 1.5.2 (53)`) get the release's own, or none.
    @Test func aHeadingsBuildNumberIsTheReleasesOwn() throws {
        let repository = try GitRepository([
            "CHANGELOG.md":
                "# Changelog\n\n### 1.5.2 (53)\n\n- Fixed export.\n\n### 1.5.1 (build 52)\n\n- Fixed sync.\n",
            "V.xcconfig": "MARKETING_VERSION = 1.5.2\nCURRENT_PROJECT_VERSION = 55\n",
            ".whatsnew.yml": "version-files: [V.xcconfig]\nbuild: increment\n",
        ])
        defer { repository.remove() }
        _ = try repository.whatsnew(["new", "--kind", "added", "--body", "Tags."])
        let release = try repository.whatsnew(["release", "auto", "--date", "2026-11-29"])
        #expect(release.status == 0, "\(release.stderr)")
        #expect(try repository.read("CHANGELOG.md").hasPrefix("# Changelog\n\n### 1.6.0 (56)\n\n- Tags.\n"))
        try repository.git("checkout", "-q", ".")
        try repository.write(".whatsnew.yml", "version-files: [V.xcconfig]\n")
        _ = try repository.whatsnew(["new", "--kind", "added", "--body", "Tags."])
        _ = try repository.whatsnew(["release", "auto", "--date", "2026-11-29"])
        #expect(try repository.read("CHANGELOG.md").hasPrefix("# Changelog\n\n### 1.6.0\n\n- Tags.\n"))
    }

    /// A `Released on …` line (Alamofire's) is the release's own: the release after two betas
    /// writes one, with the date's sentence alone, and gathers none of the betas'.
    @Test func aReleaseLineIsWrittenOnceWithItsOwnSentence() throws {
        let notes = """
            # Changelog

            ## [5.12.0](https://example.com/releases/tag/5.12.0)

            Released on 2026-05-04. All issues of this milestone are in this [filter](https://example.com/milestone/97?closed=1).

            #### Added

            - Something.

            """
        let repository = try GitRepository(["CHANGELOG.md": notes])
        defer { repository.remove() }
        for (kind, date) in [("added", "2026-11-20"), ("fixed", "2026-11-25")] {
            _ = try repository.whatsnew(["new", "--kind", kind, "--body", "A \(kind) note."])
            #expect(try repository.whatsnew(["release", "auto", "--pre", "beta", "--date", date]).status == 0)
        }
        #expect(try repository.whatsnew(["release", "auto", "--date", "2026-11-29"]).status == 0)
        let written = try repository.read("CHANGELOG.md")
        #expect(
            written.hasPrefix(
                "# Changelog\n\n## [5.13.0](https://example.com/releases/tag/5.13.0)\n\nReleased on 2026-11-29.\n\n#### Added\n\n- A added note.\n\n#### Fixed\n\n- A fixed note.\n\n## [5.12.0]"
            ),
            "\(written)")
    }

    /// Tags of two packages name the same version (socket.io's and its client's): the form the
    /// notes' own links give it decides, where before no form was read at all.
    @Test func theNotesLinksPickAmongTheRepositorysTagForms() throws {
        let notes =
            "# Changelog\n\n## Unreleased\n\n### Fixed\n\n- X.\n\n## [4.8.3](https://example.com/compare/socket.io@4.8.2...socket.io@4.8.3) (2025-12-23)\n\n- Y.\n"
        let repository = try GitRepository(["CHANGELOG.md": notes])
        defer { repository.remove() }
        for tag in ["socket.io@4.8.3", "socket.io-client@4.8.3"] { try repository.git("tag", tag) }
        #expect(try repository.whatsnew(["next", "--tag"]).stdout == "socket.io@4.8.4\n")
        try repository.git("tag", "-d", "socket.io-client@4.8.3")
        try repository.git("tag", "-d", "socket.io@4.8.3")
        #expect(try repository.whatsnew(["next", "--tag"]).stdout == "socket.io@4.8.4\n")
    }

    /// `next` says nothing waits, with exit 1; a named bump still releases what waits.
    @Test func nothingToReleaseExitsOne() throws {
        let repository = try GitRepository([
            "CHANGELOG.md": "# Changelog\n\n## [Unreleased]\n\n## [1.0.0] - 2026-01-01\n\n- First.\n"
        ])
        defer { repository.remove() }
        let next = try repository.whatsnew(["next"])
        #expect(next.status == 1 && next.stdout.isEmpty)
        #expect(next.stderr.contains("error: there is nothing to release"), "\(next.stderr)")
        #expect(try repository.whatsnew(["release", "auto"]).status == 1)
        #expect(try Self.snapshot(repository).isEmpty == false)
    }

    /// A journal is a file of the repository: one a pull request brings cannot make recovery
    /// write outside the project's version files.
    @Test func aJournalCannotPutBackAFileThatIsNoVersionFile() throws {
        let victim = try SharedFiles.scratchDirectory().appendingPathComponent("target.sh")
        try "original\n".write(to: victim, atomically: true, encoding: .utf8)
        func fingerprint(_ bytes: [UInt8]) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return "\(bytes.count):\(String(hash, radix: 16))"
        }
        let notes = "# Changelog\n\n## [Unreleased]\n\n### Fixed\n\n- A fix.\n\n## [1.0.0] - 2026-01-01\n\n- First.\n"
        let evil = Array("echo PWNED\n".utf8)
        let plan = """
            whatsnew release journal 1
            version 9.9.9
            notes CHANGELOG.md
            before \(fingerprint(Array(notes.utf8)))
            after 1:0
            file \(fingerprint(evil)) \(fingerprint(Array("original\n".utf8))) \(victim.path)

            """
        let repository = try GitRepository([
            "CHANGELOG.md": notes, ".changes/.whatsnew-release/plan": plan,
            ".changes/.whatsnew-release/.saved-0": "echo PWNED\n",
        ])
        defer { repository.remove() }
        // A committed journal carries no seal of this machine's whatsnew: refused, nothing done.
        let recover = try repository.whatsnew(["recover"])
        #expect(recover.status == 1, "\(recover.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "original\n")
        #expect(
            recover.stderr.contains(".changes/.whatsnew-release: error: this is not a release journal whatsnew wrote"),
            "\(recover.stderr)")
        #expect(
            FileManager.default.fileExists(
                atPath: repository.url.appendingPathComponent(".changes/.whatsnew-release/.saved-0").path))
    }

    /// Keep a Changelog's template of empty headings stays under Unreleased, out of the release.
    @Test func theTemplateStaysUnderUnreleased() throws {
        let notes =
            "# Changelog\n\n## [Unreleased]\n\n### Added\n\n### Fixed\n\n## [1.5.0-beta.1] - 2026-11-01\n\n### Added\n\n- A1\n\n## [1.4.0] - 2026-10-01\n\n### Fixed\n\n- y\n"
        let repository = try GitRepository(["CHANGELOG.md": notes])
        defer { repository.remove() }
        #expect(try repository.whatsnew(["new", "--kind", "fixed", "--body", "F1"]).status == 0)
        #expect(try repository.whatsnew(["release", "auto", "--date", "2026-11-27"]).status == 0)
        #expect(
            try repository.read("CHANGELOG.md")
                == "# Changelog\n\n## [Unreleased]\n\n### Added\n\n### Fixed\n\n## [1.5.0] - 2026-11-27\n\n### Added\n\n- A1\n\n### Fixed\n\n- F1\n\n## [1.4.0] - 2026-10-01\n\n### Fixed\n\n- y\n"
        )
    }

    /// Pre-releases of a version the notes plan lead to it.
    @Test func preReleasesOfAPlannedVersion() throws {
        let notes = "# Changelog\n\n## 1.5.0 (unreleased)\n\n### Fixed\n\n- A fix.\n\n## 1.4.0 - 2026-10-01\n\n- y\n"
        let repository = try GitRepository(["CHANGELOG.md": notes])
        defer { repository.remove() }
        #expect(try repository.whatsnew(["next", "--pre", "beta"]).stdout == "1.5.0-beta.1\n")
        let release = try repository.whatsnew(["release", "auto", "--pre", "beta", "--date", "2026-11-27"])
        #expect(release.stdout == "version=1.5.0-beta.1\ntag=v1.5.0-beta.1\n", "\(release.stderr)")
    }
}
