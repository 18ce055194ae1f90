import Foundation
import WhatsNewModel
import WhatsNewReading

/// `whatsnew check`: does this change carry a release note? For pull requests in CI.
///
/// Compares the working tree with the base and fails when the change touches files that need
/// a note but adds no fragment; every fragment it adds is linted.
package struct CheckChange {
    /// What needs no note unless `check: ignore:` says otherwise.
    package static let defaultIgnore = [
        "docs/**", "doc/**", "Documentation/**", "test/**", "tests/**", "Tests/**", "spec/**", ".github/**", "*.md",
    ]

    /// `--base`: the commit to compare with; nil for the merge base with origin/HEAD, main or master.
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
        do {
            top = try git.text(["rev-parse", "--show-toplevel"])
            changes = try Self.changes(against: try baseCommit(git), in: top)
        } catch {
            throw Self.failure(error.message)
        }
        let fragmentsFolder = Self.relative(Project.canonical(project.fragmentsPath), to: top)
        let notesFile = Self.relative(Project.canonical(project.notesPath), to: top)
        let ignore = (project.config?.checkIgnore ?? Self.defaultIgnore).map(PathGlob.init)

        let added = changes.filter { change in
            change.status != "D" && change.path.hasPrefix(fragmentsFolder + "/")
                && !change.path.dropFirst(fragmentsFolder.count + 1).contains("/")
                && FragmentFolder.isFragmentName(String(change.path.split(separator: "/").last ?? ""))
        }
        let notesEdited = changes.contains { $0.path == notesFile }
        // Looked up by path: a change adding n fragments would otherwise cost n².
        let addedPaths = Set(added.map(\.path))
        let needing = changes.filter { change in
            !addedPaths.contains(change.path) && change.path != notesFile
                && !change.path.hasPrefix(fragmentsFolder + "/") && !ignore.contains { $0.matches(change.path) }
        }

        // A release cut short hides fragments; the branch is not in the state it looks.
        var findings = UnfinishedRelease.find(in: project.fragmentsPath).map(\.diagnostic)
        var read: [Fragment] = []
        for change in added {
            let path = Self.shown(top + "/" + change.path)
            let (fragment, found) = FragmentFolder.read(path, with: FragmentReader(kinds: project.kinds))
            findings += found
            if let fragment { read.append(fragment) }
        }
        findings += FragmentLinter().check(read)
        console.report(findings)
        if findings.contains(where: { $0.severity == .error }) {
            throw Self.failure(
                findings.contains { $0.rule == .unfinishedRelease }
                    ? "a release was interrupted here; run `whatsnew recover`, then `whatsnew check` again"
                    : "a release note this change adds has errors; fix them, then run `whatsnew check` again")
        }
        if !added.isEmpty {
            let names = added.map { $0.path }
            console.report(
                "whatsnew check: this change adds \(names.count == 1 ? "a release note" : "\(names.count) release notes"): "
                    + names.joined(separator: ", "))
            return
        }
        if notesEdited {
            console.report(
                "whatsnew check: this change edits \(notesFile) directly; a fragment (`whatsnew new`) would not conflict with other pull requests"
            )
            return
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

    /// `--base`, checked to be a commit; else the merge base with origin/HEAD, main or master.
    private func baseCommit(_ git: Git) throws(Git.Failure) -> String {
        if let base {
            guard let commit = git.commit(base) else {
                throw Git.Failure(message: "--base \(base) names no commit here; fetch it first (actions/checkout with fetch-depth: 0)")
            }
            return commit
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

    struct Change {
        var status: String
        var path: String
    }

    /// Tracked files changed since `base` (committed or not), and new files git does not ignore.
    private static func changes(against base: String, in top: String) throws(Git.Failure) -> [Change] {
        let git = Git(directory: top)
        let fields = Git.fields(try git.run(["diff", "--name-status", "-z", "--no-renames", base, "--"]))
        var changes: [Change] = []
        var index = 0
        while index + 1 < fields.count {
            changes.append(Change(status: String(fields[index].prefix(1)), path: fields[index + 1]))
            index += 2
        }
        let untracked = Git.fields(try git.run(["ls-files", "--others", "--exclude-standard", "-z"]))
        return changes + untracked.map { Change(status: "A", path: $0) }
    }

    /// `path` relative to the repository's top, as git names files.
    private static func relative(_ path: String, to top: String) -> String {
        let top = Project.canonical(top)
        return path.hasPrefix(top + "/") ? String(path.dropFirst(top.count + 1)) : path
    }

    /// A path as the user would type it from here.
    private static func shown(_ path: String) -> String {
        let here = Project.canonical(FileManager.default.currentDirectoryPath)
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }

    private static func failure(_ message: String) -> CommandFailure {
        CommandFailure(message: "whatsnew check: error: \(message)")
    }
}
