import ArgumentParser
import Foundation
import WhatsNewModel
import WhatsNewEditing

/// `whatsnew new`: one change's release note, written as a fragment in `.changes/`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a release note for one change, as a fragment in .changes/.",
        discussion: """
            The fragment is a Markdown file whose front matter names its kind; with --title it is a \
            featured row of its own, otherwise its text is an item under its kind's row. Its name \
            starts with the time it was written, then a few words of the note and four random \
            letters (20240502-143012-crash-on-launch-3f9a.md), so notes written on different \
            branches never collide, and a release lists them in the order they were written.

            Without --body, on a terminal with $VISUAL or $EDITOR set, the note opens in the \
            editor. The path of the new fragment is printed.
            """
    )

    @Option(help: ArgumentHelp("The kind of change: added, changed, deprecated, removed, fixed, security, breaking, performance, docs, dependencies, internal, known-issues, other, or one .whatsnew.yml's kinds add."))
    var kind: String

    @Option(help: "A title: the change becomes a featured row of its own.")
    var title: String?

    @Option(help: "A featured row's summary.")
    var summary: String?

    @Option(help: "A featured row's icon: an emoji, an SF Symbol name or a :shortcode:.")
    var icon: String?

    @Option(help: "A featured row's colour: a system colour name or #RRGGBB.")
    var color: String?

    @Option(help: "An issue the change closes: a number or an address (repeat for several).")
    var issue: [String] = []

    @Option(help: "The pull request that makes the change: a number or an address (repeat for several).")
    var pr: [String] = []

    @Flag(help: "The change breaks something users rely on: listed under breaking changes.")
    var breaking = false

    @Option(help: "The note itself, as Markdown; - reads it from standard input.")
    var body: String?

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        let kinds = ProjectFragments(folder: "", config: try? settings.load()?.settings).kinds
        guard kinds.named(kind) != nil else {
            let near = kinds.nearest(to: kind).map { "; did you mean \($0)?" } ?? ""
            throw ValidationError("unknown kind \(kind)\(near) Kinds are \(kinds.names.joined(separator: ", ")).")
        }
        for (option, values, target) in [("--issue", issue, ChangeReference.Target.issue), ("--pr", pr, .pullRequest)] {
            for value in values where ChangeReference(value, target: target) == nil {
                throw ValidationError("\(option) takes a number or an http(s) address, not \(value)")
            }
        }
    }

    func run() throws {
        let loaded = try settings.load()
        try loaded?.report()
        let folder = loaded?.fragmentsPath ?? ProjectPaths.sibling(".changes", of: Self.defaultNotes())
        let fragments = ProjectFragments(folder: folder, config: loaded?.settings)
        var text: String
        if let body {
            text = frontMatter() + (body == "-" ? Self.standardInput() : body)
        } else if title != nil && summary != nil {
            text = frontMatter()
        } else if let editor = Editor.fromEnvironment(), isatty(STDIN_FILENO) == 1 {
            guard let edited = try editor.edit(frontMatter() + Self.instructions) else {
                StandardError.write("the note is empty, so no fragment was written")
                throw ExitCode(1)
            }
            text = edited.replacing(Self.instructions, with: "")
        } else {
            throw ValidationError(
                "give the note with --body TEXT (or --body - to read standard input), or set $EDITOR to write it in your editor"
            )
        }
        if !text.hasSuffix("\n") { text += "\n" }
        try FragmentFile(folder: folder, kinds: fragments.kinds).create(text)
    }

    /// The front matter from the options, values quoted where YAML needs it.
    private func frontMatter() -> String {
        var fields = [("kind", kind)]
        if let title { fields.append(("title", title)) }
        if let icon { fields.append(("icon", icon)) }
        if let color { fields.append(("color", color)) }
        if let summary { fields.append(("summary", summary)) }
        let yaml = fields.map { "\($0.0): \(YAMLScalar.text($0.1))" }
        // Numbers go in plain (`issue: 212`); fragments read every value as text.
        func reference(_ value: String) -> String {
            value.allSatisfy(\.isNumber) ? value : YAMLScalar.text(value)
        }
        let references = [("issue", issue), ("pr", pr)].filter { !$0.1.isEmpty }.map { key, values in
            "\(key): " + (values.count == 1 ? reference(values[0]) : "[\(values.map(reference).joined(separator: ", "))]")
        }
        let flags = breaking ? ["breaking: true"] : []
        return (["---"] + yaml + references + flags + ["---", ""]).joined(separator: "\n")
    }

    /// What the editor shows under the front matter; taken out again when left as it is.
    static let instructions = """
        <!-- Say what changed for the people who use it: a sentence, or a list of them.
             Save and close to add the note; leave it empty to add nothing. -->

        """

    private static func standardInput() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }

    /// `CHANGELOG.md` in this folder or the nearest one above that has one, else here.
    static func defaultNotes() -> String {
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        for level in 0...depth {
            let path = String(repeating: "../", count: level) + "CHANGELOG.md"
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return "CHANGELOG.md"
    }
}

/// `$VISUAL` or `$EDITOR`, run on a file through the shell, as git runs them.
struct Editor {
    let command: String

    static func fromEnvironment() -> Editor? {
        let environment = ProcessInfo.processInfo.environment
        for name in ["VISUAL", "EDITOR"] {
            if let command = environment[name], !command.trimmingCharacters(in: .whitespaces).isEmpty {
                return Editor(command: command)
            }
        }
        return nil
    }

    /// The text after editing; nil when the editor failed or nothing was added.
    func edit(_ text: String) throws -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-note-\(UUID().uuidString).md")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "whatsnew-editor", file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            StandardError.write("\(command) exited with status \(process.terminationStatus); no fragment was written")
            throw ExitCode(1)
        }
        let edited = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        return edited == text ? nil : edited
    }
}
