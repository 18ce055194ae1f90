import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering
import WhatsNewSheet

/// `whatsnew deps`: what an update of the lockfiles brings, from the changelogs the package
/// managers already keep on disk. The lockfile is compared with itself at a commit (by default
/// the merge base with the default branch, else HEAD) or with another file; each dependency
/// whose version moved gets its notes from the new version's changelog, merged into one sheet.
package struct ShowDependencyUpdates {
    /// `--since`: the commit to compare with; nil for the merge base with the default branch.
    package var since: String?
    /// `--lockfile`: the lockfile; nil to look in this folder and the ones above it.
    package var lockfile: String?
    /// `--from`: an older lockfile to compare with, instead of a commit.
    package var from: String?
    /// `--format`: text, markdown, json or html.
    package var format: OutputFormat = .text
    /// `--output`: a file written whole; nil for standard output.
    package var output: String?
    /// `--fail-on breaking`: exit 1 when an update brings a breaking change.
    package var failsOnBreaking = false
    /// `--width`, `--color`, `--cjk`, `--links`.
    package var text = TextChoices()
    /// The process's terminal and environment.
    package var terminal = TerminalEnvironment.current

    /// The largest lockfile read: the largest real ones are a few megabytes.
    package static let maximumLockfileSize = 64 << 20

    package init() {}

    package func run(console: Console = .standard) throws(CommandFailure) {
        guard [.text, .markdown, .json, .html].contains(format) else {
            throw .usage("deps writes text, markdown, json or html, not \(format.rawValue)")
        }
        if from != nil, since != nil { throw .usage("--from and --since both name what to compare with; give one") }
        let paths = try lockfiles()
        var entries: [DependencyReport.Entry] = []
        var base = from.map { Project.shown($0) } ?? ""
        var shown: [String] = []
        for path in paths {
            let format = LockfileFormat(fileName: path)!
            let new = try Self.dependencies(in: try Self.load(path), format: format, path: path)
            let old: [LockedDependency]
            if let from {
                old = try Self.dependencies(in: try Self.load(from), format: format, path: from)
                shown.append(Project.shown(path))
            } else {
                // Named from the repository's top, so every folder of it writes the same report.
                let (commit, bytes, inRepository) = try Self.atCommit(path, since: since)
                shown.append(inRepository)
                base = String(commit.prefix(12))
                old =
                    try bytes.map { bytes throws(CommandFailure) in
                        try Self.dependencies(in: bytes, format: format, path: "\(path)@\(base)")
                    } ?? []
            }
            let root = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
            let caches = DependencyCaches(root: root, environment: terminal.variables)
            for update in DependencyUpdate.between(old, new) {
                entries.append(Self.entry(update, format: format, caches: caches))
            }
        }
        let report = DependencyReport(base: base, lockfiles: shown, entries: entries)
        let written = try report.render(self.format, terminal: text.terminalOptions(output: output, terminal: terminal))
        try OutputTarget(path: output).write(written)
        let breaking = report.breaking
        if failsOnBreaking, !breaking.isEmpty {
            let named = breaking.prefix(5).map { entry in
                entry.breakingCount > 0
                    ? "\(entry.update.name) (\(entry.breakingCount) marked in its notes)"
                    : "\(entry.update.name) (\(entry.update.versions) crosses a major version)"
            }
            throw CommandFailure(
                message:
                    "whatsnew deps: error: \(breaking.count == 1 ? "an update brings" : "\(breaking.count) updates bring") breaking changes: "
                    + TerminalSanitizer.clean(named.joined(separator: ", ")) + (breaking.count > 5 ? ", …" : ""))
        }
    }

    /// One dependency's part: its notes from the changelog of the newer version, or why none.
    static func entry(_ update: DependencyUpdate, format: LockfileFormat, caches: DependencyCaches)
        -> DependencyReport.Entry
    {
        var entry = DependencyReport.Entry(update: update, ecosystem: format.ecosystem)
        guard let from = update.from, let to = update.to else { return entry }
        let newer = update.step == .downgrade ? from : to
        switch caches.changelog(of: newer, format: format) {
        case .missing(let why):
            entry.missing = why
        case .found(let source):
            entry.changelog = source.path
            let reader = Notes.foreignReader()
            let document = reader.read(source).document
            if let notes = DependencyNotes(document, update: update, reader: reader) {
                entry.notes = notes
            } else {
                let listed = document.releases.compactMap { $0.version?.text }
                entry.missing =
                    listed.isEmpty
                    ? "its changelog (\(source.path)) names no versions"
                    : "its changelog lists no release after \(update.step == .downgrade ? to.version : from.version) up to \(newer.version) (newest listed: \(listed[0]))"
            }
        }
        return entry
    }

    /// `--lockfile`, or every lockfile in the nearest folder (this one, then each above it up
    /// to the repository's top) that has one; go.sum only where no go.mod is.
    private func lockfiles() throws(CommandFailure) -> [String] {
        if let lockfile {
            guard LockfileFormat(fileName: lockfile) != nil else {
                throw .usage(
                    "--lockfile takes one of "
                        + LockfileFormat.allCases.map(\.rawValue).joined(separator: ", ")
                        + ", not \(Project.shown(lockfile))")
            }
            guard FileKind(of: lockfile) != nil else {
                throw CommandFailure(message: "\(Project.shown(lockfile)): error: no such file")
            }
            return [lockfile]
        }
        let top = (try? Git(directory: nil).text(["rev-parse", "--show-toplevel"])).map(Project.canonical)
        var folder = "."
        var real = Project.canonical(".")
        while true {
            var found = LockfileFormat.allCases.map(\.rawValue).filter { FileKind(of: folder + "/" + $0) != nil }
            if found.contains("go.mod") { found.removeAll { $0 == "go.sum" } }
            if !found.isEmpty { return found.map { folder == "." ? $0 : folder + "/" + $0 } }
            guard real != top, real != "/" else { break }
            folder = folder == "." ? ".." : folder + "/.."
            real = Project.canonical(folder)
        }
        throw CommandFailure(
            message:
                "whatsnew deps: error: found no lockfile here or above (Package.resolved, Cargo.lock, package-lock.json, pnpm-lock.yaml, go.mod, pubspec.lock, mix.lock); name one with --lockfile"
        )
    }

    private static func load(_ path: String) throws(CommandFailure) -> [UInt8] {
        do {
            return try SourceFile.load(path: path, maximumSize: maximumLockfileSize).bytes
        } catch {
            throw CommandFailure(error)
        }
    }

    private static func dependencies(in bytes: [UInt8], format: LockfileFormat, path: String) throws(CommandFailure)
        -> [LockedDependency]
    {
        do {
            return try format.dependencies(in: bytes)
        } catch {
            throw CommandFailure(
                Diagnostic(
                    .unreadableFile, at: SourceLocation(path: Project.shown(path), line: error.line ?? 1, column: 1),
                    error.message))
        }
    }

    /// The commit to compare with, the lockfile at `path` as it has it (nil when it had none
    /// then), and the lockfile's path from the repository's top.
    private static func atCommit(_ path: String, since: String?) throws(CommandFailure) -> (
        String, [UInt8]?, String
    ) {
        let git = Git(directory: nil)
        do throws(Git.Failure) {
            let top = Project.canonical(try git.text(["rev-parse", "--show-toplevel"]))
            let commit: String
            if let since {
                guard let named = git.commit(since) else {
                    throw Git.Failure(message: "--since \(since) names no commit here")
                }
                commit = named
            } else {
                if let mergeBase = try? CheckChange.mergeBase(git, base: nil) {
                    commit = mergeBase
                } else {
                    commit = try git.text(["rev-parse", "--verify", "HEAD"])
                }
            }
            let at = BaseCommit(commit: commit, top: top, git: Git(directory: top))
            let inRepository = at.path(of: path)
            return (commit, at.contents(of: inRepository), inRepository)
        } catch {
            throw CommandFailure(
                message:
                    "whatsnew deps: error: \(error.message); outside a git repository, compare two files with --from OLD --lockfile NEW"
            )
        }
    }
}
