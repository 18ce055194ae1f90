import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

/// `whatsnew new`: one change's release note, written as a fragment in the project's
/// fragments folder, checked as lint would check it first.
package struct WriteFragment {
    /// What `--kind`, `--title`, `--summary`, `--icon`, `--color`, `--issue`, `--pr` and
    /// `--breaking` say: the fragment's front matter (its packages are found when it is written).
    package var note: FragmentText
    /// `--body`: the note as Markdown, `-` for standard input; nil to open the editor.
    package var body: String?
    /// Whether standard input is a terminal, where the editor may open.
    package var isInteractive = StandardInput.isTerminal

    /// A note of `kind`, with what the other options say.
    package init(
        kind: String, title: String? = nil, summary: String? = nil, icon: String? = nil, color: String? = nil,
        issues: [String] = [], pullRequests: [String] = [], isBreaking: Bool = false
    ) {
        note = FragmentText(kind: kind)
        (note.title, note.summary, note.icon, note.color) = (title, summary, icon, color)
        (note.issues, note.pullRequests, note.isBreaking) = (issues, pullRequests, isBreaking)
    }

    /// The kind checked against the project's, and every reference; a usage error otherwise.
    package func validate(in project: Project) throws(CommandFailure) {
        let kinds = project.kinds
        guard kinds.named(note.kind) != nil else {
            let near = kinds.question(for: note.kind).map { "\($0) " } ?? ""
            throw .usage("unknown kind `\(note.kind)`; \(near)kinds are \(kinds.names.joined(separator: ", ")).")
        }
        for (option, values, target) in [
            ("--issue", note.issues, ChangeReference.Target.issue), ("--pr", note.pullRequests, .pullRequest),
        ] {
            for value in values where ChangeReference(value, target: target) == nil {
                throw .usage("\(option) takes a number or an http(s) address, not \(value)")
            }
        }
    }

    /// Writes the fragment and prints its path.
    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try validate(in: project)
        try project.settings?.check(on: console)
        var note = note
        note.packages = try packages(in: project, console: console)
        let frontMatter = note.frontMatter
        var text: String
        if let body {
            text = frontMatter + (body == "-" ? Self.standardInput() : body)
        } else if note.title != nil && note.summary != nil {
            text = frontMatter
        } else if let editor = Editor.fromEnvironment(), isInteractive {
            guard let edited = try editor.edit(frontMatter + Self.instructions) else {
                throw CommandFailure(message: "the note is empty, so no fragment was written")
            }
            text = edited.replacing(Self.instructions, with: "")
        } else {
            throw .usage(
                "give the note with --body TEXT (or --body - to read standard input), or set $EDITOR to write it in your editor"
            )
        }
        if !text.hasSuffix("\n") { text += "\n" }
        let lock = try project.lockForWriting(console: console)
        defer { lock.release() }
        let icons = try Notes.catalog(NotesRequest().resolved(in: project), project)
        let (path, warnings) = try FragmentFile(folder: project.fragmentsPath, reader: project.fragmentReader).create(
            text, icons: icons)
        console.report(warnings)
        // The fragment is written whatever becomes of standard output.
        _ = console.output(path + "\n")
    }

    /// The packages the note is for, in a repository that releases several: those `--package`
    /// names, the one whose folder this is, else those whose folders the branch changes (said).
    private func packages(in project: Project, console: Console) throws(CommandFailure) -> [String] {
        guard project.hasPackages else { return [] }
        if project.chosen != .every { return project.selection.compactMap(\.name) }
        let all = project.units.compactMap(\.name).joined(separator: ", ")
        let touched = ((try? CheckChange.touchedPackages(in: project)) ?? []).compactMap(\.name)
        guard !touched.isEmpty else {
            throw .usage(
                "this repository releases \(all), and this branch changes none of their folders; name the packages the note is for with --package NAME"
            )
        }
        console.report(
            "whatsnew new: for \(touched.joined(separator: ", ")), the \(touched.count == 1 ? "package whose folder" : "packages whose folders") this branch changes (--package names others)"
        )
        return touched
    }

    /// What the editor shows under the front matter; taken out again when left as it is.
    static let instructions = """
        <!-- Say what changed for the people who use it: a sentence, or a list of them.
             Save and close to add the note; leave it empty to add nothing. -->
        """

    /// Standard input, read to its end or just past the largest fragment, which is refused.
    private static func standardInput() -> String {
        String(decoding: StandardInput.read(beyond: FragmentFolder.maximumSize), as: UTF8.self)
    }
}

/// `$VISUAL` or `$EDITOR`, run on a file through the shell, as git runs them.
struct Editor {
    let command: String

    static func fromEnvironment() -> Editor? {
        let environment = ProcessEnvironment.variables
        for name in ["VISUAL", "EDITOR"] {
            if let command = environment[name], !command.trimmedWhitespace().isEmpty {
                return Editor(command: command)
            }
        }
        return nil
    }

    /// The text after editing; nil when nothing was added.
    func edit(_ text: String) throws(CommandFailure) -> String? {
        let (status, edited) = try ProjectFiles.withScratchFile(named: "whatsnew-note", holding: text) {
            path throws(CommandFailure) in
            try Self.run(["/bin/sh", "-c", command + " \"$1\"", "whatsnew-editor", path])
        }
        guard status == 0 else {
            throw CommandFailure(message: "\(command) exited with status \(status); no fragment was written")
        }
        return edited == text ? nil : edited
    }

    /// Runs `words` on this terminal (its standard streams inherited) and waits: the exit
    /// status, or 128 plus the signal that ended it.
    private static func run(_ words: [String]) throws(CommandFailure) -> Int32 {
        switch ChildProcess.start(words, searchesPath: false) {
        case .success(let child): child.waitForExit()
        case .failure(let error):
            throw CommandFailure(message: "cannot run \(words[0]): \(describe(errno: error.number))")
        }
    }
}
