import Foundation
import Testing

/// A repository that releases several packages: a Swift library, an app with an Xcode project
/// and a widget with its own Info.plist, each with its notes, version and tag, sharing one
/// `.changes` folder. The whole workflow runs in a real git repository.
@Suite(.serialized) struct PackagesTests {
    static let settings = """
        packages:
          core:
            folder: Core
            tag: "core-v{version}"
          app:
            folder: App
            uses: [core, widget]
            version-files: [App/App.xcodeproj/project.pbxproj]
            build: increment
          widget:
            folder: Widget
            version-files: [Widget/Info.plist]

        """

    static func notes(_ version: String, _ item: String) -> String {
        "# Changelog\n\n## [Unreleased]\n\n## [\(version)] - 2026-10-01\n\n### Added\n\n- \(item)\n"
    }

    static let project = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tAAA /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tCURRENT_PROJECT_VERSION = 41;
        \t\t\t\tMARKETING_VERSION = 3.0.0;
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t};
        }

        """

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleShortVersionString</key>
        \t<string>1.0.0</string>
        \t<key>CFBundleVersion</key>
        \t<string>7</string>
        </dict>
        </plist>

        """

    static func repository() throws -> GitRepository {
        let repository = try GitRepository([
            ".whatsnew.yml": settings, "Core/CHANGELOG.md": notes("1.2.0", "Core things."),
            "App/CHANGELOG.md": notes("3.0.0", "The app."), "Widget/CHANGELOG.md": notes("1.0.0", "The widget."),
            "Core/Sources/Core.swift": "public let x = 1\n", "App/main.swift": "print(1)\n",
            "Widget/Widget.swift": "let w = 1\n",
            "App/App.xcodeproj/project.pbxproj": project, "Widget/Info.plist": plist, "README.md": "# Inkwell\n",
        ])
        for tag in ["core-v1.2.0", "app-v3.0.0", "widget-v1.0.0"] { try repository.git("tag", tag) }
        return repository
    }

    @Test func checkAsksForExactlyThePackagesABranchTouches() throws {
        let repository = try Self.repository()
        defer { repository.remove() }
        try repository.git("checkout", "-qb", "docs")
        try repository.write("README.md", "# Inkwell\n\nMore words.\n")
        #expect(try repository.whatsnew(["check"]).status == 0, "a branch touching no package needs no note")

        try repository.git("checkout", "-qb", "one", "main")
        try repository.write("Core/Sources/Core.swift", "public let x = 2\n")
        let one = try repository.whatsnew(["check"])
        #expect(one.status == 1)
        #expect(one.stderr.contains("Core/Sources/Core.swift (core)") && !one.stderr.contains("(app)"), "\(one.stderr)")
        let made = try repository.whatsnew(["new", "--kind", "added", "--body", "Core gains a second x."])
        #expect(
            made.status == 0 && made.stderr.contains("for core, the package whose folder this branch changes"),
            "\(made.stderr)")
        #expect(try repository.read(made.stdout.trimmingCharacters(in: .newlines)).contains("packages: [core]\n"))
        #expect(try repository.whatsnew(["check"]).status == 0)

        try repository.write("App/main.swift", "print(2)\n")
        try repository.write("Widget/Widget.swift", "let w = 2\n")
        let two = try repository.whatsnew(["check"])
        #expect(two.status == 1)
        #expect(two.stderr.contains("--package app --package widget"), "\(two.stderr)")
        #expect(
            try repository.whatsnew([
                "new", "--package", "app", "--package", "widget", "--kind", "fixed", "--body", "Both look alike.",
            ]).status == 0)
        #expect(try repository.whatsnew(["check"]).status == 0)

        let unknown = try repository.whatsnew(["new", "--package", "ap", "--kind", "fixed", "--body", "x"])
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean `app`?"), "\(unknown.stderr)")
    }

    @Test func releaseOfEveryPackageWritesEveryFileInOneStep() throws {
        let repository = try Self.repository()
        defer { repository.remove() }
        let none = try repository.whatsnew(["next", "--package", "all"])
        #expect(
            none.status == 1 && none.stderr.contains("nothing to release in any of the packages chosen"),
            "\(none.stderr)")
        #expect(
            try repository.whatsnew(["new", "--package", "core", "--kind", "added", "--body", "Core gains y."]).status
                == 0)
        #expect(
            try repository.whatsnew([
                "new", "--package", "widget", "--kind", "fixed", "--body", "The widget refreshes.",
            ]).status == 0)
        try repository.commit("Notes")

        let next = try repository.whatsnew(["next", "--package", "all"])
        #expect(next.stdout == "core 1.3.0\napp 3.0.1\nwidget 1.0.1\n", "\(next.stdout)\(next.stderr)")
        let asked = try repository.whatsnew(["release", "auto"])
        #expect(asked.status == 2 && asked.stderr.contains("--package all"), "release never guesses which packages")

        let release = try repository.whatsnew(["release", "--package", "all", "auto"])
        #expect(release.status == 0, "\(release.stderr)")
        #expect(
            release.stdout
                == "package=core version=1.3.0 tag=core-v1.3.0\npackage=app version=3.0.1 tag=app-v3.0.1\npackage=widget version=1.0.1 tag=widget-v1.0.1\n"
        )
        #expect(
            release.stderr.contains("(it uses core, widget, released with it)"),
            "a dependent is never released silently")
        #expect(try repository.read("Core/CHANGELOG.md").contains("## [1.3.0] - "))
        let app = try repository.read("App/CHANGELOG.md")
        #expect(app.contains("### Dependencies\n\n- Updated core to 1.3.0.\n- Updated widget to 1.0.1.\n"), "\(app)")
        #expect(try repository.read("App/App.xcodeproj/project.pbxproj").contains("MARKETING_VERSION = 3.0.1;"))
        #expect(try repository.read("App/App.xcodeproj/project.pbxproj").contains("CURRENT_PROJECT_VERSION = 42;"))
        #expect(try repository.read("Widget/Info.plist").contains("<string>1.0.1</string>"))
        #expect(repository.files(in: ".changes").filter { $0 != "README.md" }.isEmpty)
        #expect(try repository.whatsnew(["lint"]).status == 0)

        // One GitHub release for all of them: a group per package, each with its version.
        let body = try repository.whatsnew(["--package", "all", "--format", "markdown"])
        #expect(body.status == 0, "\(body.stderr)")
        #expect(body.stdout.hasPrefix("# core\n\n## 1.3.0 - "), "\(body.stdout)")
        #expect(body.stdout.contains("\n# app\n\n## 3.0.1 - ") && body.stdout.contains("\n# widget\n\n## 1.0.1 - "))
        let html = try repository.whatsnew(["--package", "all", "--format", "html"])
        #expect(html.status == 2 && html.stderr.contains("give one --package for html"))
        let one = try repository.whatsnew(["--format", "markdown"])
        #expect(one.status == 2 && one.stderr.contains("a sheet works on one package at a time"), "\(one.stderr)")
    }

    @Test func aNoteForTwoPackagesWaitsForTheOneNotReleased() throws {
        let repository = try Self.repository()
        defer { repository.remove() }
        let made = try repository.whatsnew([
            "new", "--package", "core", "--package", "widget", "--kind", "fixed", "--body", "Shared fix.",
        ])
        let path = made.stdout.trimmingCharacters(in: .newlines)
        let json = try repository.whatsnew(["release", "--package", "widget", "auto", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(
            json.stdout
                == #"[{"package":"widget","tag":"widget-v1.0.1","version":"1.0.1"},{"package":"app","tag":"app-v3.0.1","version":"3.0.1"}]"#
                + "\n" || json.stdout.contains(#""package":"app""#), "\(json.stdout)")
        #expect(try repository.read(path) == "---\nkind: fixed\npackages: [core]\n---\nShared fix.\n")
        #expect(json.stderr.contains("1 waits there for core"), "\(json.stderr)")
        // The app uses core: its next release follows core's.
        #expect(try repository.whatsnew(["next", "--package", "core"]).stdout == "core 1.2.1\napp 3.0.2\n")
    }

    @Test func aFaultAtAnyStepLeavesEveryPackageAsItWas() throws {
        let repository = try Self.repository()
        defer { repository.remove() }
        #expect(
            try repository.whatsnew(["new", "--package", "core", "--kind", "added", "--body", "Core gains y."]).status
                == 0)
        try repository.commit("Notes")
        let before = try repository.git("ls-files", "-s").stdout
        // The app's project made read-only: found before anything is written, core's notes included.
        let locked = repository.path + "/App/App.xcodeproj/project.pbxproj"
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: locked)
        let refused = try repository.whatsnew(["release", "--package", "all", "auto"])
        #expect(refused.status == 1 && refused.stderr.contains("read-only"), "\(refused.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: locked)
        #expect(try repository.git("status", "--porcelain").stdout.isEmpty)
        #expect(try repository.git("ls-files", "-s").stdout == before)
    }

    @Test func theSettingsSayWhatIsWrongWithAPackage() throws {
        let repository = try GitRepository([
            ".whatsnew.yml":
                "packages:\n  core:\n    tag: x\n  all: Lib\n  app:\n    folder: App\n    fragments: .notes\n    uses: [cor]\n",
            "CHANGELOG.md": "# Changelog\n",
        ])
        defer { repository.remove() }
        let lint = try repository.whatsnew(["lint"])
        #expect(lint.status == 1)
        let said = lint.stdout + lint.stderr
        #expect(said.contains("package `core` needs a `folder`"), "\(said)")
        #expect(said.contains("`fragments` is no setting of a package; it is set once for the whole repository"))
        #expect(said.contains("a package's name is letters"))
        #expect(
            said.contains("package `app` uses `cor`, which is no package listed here"),
            "a dependency never made is said")
    }

    @Test func aRepositoryWithoutPackagesRefusesThem() throws {
        let repository = try GitRepository(["CHANGELOG.md": "# Changelog\n\n## [Unreleased]\n\n### Fixed\n\n- A fix.\n"]
        )
        defer { repository.remove() }
        let next = try repository.whatsnew(["next", "--package", "core"])
        #expect(next.status == 2 && next.stderr.contains("this project lists no packages"), "\(next.stderr)")
        try repository.write(".changes/20260101-000000-x-abcd.md", "---\nkind: fixed\npackages: [core]\n---\nA fix.\n")
        let lint = try repository.whatsnew(["lint"])
        #expect(lint.status == 1 && lint.stdout.contains("[fragment-package]"), "\(lint.stdout)")
    }

    @Test func aPackageFromTheRepositoryStaysInsideIt() throws {
        let victim = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: victim) }
        let notes = "# Theirs\n\n## [1.0.0] - 2020-01-01\n\n- Theirs.\n"
        try notes.write(to: victim.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        let repository = try GitRepository([
            ".whatsnew.yml":
                "packages:\n  evil:\n    folder: \(victim.path)\n  sly:\n    folder: ok\n    input: \(victim.path)/CHANGELOG.md\n  \"a\\e[2Jb\": ok\n",
            "ok/CHANGELOG.md": "# Ours\n",
        ])
        defer { repository.remove() }
        for arguments in [
            ["lint"], ["release", "--package", "evil", "major"],
            ["release", "--package", "sly", "major", "--allow-empty"], ["next", "--package", "all"],
        ] {
            let run = try repository.whatsnew(arguments)
            #expect(run.status != 0, "\(arguments)")
            #expect(
                !(run.stdout + run.stderr).contains("\u{1B}"),
                "a name from the repository never reaches the terminal raw")
        }
        #expect(try String(contentsOf: victim.appendingPathComponent("CHANGELOG.md"), encoding: .utf8) == notes)
    }

    /// One reader of `.git` (GitDirectory): in a worktree, whose `.git` is a `gitdir:` file, the
    /// tags and the origin remote are the repository's, from its common folder.
    @Test func aWorktreeReadsTheRepositorysTagsAndOrigin() throws {
        let repository = try GitRepository([
            "CHANGELOG.md": "# Changelog\n\n## [Unreleased]\n\n## [1.0.0] - 2026-01-01\n\n- First.\n",
            ".changes/20260101-000000-a-fix-abcd.md": "---\nkind: fixed\nissue: 12\n---\nA fix.\n",
        ])
        defer { repository.remove() }
        try repository.git("tag", "rel-1.0.0")
        try repository.git("remote", "add", "origin", "git@github.com:owner/name.git")
        let worktree = repository.url.appendingPathComponent("wt")
        try repository.git("worktree", "add", "-q", worktree.path)
        let tag = try WhatsNewBinary.run(["next", "--tag"], in: worktree)
        #expect(tag.stdout == "rel-1.0.1\n", "\(tag.stdout)\(tag.stderr)")
        let body = try WhatsNewBinary.run(["release", "auto", "--dry-run"], in: worktree)
        #expect(body.stdout.contains("https://github.com/owner/name/issues/12"), "\(body.stdout)\(body.stderr)")
    }

    /// `init --packages` proposes what a workspace declares, named as its manifests name them.
    @Test func initProposesTheDeclaredPackages() throws {
        let npm = try GitRepository([
            "package.json": #"{"name": "root", "private": true, "workspaces": ["packages/*", "!packages/skip"]}"#,
            "packages/core/package.json": #"{"name": "@acme/core", "version": "1.0.0"}"#,
            "packages/core/CHANGELOG.md": Self.notes("1.0.0", "First."),
            "packages/ui/package.json": #"{"name": "@acme/ui", "version": "0.3.0"}"#,
            "packages/skip/package.json": #"{"name": "skip"}"#,
            "packages/notes/README.md": "No manifest, no package.\n",
        ])
        defer { npm.remove() }
        let written = try npm.whatsnew(["init", "--packages"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(
            try npm.read(".whatsnew.yml")
                == "# Proposed by `whatsnew init --packages` from package.json workspaces: 2 packages.\npackages:\n  \"@acme/core\": packages/core\n  \"@acme/ui\": packages/ui  # no CHANGELOG.md yet: the first release needs --create\n"
        )
        // The proposal is settings every command takes: the tag npm-style, the version in package.json.
        #expect(
            try npm.whatsnew(["new", "--package", "@acme/core", "--kind", "added", "--body", "A thing."]).status == 0)
        #expect(
            try npm.whatsnew(["next", "--package", "@acme/core", "--tag"]).stdout == "@acme/core @acme/core@1.1.0\n")
        #expect(try npm.whatsnew(["release", "--package", "@acme/core", "auto"]).status == 0)
        #expect(try npm.read("packages/core/package.json").contains(#""version": "1.1.0""#))
        let again = try npm.whatsnew(["init", "--packages"])
        #expect(again.status == 1 && again.stderr.contains("lists packages already"), "a second init changes nothing")

        let cargo = try GitRepository([
            "Cargo.toml": "[workspace]\nmembers = [\n  \"crates/*\", # every crate\n]\nexclude = [\"crates/old\"]\n",
            "crates/engine/Cargo.toml": "[package]\nname = \"engine\"\nversion = \"0.4.0\"\n",
            "crates/cli/Cargo.toml": "[package]\nname = \"engine-cli\"\nversion.workspace = true\n",
            "crates/old/Cargo.toml": "[package]\nname = \"old\"\n",
            ".whatsnew.yml": "repository: owner/name\n",
        ])
        defer { cargo.remove() }
        let printed = try cargo.whatsnew(["init", "--packages"])
        #expect(printed.status == 0 && printed.stderr.contains("add these 2 packages to"), "\(printed.stderr)")
        #expect(
            printed.stdout.contains("  engine-cli: crates/cli") && printed.stdout.contains("  engine: crates/engine"))
        #expect(
            try cargo.read(".whatsnew.yml") == "repository: owner/name\n", "a settings file someone wrote is theirs")

        let xcode = try GitRepository([
            "Inkwell.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{}\n", "App/Info.plist": Self.plist,
            "Widget/Info.plist": Self.plist,
        ])
        defer { xcode.remove() }
        #expect(try xcode.whatsnew(["init", "--packages"]).status == 0)
        #expect(
            try xcode.read(".whatsnew.yml").contains(
                "  widget:\n    folder: Widget  # no CHANGELOG.md yet: the first release needs --create\n    version-files: [Widget/Info.plist]\n"
            ))

        let none = try GitRepository(["CHANGELOG.md": "# Changelog\n"])
        defer { none.remove() }
        let nothing = try none.whatsnew(["init", "--packages"])
        #expect(nothing.status == 1 && nothing.stderr.contains("found no packages"))
        #expect(none.files(in: ".").contains(".whatsnew.yml") == false)
    }
}
