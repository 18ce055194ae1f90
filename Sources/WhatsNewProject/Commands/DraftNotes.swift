import WhatsNewModel
import WhatsNewReading

/// `whatsnew draft`: a fragment for each conventional commit since the latest release that has
/// no note yet, written all together or not at all; the drafts of commits a later commit
/// reverts are removed in the same step.
package struct DraftNotes {
    /// Which commits.
    package var request = DraftRequest()
    /// `--dry-run`: say what would be written and removed, change nothing.
    package var dryRun = false

    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try project.settings?.check(on: console)
        let lock = dryRun ? nil : try project.lockForWriting(console: console)
        defer { lock?.release() }
        let folder = FragmentFolder(path: project.fragmentsPath)
        // Every package a commit concerns is named in its note, whichever package this run is
        // for: the note is drafted once per commit, and a second run takes it for drafted.
        var drafts = try CommitDrafts.make(
            for: project, units: project.hasPackages ? project.units.map(project.scoped(to:)) : nil, request: request,
            folder: folder
        ) { unit throws(CommandFailure) in
            try Self.document(of: unit)
        }
        if project.hasPackages, project.chosen != .every {
            let chosen = Set(project.selection.compactMap(\.name))
            drafts.drafts.removeAll { !$0.fragment.packages.contains(where: chosen.contains) }
        }
        console.report(drafts.findings)
        if dryRun {
            var listing = ""
            for draft in drafts.drafts {
                listing +=
                    "would write \(folder.path)/\(draft.name)\n"
                    + draft.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
                        "  " + $0 + "\n"
                    }.joined()
            }
            for withdrawn in drafts.withdrawn {
                listing += "would remove \(folder.path)/\(withdrawn.name) (commit \(withdrawn.revert) reverts it)\n"
            }
            try console.deliver(listing)
            console.report(Self.summary(drafts, written: false))
            return
        }
        try write(drafts, in: folder, reader: project.fragmentReader)
        try console.deliver(drafts.drafts.map { "\(folder.path)/\($0.name)\n" }.joined())
        console.report(Self.summary(drafts, written: true))
    }

    /// The unit's notes as read, empty when there is no file yet.
    static func document(of unit: Project) throws(CommandFailure) -> Document {
        let path = try unit.admittedNotes(nil)
        let source = FileKind(of: path) == nil ? try Notes.empty(path) : try Notes.load(path, unit.maximumSize)
        return Notes.document(of: source, in: unit)
    }

    /// Every draft in place, or none: a folder made whole beside its place and renamed in, or
    /// the drafts renamed into the folder under a list the next run finishes if this one is
    /// killed. Then the drafts a commit reverts go.
    private func write(_ drafts: CommitDrafts, in folder: FragmentFolder, reader: FragmentReader) throws(CommandFailure)
    {
        let notes = drafts.drafts.map { ($0.name, $0.text) }
        let file = FragmentFile(folder: folder.path, reader: reader)
        if !notes.isEmpty, FileKind(of: folder.path) == nil {
            do throws(CommandFailure) {
                if try file.firstNotes(notes) { return }
            } catch {
                var failure = error
                failure.notes.append("nothing was changed")
                throw failure
            }
        }
        if !notes.isEmpty {
            var prepared: [PreparedFile] = []
            for (name, text) in notes {
                let path = folder.path + "/" + name
                do throws(CommandFailure) {
                    prepared.append(try PreparedFile(path, target: path) { $0.write(text) })
                } catch {
                    var failure = error
                    failure.notes.append("nothing was changed")
                    throw failure
                }
            }
            try SignalShield.run { () throws(CommandFailure) in try MultiFileCommit(prepared).run() }
        }
        // A reverted draft goes once the new ones are in; a run that cannot remove one says so,
        // and `whatsnew draft` again removes it.
        for withdrawn in drafts.withdrawn {
            guard let error = ProjectFiles.remove(folder.path + "/" + withdrawn.name) else { continue }
            throw CommandFailure(
                Diagnostic(
                    .unwritableOutput, at: SourceLocation(path: folder.path + "/" + withdrawn.name),
                    "cannot remove this draft, which commit \(withdrawn.revert) reverts: \(describe(errno: error))"),
                notes: [
                    notes.isEmpty
                        ? "nothing was changed" : "the new drafts were written; run `whatsnew draft` again to remove it"
                ])
        }
        if !drafts.withdrawn.isEmpty { PreparedFile.flushFolder(of: folder.path + "/README.md") }
    }

    /// What was drafted, and why the other commits have no note, in a sentence.
    static func summary(_ drafts: CommitDrafts, written: Bool) -> String {
        let counts = drafts.counts
        func count(_ number: Int, _ one: String, _ many: String) -> String {
            number == 1 ? "1 \(one)" : "\(number) \(many)"
        }
        var parts: [String] = []
        if counts.already > 0 { parts.append(count(counts.already, "was drafted before", "were drafted before")) }
        if counts.noted > 0 { parts.append(count(counts.noted, "has its note already", "have their notes already")) }
        if counts.hidden > 0 { parts.append("\(counts.hidden) of types users never see") }
        if counts.notConventional > 0 {
            parts.append(count(counts.notConventional, "is not a conventional commit", "are not conventional commits"))
        }
        if counts.duplicates > 0 { parts.append(count(counts.duplicates, "repeats another", "repeat others")) }
        if counts.reverted > 0 { parts.append(count(counts.reverted, "was reverted", "were reverted")) }
        if !drafts.problems.isEmpty { parts.append("\(drafts.problems.count) skipped") }
        if !drafts.unplaced.isEmpty {
            parts.append(count(drafts.unplaced.count, "concerns no package", "concern no package"))
        }
        let verb = written ? "drafted" : "would draft"
        var sentence =
            "\(verb) \(count(drafts.drafts.count, "note", "notes")) from \(count(counts.commits, "commit", "commits"))"
        if !drafts.withdrawn.isEmpty {
            sentence +=
                "; \(written ? "removed" : "would remove") \(count(drafts.withdrawn.count, "reverted draft", "reverted drafts"))"
        }
        if !parts.isEmpty { sentence += " (" + parts.joined(separator: "; ") + ")" }
        if drafts.drafts.isEmpty && drafts.withdrawn.isEmpty && counts.commits > 0 && written {
            sentence += "; nothing was changed"
        }
        return sentence
    }
}
