import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `whatsnew new`: one change's release note, written as a fragment in the project's
/// fragments folder, checked as lint would check it first.
package struct WriteFragment {
    /// `--kind`.
    package var kind: String
    /// `--title`: a featured row of its own.
    package var title: String?
    /// `--summary`: a featured row's summary.
    package var summary: String?
    /// `--icon`.
    package var icon: String?
    /// `--color`.
    package var color: String?
    /// `--issue`, repeated.
    package var issues: [String] = []
    /// `--pr`, repeated.
    package var pullRequests: [String] = []
    /// `--breaking`.
    package var breaking = false
    /// `--body`: the note as Markdown, `-` for standard input; nil to open the editor.
    package var body: String?
    /// Whether standard input is a terminal, where the editor may open.
    package var isInteractive = StandardInput.isTerminal

    package init(kind: String) {
        self.kind = kind
    }

    /// The kind checked against the project's, and every reference; a usage error otherwise.
    package func validate(in project: Project) throws(CommandFailure) {
        let kinds = project.kinds
        guard kinds.named(kind) != nil else {
            let near = kinds.question(for: kind).map { "\($0) " } ?? ""
            throw .usage("unknown kind `\(kind)`; \(near)kinds are \(kinds.names.joined(separator: ", ")).")
        }
        for (option, values, target) in [
            ("--issue", issues, ChangeReference.Target.issue), ("--pr", pullRequests, .pullRequest),
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
        let frontMatter = frontMatter(packages: try packages(in: project, console: console))
        var text: String
        if let body {
            text = frontMatter + (body == "-" ? Self.standardInput() : body)
        } else if title != nil && summary != nil {
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

    /// The front matter from the options, by the one writer of fragments.
    private func frontMatter(packages: [String]) -> String {
        var text = FragmentText(kind: kind)
        (text.packages, text.title, text.icon, text.color, text.summary) = (packages, title, icon, color, summary)
        (text.issues, text.pullRequests, text.isBreaking) = (issues, pullRequests, breaking)
        return text.frontMatter
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
        let cWords = words.map { strdup($0) } + [nil]
        defer { for word in cWords { free(word) } }
        // The editor starts as a shell would start it: SIGPIPE back to its default (whatsnew
        // ignores it for itself) and no signal blocked.
        #if canImport(Darwin)
            var attributes: posix_spawnattr_t?
        #else
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        var none = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        let spawned = posix_spawn(&child, words[0], nil, &attributes, cWords, environ)
        guard spawned == 0 else { throw CommandFailure(message: "cannot run \(words[0]): \(describe(errno: spawned))") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
