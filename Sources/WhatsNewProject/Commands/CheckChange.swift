import Foundation
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
            baseCommit = try mergeBase(git)
            changes = try Self.changes(against: baseCommit, in: top)
        } catch {
            throw Self.failure(error.message)
        }
        let repository = Git(directory: top)
        // The rules are the base's: the settings file as it is there decides what needs a note.
        let settingsPath = project.settings?.config.path ?? project.root + ProjectConfig.fileName
        let settingsFile = Self.relative(Project.canonical(settingsPath), to: top)
        let rules = try Self.project(at: baseCommit, settings: settingsPath, named: settingsFile, like: project, git: repository)
        if changes.contains(where: { $0.path == settingsFile || $0.from == settingsFile }) {
            console.report(
                "whatsnew check: this change edits \(settingsFile); it was checked by the settings as they are at the base (\(baseCommit.prefix(12))), since a change's own settings apply once it is merged")
        }
        let fragmentsFolder = Self.relative(Project.canonical(rules.fragmentsPath), to: top)
        let notesFile = Self.relative(Project.canonical(rules.notesPath), to: top)
        let ignore = (rules.config?.checkIgnore ?? Self.defaultIgnore).map(PathGlob.init)

        func isFragment(_ path: String) -> Bool {
            path.hasPrefix(fragmentsFolder + "/") && !path.dropFirst(fragmentsFolder.count + 1).contains("/")
                && FragmentFolder.isFragmentName(String(path.split(separator: "/").last ?? ""))
        }
        // Added, not renamed or edited: a note already pending is not this change's.
        var added = changes.filter { change in
            isFragment(change.path) && (change.status == "A" || (change.status == "R" && !isFragment(change.from ?? "")))
        }
        let pending = try Self.blobs(in: fragmentsFolder, at: baseCommit, git: repository)
        if !added.isEmpty, !pending.isEmpty {
            let copies = try Self.blobs(of: added.map(\.path), git: repository)
            added = zip(added, copies).filter { !pending.contains($0.1) }.map(\.0)
        }
        let needing = changes.filter { change in
            change.path != notesFile && change.path != settingsFile && !change.path.hasPrefix(fragmentsFolder + "/")
                && !ignore.contains { $0.matches(change.path) }
        }

        // A release cut short hides fragments: the branch is not in the state it looks.
        var findings = UnfinishedRelease.find(in: rules.fragmentsPath).map(\.diagnostic)
        var read: [Fragment] = []
        for change in added {
            let path = Project.shown(top + "/" + change.path)
            let (fragment, found) = FragmentFolder.read(path, with: FragmentReader(kinds: project.kinds))
            findings += found
            if let fragment { read.append(fragment) }
        }
        findings += FragmentLinter().check(read)
        console.report(findings)
        if findings.contains(where: { $0.severity == .error }) {
            throw Self.failure(
                findings.contains { $0.rule == .unfinishedRelease || $0.rule == .foreignJournal }
                    ? "a release journal stands in \(fragmentsFolder); run `whatsnew recover`, then `whatsnew check` again"
                    : "a release note this change adds has errors; fix them, then run `whatsnew check` again")
        }
        if !added.isEmpty {
            let names = added.map { $0.path }
            console.report(
                "whatsnew check: this change adds \(names.count == 1 ? "a release note" : "\(names.count) release notes"): "
                    + names.joined(separator: ", "))
            return
        }
        if changes.contains(where: { $0.path == notesFile }) {
            let listed = try Self.newChanges(in: notesFile, at: baseCommit, top: top, project: project, git: repository)
            if listed > 0 {
                console.report(
                    "whatsnew check: this change lists \(listed == 1 ? "a change" : "\(listed) changes") in \(notesFile)'s release in progress; a fragment (`whatsnew new`) would not conflict with other pull requests"
                )
                return
            }
        }
        guard needing.isEmpty else {
            let shown = needing.prefix(3).map { $0.path }.joined(separator: ", ")
            let more = needing.count > 3 ? " and \(needing.count - 3) more" : ""
            throw Self.failure(
                "this change touches \(shown)\(more) but adds no release note; add one with "
                    + "`whatsnew new --kind <kind> --body \"…\"`, or, if users will not notice the change, "
                    + "pass --skip (WHATSNEW_SKIP=1)")
        }
        console.report(
            changes.isEmpty
                ? "whatsnew check: no changes since the base"
                : "whatsnew check: no release note needed; the change only touches files `check: ignore:` covers")
    }

    /// The merge base of `--base` (checked to be a commit) and HEAD; else of origin/HEAD, main
    /// or master and HEAD. A branch is judged by what it changes, not by what its base did since.
    private func mergeBase(_ git: Git) throws(Git.Failure) -> String {
        if let base {
            guard let commit = git.commit(base) else {
                throw Git.Failure(message: "--base \(base) names no commit here; fetch it first (actions/checkout with fetch-depth: 0)")
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
                message: "\(unrelated) is here, but this shallow clone lacks the history it shares with HEAD; fetch it (actions/checkout with fetch-depth: 0, or git fetch --deepen) or pass --base REF")
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
    private static func changes(against base: String, in top: String) throws(Git.Failure) -> [Change] {
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

    /// The project as the base commit sets it: its settings file as it is there (none when it
    /// has none), read from git, in the project's place.
    private static func project(
        at base: String, settings path: String, named file: String, like project: Project, git: Git
    ) throws(CommandFailure) -> Project {
        guard let bytes = try? git.run(["show", "--end-of-options", "\(base):\(file)"]) else {
            return Project(settings: nil, root: project.root)
        }
        let source: SourceFile
        do {
            source = try SourceFile(path: path, bytes: bytes)
        } catch {
            throw CommandFailure(error, notes: ["(\(file) as it is at the base, \(base.prefix(12)))"])
        }
        let settings = ProjectSettings.read(source)
        if settings.diagnostics.contains(where: { $0.severity == .error }) {
            throw CommandFailure(settings.diagnostics, notes: ["(\(file) as it is at the base, \(base.prefix(12)))"])
        }
        return Project(settings: settings, root: project.root)
    }

    /// The blob ids of the fragments in `folder` at `base`.
    private static func blobs(in folder: String, at base: String, git: Git) throws(CommandFailure) -> Set<String> {
        let listing: [String]
        do {
            listing = Git.fields(try git.run(["ls-tree", "-z", "--end-of-options", base, folder + "/"]))
        } catch {
            throw failure(error.message)
        }
        // `<mode> blob <id>\t<path>`.
        return Set(listing.compactMap { entry in
            let parts = entry.split(separator: "\t", maxSplits: 1)
            let fields = parts.first?.split(separator: " ") ?? []
            return fields.count == 3 && fields[1] == "blob" ? String(fields[2]) : nil
        })
    }

    /// The blob ids git gives the files at `paths`, as they are now.
    private static func blobs(of paths: [String], git: Git) throws(CommandFailure) -> [String] {
        do {
            let ids = try git.run(["hash-object", "--no-filters", "--"] + paths)
            return String(decoding: ids, as: UTF8.self).split(separator: "\n").map(String.init)
        } catch {
            throw failure(error.message)
        }
    }

    /// How many changes the notes file lists in its release in progress now that it did not at
    /// `base`, counting only those with words in them.
    private static func newChanges(
        in notes: String, at base: String, top: String, project: Project, git: Git
    ) throws(CommandFailure) -> Int {
        let path = top + "/" + notes
        // The branch's notes file is read as any file of the repository: never through a link out.
        guard project.boundary.problem(with: path, from: .repository, what: "the notes file") == nil,
            FileKind(of: ProjectBoundary.real(path)) == .regularFile,
            let now = try? SourceFile.load(path: path, maximumSize: project.maximumSize)
        else { return 0 }
        let before = (try? git.run(["show", "--end-of-options", "\(base):\(notes)"])).flatMap {
            try? SourceFile(path: path, bytes: $0)
        }
        func listed(_ source: SourceFile?) -> [String: Int] {
            guard let source else { return [:] }
            var reader = DocumentReader(icons: .builtIn)
            reader.kinds = project.projectKinds
            var counts: [String: Int] = [:]
            for section in reader.read(source).document.releaseInProgress?.sections ?? [] {
                let texts = section.items.isEmpty ? [section.title ?? "", section.content.plainText] : section.items
                for text in texts where text.hasWords { counts[text.collapsingWhitespace(), default: 0] += 1 }
            }
            return counts
        }
        let old = listed(before)
        return listed(now).reduce(0) { $0 + max(0, $1.value - (old[$1.key] ?? 0)) }
    }

    /// `path` relative to the repository's top, as git names files.
    private static func relative(_ path: String, to top: String) -> String {
        let top = Project.canonical(top)
        return path.hasPrefix(top + "/") ? String(path.dropFirst(top.count + 1)) : path
    }

    private static func failure(_ message: String) -> CommandFailure {
        CommandFailure(message: "whatsnew check: error: \(message)")
    }
}
