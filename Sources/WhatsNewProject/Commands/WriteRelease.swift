import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `whatsnew release VERSION`: the fragments and the notes' unreleased changes written into
/// the notes as a new release, in the notes' own dialect, all or nothing.
///
/// The notes are read once; the release is composed from that reading, and the check that it
/// reads back as the preview showed reads the preview and the result once each.
package struct WriteRelease {
    /// The new release's version, or `auto`, `major`, `minor`, `patch` to compute it.
    package var version: String
    /// `--pre`: a pre-release of this name (`beta`), numbered on from the notes.
    package var preRelease: String?
    /// `--build`: the build number written to the version files.
    package var build: String?
    /// `--keep-pre-releases`: a release leaves the pre-releases it gathers in the notes.
    package var keepsPreReleases = false
    /// `--date`, `YYYY-MM-DD`; nil for today.
    package var date: String?
    /// `--notes`: the notes file; nil for the project's.
    package var notes: String?
    /// `--dry-run`: print the release, change nothing.
    package var dryRun = false
    /// `--keep`: leave the fragments in place.
    package var keep = false
    /// `--allow-older`: a version not newer than the latest.
    package var allowsOlder = false
    /// `--allow-behind`: version files that hold a newer version are moved back to this one.
    package var allowsBehind = false
    /// `--allow-empty`: a release with nothing in it.
    package var allowsEmpty = false
    /// `--icons`: an icon map on top of the built-in tables.
    package var iconMap: String?
    /// `--create`: start the notes file when it does not exist yet.
    package var creates = false
    /// `--max-size`: the largest notes file read; nil for `.whatsnew.yml`'s, else 8 MB.
    package var maximumSize: Int?

    package init(version: String) {
        self.version = version
    }

    /// `--draft`: notes drafted from the commits since the latest release go in with the
    /// fragments, in the same step.
    package var drafts = false

    /// `--format json`: the releases made as JSON, for scripts.
    package var json = false

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try project.settings?.check(on: console)
        let request = ReleasePlan.Request(version)
        if project.hasPackages {
            if project.chosen == .every {
                throw .usage(
                    "this repository releases \(project.units.compactMap(\.name).joined(separator: ", ")); say which with --package NAME (repeatable) or --package all"
                )
            }
            if project.selection.count > 1, case .exact = request {
                throw .usage("a version goes with one package; give auto, major, minor or patch to release several")
            }
            if project.selection.count > 1, notes != nil {
                throw .usage("--notes names one package's notes; give one --package with it")
            }
        }
        for unit in project.each {
            let path = try unit.admittedNotes(notes)
            let exists = FileKind(of: path) != nil
            guard exists || creates else {
                throw CommandFailure(
                    Diagnostic(.unreadableFile, at: SourceLocation(path: path), "no such file"),
                    notes: ["nothing was changed; give --create to start a new notes file here"])
            }
            let parent = PreparedFile.split(path).directory
            guard exists || FileKind(of: parent) != nil else {
                throw CommandFailure(
                    Diagnostic(
                        .unwritableOutput, at: SourceLocation(path: path),
                        "cannot start the notes here: the folder \(parent) does not exist"))
            }
        }
        // One writer at a time, from reading the notes to the last fragment removed.
        let lock = dryRun ? nil : try project.lockForWriting(notes: notes, console: console)
        defer { lock?.release() }
        var notesRequest = NotesRequest()
        (notesRequest.iconMap, notesRequest.maximumSize) = (iconMap, maximumSize)
        if drafts { notesRequest.drafting = DraftRequest() }
        let day = try ReleaseDay.parse(date, option: "--date")
        let round = try ReleaseRound.plan(
            request, preRelease: preRelease, in: project, notes: notes, notesRequest: notesRequest, day: day,
            missingIsEmpty: creates, console: console)
        // The notes' errors and every fragment finding, warnings too; any error stopped the plan.
        console.report(round.findings)
        var writes: [Write] = []
        for entry in round.entries {
            console.report(entry.plan.warnings)
            writes.append(try write(entry, day: day, console: console))
        }
        if dryRun {
            for (index, (write, entry)) in zip(writes, round.entries).enumerated() {
                let header =
                    round.entries.count > 1
                    ? "\(index == 0 ? "" : "\n")# \(entry.project.unit.name ?? "") \(entry.plan.version.text)\n\n" : ""
                try console.deliver(
                    header + write.edit.release + write.changes.map { "\n" + VersionFiles.diff($0) }.joined())
            }
            for (write, entry) in zip(writes, round.entries) {
                console.report(
                    "would release \(entry.plan.version.text) (tag \(write.tag)) in \(write.path)"
                        + Self.following(entry))
            }
            return
        }
        try commit(writes, round)
        for (write, entry) in zip(writes, round.entries) {
            console.report(
                summary(write, entry, released: Set(round.entries.compactMap(\.project.unit.name)))
                    + Self.following(entry))
        }
        try console.deliver(output(round, writes))
    }

    /// One unit's part of the release: its notes before and after, and its version files.
    private struct Write {
        var path: String
        var source: SourceFile
        var edit: ReleaseWriter.Edit
        var changes: [VersionFiles.Change]
        var gathered: Int
        /// The tag, with the build number where `tag:` names it.
        var tag: String
    }

    /// The notes of `entry` with its release written in, and its version files changed.
    private func write(_ entry: ReleaseRound.Entry, day: ReleaseDate, console: Console) throws(CommandFailure) -> Write
    {
        let project = entry.project
        let file = entry.waiting.file
        let gathering = entry.plan.pending.preReleases(gatheredBy: entry.plan.version, in: file.document.releases)
        let versionFiles = VersionFiles(project: project)
        let settings = project.config?.path ?? ProjectConfig.fileName
        // The files' own problems first: a build number is looked for only in files read.
        if !versionFiles.findings.isEmpty {
            throw CommandFailure(versionFiles.findings, notes: ["nothing was changed"])
        }
        let number = try versionFiles.buildNumber(
            given: build, incrementsBuild: project.config?.incrementsBuild ?? false)
        let tag = try entry.plan.tag(build: number, settings: settings)
        let edit: ReleaseWriter.Edit
        do {
            edit = try Notes.writer(entry.waiting.reader, project).release(
                file, fragments: entry.fragments, version: entry.plan.version.text, date: day, allowsOlder: allowsOlder,
                allowsEmpty: allowsEmpty, gathering: gathering, keepingGathered: keepsPreReleases, build: number)
        } catch {
            throw CommandFailure(error)
        }
        // What the notes' format cannot keep is said once, whether or not the release is written.
        console.report(edit.warnings)
        let changes = try versionFiles.changes(
            version: entry.plan.version, build: build, incrementsBuild: project.config?.incrementsBuild ?? false,
            allowsBehind: allowsBehind)
        if let unwritten = versionFiles.unwrittenBuild(build, settings: settings) {
            console.report([unwritten])
        }
        return Write(
            path: file.source.path, source: file.source, edit: edit, changes: changes, gathered: gathering.count,
            tag: tag)
    }

    /// Every file of every unit changed in one step: the first unit's notes are the journal's
    /// notes, renamed in last; the others' notes, the version files and the fragments still
    /// waiting for packages not released go with them, all or none.
    private func commit(_ writes: [Write], _ round: ReleaseRound) throws(CommandFailure) {
        guard let first = writes.first else { return }
        let folder = round.entries[0].waiting.folder
        let released = Set(round.entries.compactMap(\.project.unit.name))
        // With --keep every fragment stays as it is.
        let files = keep ? [] : round.entries.flatMap { $0.fragments.filter { !ReleaseRound.isMade($0) } }
        var seen: Set<String> = []
        var removed: [(name: String, read: ContentFingerprint)] = []
        var kept: [VersionFiles.Change] = []
        // A folder fragment a drafted commit reverts goes with them.
        for name in keep ? [] : round.entries.flatMap(\.waiting.withdrawn) where seen.insert(name).inserted {
            removed.append((name, ContentFingerprint(ofFileAt: folder.path + "/" + name) ?? .init(of: [])))
        }
        for fragment in files where seen.insert(fragment.name).inserted {
            let path = folder.path + "/" + fragment.name
            let left = fragment.packages.filter { !released.contains($0) }
            if left.isEmpty {
                removed.append((fragment.name, ContentFingerprint(ofFileAt: path) ?? .init(of: [])))
            } else {
                // A note for packages not released here waits for them, naming only them.
                guard let before = ContentFingerprint.contents(of: path),
                    let after = FragmentPackages.rewrite(before, to: left)
                else {
                    throw CommandFailure(
                        Diagnostic(
                            .fragmentPackage, at: SourceLocation(path: path),
                            "this note waits for \(left.joined(separator: ", ")) too, but its `packages:` cannot be rewritten to name only them; write it on a line of its own, such as `packages: [\(fragment.packages.joined(separator: ", "))]`"
                        ),
                        notes: ["nothing was changed"])
                }
                kept.append(VersionFiles.Change(path: path, before: before, after: after))
            }
        }
        let mark: (SourceFile) -> [UInt8] = { $0.hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : [] }
        var release = ReleaseFiles(
            notes: first.path, before: ContentFingerprint(of: mark(first.source) + first.source.bytes),
            fragments: removed,
            folder: folder.path,
            version: round.entries.map { ($0.project.unit.name.map { $0 + "@" } ?? "") + $0.plan.version.text }.joined(
                separator: ", "))
        release.others =
            writes.dropFirst().map { write in
                VersionFiles.Change(
                    path: write.path, before: mark(write.source) + write.source.bytes,
                    after: mark(write.source) + write.edit.notes)
            } + writes.flatMap(\.changes) + kept
        try release.commit(mark(first.source) + first.edit.notes)
    }

    /// What was done for one unit, in a sentence.
    private func summary(_ write: Write, _ entry: ReleaseRound.Entry, released: Set<String>) -> String {
        let fragments = entry.fragments.filter { !ReleaseRound.isMade($0) }
        let drafted = entry.fragments.count { !$0.isFile && !$0.name.hasPrefix("~") }
        let notes = drafted == 0 ? "" : "\(drafted == 1 ? "1 note" : "\(drafted) notes") drafted from commits"
        let files = fragments.count == 1 ? "1 fragment" : "\(fragments.count) fragments"
        let used = drafted == 0 ? files : fragments.isEmpty ? notes : files + " and " + notes
        let folded =
            write.gathered == 0
            ? "" : "; gathered in \(write.gathered == 1 ? "1 pre-release" : "\(write.gathered) pre-releases")"
        let folder = entry.waiting.folder.path
        let waiting = fragments.filter { $0.packages.contains { !released.contains($0) } }
        let gone = fragments.count - waiting.count
        let others = Set(waiting.flatMap(\.packages)).subtracting(released).sorted().joined(separator: ", ")
        return "released \(entry.plan.version.text) in \(write.path) from \(used)"
            + (keep || gone == 0
                ? "" : "; removed \(gone == fragments.count ? (gone == 1 ? "it" : "them") : "\(gone)") from \(folder)")
            + (keep || waiting.isEmpty
                ? "" : "; \(waiting.count == 1 ? "1 waits" : "\(waiting.count) wait") there for \(others)")
            + folded
            + (write.changes.isEmpty
                ? "" : "; wrote the version to \(write.changes.map(\.path).joined(separator: ", "))")
    }

    /// Why a unit nobody named is released, so it never happens silently.
    private static func following(_ entry: ReleaseRound.Entry) -> String {
        guard !entry.follows.isEmpty else { return "" }
        let names = entry.follows.joined(separator: ", ")
        return entry.isChosen ? " (with a row for \(names))" : " (it uses \(names), released with it)"
    }

    /// For a script: `version=` and `tag=` for one project's release (`>> "$GITHUB_OUTPUT"`), a
    /// `package=… version=… tag=…` line per package, or with `--format json` an array.
    private func output(_ round: ReleaseRound, _ writes: [Write]) -> String {
        if json {
            struct Made: Encodable {
                var package: String?
                var version: String
                var tag: String
            }
            let made = zip(round.entries, writes).map {
                Made(package: $0.project.unit.name, version: $0.plan.version.text, tag: $1.tag)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return ((try? encoder.encode(made)).map { String(decoding: $0, as: UTF8.self) } ?? "[]") + "\n"
        }
        guard round.entries.first?.project.hasPackages == true else {
            return zip(round.entries, writes).map { "version=\($0.plan.version.text)\ntag=\($1.tag)\n" }.joined()
        }
        return zip(round.entries, writes).map {
            "package=\($0.project.unit.name ?? "") version=\($0.plan.version.text) tag=\($1.tag)\n"
        }.joined()
    }
}
