import WhatsNewModel
import WhatsNewReading

/// `whatsnew check`: does this change carry a release note? For pull requests in CI.
///
/// Compares the working tree with the merge base of the branch and its base, by the rules the
/// base's `.whatsnew.yml` sets (a branch's own settings apply once it is merged, not to
/// itself), and fails when the change touches files that need a note but adds none: a new
/// fragment with words in it, or a new change listed in the notes' release in progress. An
/// edit or rename of a note already pending is not a new one. Every fragment it adds is linted.
package struct CheckChange {
    /// What needs no note unless `check: ignore:` says otherwise.
    package static let defaultIgnore = [
        "docs/**", "doc/**", "Documentation/**", "test/**", "tests/**", "Tests/**", "spec/**", ".github/**", "*.md",
    ]

    /// `--base`: the branch or commit the change is for, compared at its merge base with HEAD; nil for origin/HEAD, main or master.
    package var base: String?
    /// `--skip` (or `WHATSNEW_SKIP=1`): the change needs no note.
    package var skip = false

    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        if skip || ["1", "true", "yes"].contains(ProcessEnvironment.variables["WHATSNEW_SKIP"]?.lowercased() ?? "") {
            console.report("whatsnew check: skipped; this change needs no release note")
            return
        }
        try project.settings?.check(on: console)
        let git = Git(directory: nil)
        let top: String
        let changes: [Change]
        let baseCommit: String
        do {
            top = Project.canonical(try git.text(["rev-parse", "--show-toplevel"]))
            baseCommit = try Self.mergeBase(git, base: base)
            changes = try Self.changes(against: baseCommit, in: top)
        } catch {
            throw Self.failure(error.message)
        }
        // The rules are the base's: the settings file as it is there decides what needs a note,
        // and every path is followed as the base has it, not through links the branch commits.
        let at = BaseCommit(commit: baseCommit, top: top, git: Git(directory: top))
        let settingsPath = project.settings?.config.path ?? project.root + ProjectConfig.fileName
        let settingsFile = at.path(of: settingsPath)
        let rules = try Self.project(at: at, settings: settingsPath, named: settingsFile, like: project)
        if changes.contains(where: { $0.path == settingsFile || $0.from == settingsFile }) {
            console.report(
                "whatsnew check: this change edits \(settingsFile); it was checked by the settings as they are at the base (\(baseCommit.prefix(12))), since a change's own settings apply once it is merged"
            )
        }
        let fragmentsFolder = at.path(of: rules.fragmentsPath)
        let notesFile = at.path(of: rules.notesPath)
        let ignore = (rules.config?.checkIgnore ?? Self.defaultIgnore).map(PathGlob.init)

        func isFragment(_ path: String) -> Bool {
            path.hasPrefix(fragmentsFolder + "/") && !path.dropFirst(fragmentsFolder.count + 1).contains("/")
                && FragmentFolder.isFragmentName(String(path.split(separator: "/").last ?? ""))
        }
        // Added, not renamed within the folder: each is linted, whether or not it is a new note.
        let added = changes.filter { change in
            isFragment(change.path)
                && (change.status == "A" || (change.status == "R" && !isFragment(change.from ?? "")))
        }
        let needing = changes.filter { change in
            change.path != notesFile && change.path != settingsFile && !change.path.hasPrefix(fragmentsFolder + "/")
                && !ignore.contains { $0.matches(change.path) }
        }

        // A release cut short hides fragments: the branch is not in the state it looks.
        var findings = UnfinishedRelease.find(in: Project.shown(top + "/" + fragmentsFolder)).map(\.diagnostic)
        var read: [Fragment] = []
        for change in added {
            let path = Project.shown(top + "/" + change.path)
            let (fragment, found) = FragmentFolder.read(path, with: rules.fragmentReader)
            findings += found
            if let fragment { read.append(fragment) }
        }
        // With the project's icons, as `lint` and `release` check them.
        findings += FragmentLinter(
            icons: (try? Notes.catalog(NotesRequest().resolved(in: project), project)) ?? .builtIn
        ).check(read)
        console.report(findings)
        if findings.contains(where: { $0.severity == .error }) {
            throw Self.failure(
                findings.contains { $0.rule == .unfinishedRelease || $0.rule == .foreignJournal }
                    ? "a release journal stands in \(fragmentsFolder); run `whatsnew recover`, then `whatsnew check` again"
                    : "a release note this change adds has errors; fix them, then run `whatsnew check` again")
        }

        // A note is new when its words waited nowhere at the base: an edit, a rename, a copy or a
        // move of a waiting one, or a blank line, adds none.
        let before = at.pendingNotes(notes: notesFile, fragments: fragmentsFolder, project: rules)
        let now = Self.pendingNotes(
            notes: top + "/" + notesFile, fragments: top + "/" + fragmentsFolder, project: rules)
        let (new, gone) = now.change(since: before)
        if rules.hasPackages {
            try checkPackages(
                rules, changes: changes, at: at,
                notes: read.filter { !before.known.contains(PendingNotes.key(of: $0)) }, listed: new > gone)
        }
        if new > gone {
            let named = zip(added, read.map(PendingNotes.key(of:))).filter { !before.known.contains($0.1) }.map(
                \.0.path)
            console.report(
                named.isEmpty
                    ? "whatsnew check: this change lists \(new - gone == 1 ? "a change" : "\(new - gone) changes") in \(notesFile)'s release in progress; a fragment (`whatsnew new`) would not conflict with other pull requests"
                    : "whatsnew check: this change adds \(named.count == 1 ? "a release note" : "\(named.count) release notes"): "
                        + named.joined(separator: ", "))
            return
        }
        guard needing.isEmpty else {
            let shown = needing.prefix(3).map { $0.path }.joined(separator: ", ")
            let more = needing.count > 3 ? " and \(needing.count - 3) more" : ""
            let repeated =
                added.isEmpty && !changes.contains(where: { $0.path == notesFile })
                ? "" : " (what it adds to the notes repeats, moves or replaces notes already waiting for the release)"
            throw Self.failure(
                "this change touches \(shown)\(more) but adds no release note\(repeated); add one with "
                    + "`whatsnew new --kind <kind> --body \"…\"`, or, if users will not notice the change, "
                    + "pass --skip (WHATSNEW_SKIP=1)")
        }
        console.report(
            changes.isEmpty
                ? "whatsnew check: no changes since the base"
                : "whatsnew check: no release note needed; the change only touches files `check: ignore:` covers")
    }

    /// Each package whose folder the change touches, in files its `check: ignore:` does not
    /// cover, needs a new note that names it, or a new change in its own notes file.
    private func checkPackages(
        _ rules: Project, changes: [Change], at base: BaseCommit, notes: [Fragment], listed: Bool
    ) throws(CommandFailure) {
        let named = Set(notes.flatMap(\.packages))
        var missing: [(name: String, path: String)] = []
        for unit in rules.units {
            guard let name = unit.name, !named.contains(name) else { continue }
            if listed, changes.contains(where: { $0.path == base.path(of: unit.notesPath) }) { continue }
            if let touching = Self.touching(unit, changes, at: base, fragments: rules.fragmentsPath) {
                missing.append((name, touching.path))
            }
        }
        guard !missing.isEmpty else { return }
        let names = missing.map(\.name)
        throw Self.failure(
            "this change touches \(missing.map { "\($0.path) (\($0.name))" }.joined(separator: ", ")) but no new release note names \(names.count == 1 ? names[0] : "these packages"); add one with "
                + "`whatsnew new --package \(names.joined(separator: " --package ")) --kind <kind> --body \"…\"`, or, if users will not notice the change, pass --skip (WHATSNEW_SKIP=1)"
        )
    }

    /// The change that makes `unit` need a note: in its folder, but not its notes, a fragment or
    /// a file its `check: ignore:` covers; every path as the base commit has it.
    private static func touching(_ unit: ReleaseUnit, _ changes: [Change], at base: BaseCommit, fragments: String)
        -> Change?
    {
        let folder = base.path(of: unit.folder)
        // The top itself comes back whole, as a path outside the repository does.
        let inside = folder == base.top ? "" : folder + "/"
        let (notes, fragments) = (base.path(of: unit.notesPath), base.path(of: fragments) + "/")
        let ignore = (unit.config?.checkIgnore ?? defaultIgnore).map(PathGlob.init)
        return changes.first { change in
            change.path.hasPrefix(inside) && change.path != notes && !change.path.hasPrefix(fragments)
                && !ignore.contains { $0.matches(change.path) }
        }
    }

    /// The merge base of `--base` (checked to be a commit) and HEAD; else of origin/HEAD, main
    /// or master and HEAD. A branch is judged by what it changes, not by what its base did since.
    static func mergeBase(_ git: Git, base: String?) throws(Git.Failure) -> String {
        if let base {
            guard let commit = git.commit(base) else {
                throw Git.Failure(
                    message:
                        "--base \(base) names no commit here; fetch it first (actions/checkout with fetch-depth: 0)")
            }
            guard let mergeBase = try? git.text(["merge-base", commit, "HEAD"]), !mergeBase.isEmpty else {
                throw Git.Failure(
                    message: (try? git.text(["rev-parse", "--is-shallow-repository"])) == "true"
                        ? "--base \(base) is here, but this shallow clone lacks the history it shares with HEAD; fetch it (actions/checkout with fetch-depth: 0, or git fetch --deepen)"
                        : "--base \(base) shares no history with HEAD")
            }
            return mergeBase
        }
        var unrelated: String?
        for candidate in ["origin/HEAD", "main", "origin/main", "master", "origin/master"] {
            guard let commit = git.commit(candidate) else { continue }
            if let mergeBase = try? git.text(["merge-base", "HEAD", commit]), !mergeBase.isEmpty { return mergeBase }
            unrelated = unrelated ?? candidate
        }
        if let unrelated, (try? git.text(["rev-parse", "--is-shallow-repository"])) == "true" {
            throw Git.Failure(
                message:
                    "\(unrelated) is here, but this shallow clone lacks the history it shares with HEAD; fetch it (actions/checkout with fetch-depth: 0, or git fetch --deepen) or pass --base REF"
            )
        }
        throw Git.Failure(message: "found no base to compare with (origin/HEAD, main or master); pass --base REF")
    }

    /// One file changed since the base: its status (`A`, `M`, `D`, `R` …), its path, and for a
    /// rename the path it had.
    struct Change {
        var status: String
        var path: String
        var from: String?
    }

    /// Tracked files changed since `base` (committed or not, renames found as renames), and new
    /// files git does not ignore.
    static func changes(against base: String, in top: String) throws(Git.Failure) -> [Change] {
        let git = Git(directory: top)
        let fields = Git.fields(try git.run(["diff", "--name-status", "-z", "-M", base, "--"]))
        var changes: [Change] = []
        var index = 0
        while index + 1 < fields.count {
            let status = String(fields[index].prefix(1))
            if status == "R" || status == "C", index + 2 < fields.count {
                changes.append(Change(status: status, path: fields[index + 2], from: fields[index + 1]))
                index += 3
            } else {
                changes.append(Change(status: status, path: fields[index + 1]))
                index += 2
            }
        }
        let untracked = Git.fields(try git.run(["ls-files", "--others", "--exclude-standard", "-z"]))
        return changes + untracked.map { Change(status: "A", path: $0) }
    }

    /// The packages whose folders the branch changes (committed or not, since its merge base),
    /// by the rule `check` asks for their notes by; in the settings' order.
    package static func touchedPackages(in project: Project) throws(CommandFailure) -> [ReleaseUnit] {
        let git = Git(directory: nil)
        let top: String
        let changes: [Change]
        let base: String
        do {
            top = Project.canonical(try git.text(["rev-parse", "--show-toplevel"]))
            base = try mergeBase(git, base: nil)
            changes = try Self.changes(against: base, in: top)
        } catch {
            throw Self.failure(error.message)
        }
        let at = BaseCommit(commit: base, top: top, git: Git(directory: top))
        return project.units.filter { touching($0, changes, at: at, fragments: project.fragmentsPath) != nil }
    }

    /// The project as the base commit sets it: its settings file as it is there (none when it
    /// has none), read from git, in the project's place.
    private static func project(
        at base: BaseCommit, settings path: String, named file: String, like project: Project
    ) throws(CommandFailure) -> Project {
        guard let bytes = base.contents(of: file) else { return Project(settings: nil, root: project.root) }
        let source: SourceFile
        do {
            source = try SourceFile(path: path, bytes: bytes)
        } catch {
            throw CommandFailure(error, notes: ["(\(file) as it is at the base, \(base.commit.prefix(12)))"])
        }
        let settings = ProjectSettings.read(source)
        if settings.diagnostics.contains(where: { $0.severity == .error }) {
            throw CommandFailure(
                settings.diagnostics, notes: ["(\(file) as it is at the base, \(base.commit.prefix(12)))"])
        }
        return Project(settings: settings, root: project.root)
    }

    /// The notes waiting in the working tree: the notes file's release in progress, read as any
    /// file of the repository is (never through a link), and the fragments.
    private static func pendingNotes(notes: String, fragments: String, project: Project) -> PendingNotes {
        var pending = PendingNotes()
        if let bytes = OwnFile.read(notes, limit: project.maximumSize, owned: false),
            let source = try? SourceFile(path: notes, bytes: bytes)
        {
            pending.add(BaseCommit.read(source, project: project))
        }
        for fragment in FragmentFolder(path: fragments).read(with: project.fragmentReader).fragments {
            pending.add(fragment)
        }
        return pending
    }

    private static func failure(_ message: String) -> CommandFailure {
        CommandFailure(message: "whatsnew check: error: \(message)")
    }
}
