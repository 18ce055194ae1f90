import Foundation
import Testing

/// The README's commands, run as a reader would: every `whatsnew` line of its `sh` blocks, in
/// order, in a folder whose CHANGELOG.md is a Keep a Changelog example; the set-up command's
/// main job (`swift run whatsnew CHANGELOG.md`) on the project's own CHANGELOG.md; and the sheet
/// it shows at the top compared with what the binary prints. The rest of its `sh` blocks,
/// installing packages, `swift test` and `.ci/docs`, are what `.ci/run` itself runs.
struct ReadmeCommandsTests {
    static let readme = SharedFiles.tests.deletingLastPathComponent().appendingPathComponent("README.md")

    /// The `whatsnew …` lines of the README's `sh` blocks, each split into its arguments.
    static func commands() throws -> [[String]] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var commands: [[String]] = []
        var inShell = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = !inShell && line == "```sh"
                continue
            }
            guard inShell, line.hasPrefix("whatsnew ") else { continue }
            commands.append(words(of: String(line)))
        }
        return commands
    }

    /// Shell words: spaces separate them, double quotes keep spaces in one.
    static func words(of line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    @Test func everyCommandRuns() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 12, "the README's commands were not found")
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            atPath: SharedFiles.fixture("examples", "keep-a-changelog"),
            toPath: directory.appendingPathComponent("CHANGELOG.md").path)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("docs/assets"), withIntermediateDirectories: true)
        // The app's update archive, as a build step leaves it.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("build"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: directory.appendingPathComponent("build/Inkwell-1.4.0.zip").path, contents: Data())
        // A command that names a package runs in a repository that lists one.
        let workspace = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try FileManager.default.createDirectory(
            at: workspace.appendingPathComponent("Core"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: SharedFiles.fixture("examples", "keep-a-changelog"),
            toPath: workspace.appendingPathComponent("Core/CHANGELOG.md").path)
        try "packages:\n  core: Core\n".write(
            to: workspace.appendingPathComponent(".whatsnew.yml"), atomically: true, encoding: .utf8)
        // A command that drafts from commits runs in a repository with a release's tag and a commit since.
        let history = try GitRepository([
            "CHANGELOG.md": try String(
                contentsOfFile: SharedFiles.fixture("examples", "keep-a-changelog"), encoding: .utf8)
        ])
        defer { history.remove() }
        try history.git("tag", "v1.4.0")
        try history.write("code.txt", "1\n")
        try history.commit("feat(sync): brands sync in the background (#51)")
        for command in commands {
            let folder =
                command.contains("--package")
                ? workspace : command.contains("draft") || command.contains("--draft") ? history.url : directory
            let result = try WhatsNewBinary.run(Array(command.dropFirst()), in: folder)
            #expect(result.status == 0, "\(command.joined(separator: " ")): \(result.stderr)")
        }
        // What they wrote is there.
        for written in [
            "release-body.md", "docs/whats-new.html", "WhatsNew.json", "build/Inkwell-1.4.0.html",
            "docs/whats-new.xml", "slack.json",
        ] {
            #expect(
                FileManager.default.fileExists(atPath: directory.appendingPathComponent(written).path), "\(written)")
        }
    }

    /// The README is a front page: what whatsnew does, set-up and install, what you can do,
    /// in at most 250 lines; tables and details live in the DocC articles it links.
    @Test func theReadmeIsAFrontPage() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= 250, "README.md has \(lines) lines")
        #expect(!text.contains("| cmark, the whole file |"), "the performance tables belong in Performance.md")
    }

    @Test func theSetUpCommandShowsTheProjectsOwnChangelog() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let setUp = try #require(text.split(separator: "\n").first { $0.contains("apt-get install") })
        let job = try #require(setUp.components(separatedBy: "&& swift run ").last)
        let words = Self.words(of: job)
        #expect(words == ["whatsnew", "CHANGELOG.md"])
        let result = try WhatsNewBinary.run(Array(words.dropFirst()), in: Self.readme.deletingLastPathComponent())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("What's New in whatsnew"))
        // The other blocks hold what CI runs itself.
        var others: [String] = []
        var inShell = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = !inShell && line == "```sh"
                continue
            }
            if inShell, !line.hasPrefix("whatsnew "), !line.contains("apt-get install") { others.append(String(line)) }
        }
        #expect(others == ["swift test --disable-xctest"])
        // The test command is the one CI runs first.
        let ci = try String(
            contentsOf: Self.readme.deletingLastPathComponent().appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("\n\(others.first ?? "")\n"))
    }

    @Test func theSheetAtTheTopIsWhatTheBinaryPrints() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let block = try #require(
            text.components(separatedBy: "```console\n").dropFirst().first?.components(separatedBy: "```").first)
        var lines = block.components(separatedBy: "\n")
        let command = try #require(lines.first?.dropFirst(2), "the block opens with `$ whatsnew …`")
        lines.removeFirst()
        let arguments = Self.words(of: String(command)).dropFirst()
        let root = Self.readme.deletingLastPathComponent()
        let result = try WhatsNewBinary.run(Array(arguments), in: root)
        #expect(result.status == 0)
        #expect(result.stdout == lines.joined(separator: "\n"))
    }
}
