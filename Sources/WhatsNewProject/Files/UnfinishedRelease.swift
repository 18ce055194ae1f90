import WhatsNewModel
import WhatsNewReading

/// A release that stopped half-way, found by its journal in the fragments folder, or a folder of
/// that name whatsnew did not write (``ReleaseJournal/Reading/foreign(_:)``). The commands that
/// write end the first before anything else and refuse to go on past the second; the others
/// report both, since what they would show is not what is.
package struct UnfinishedRelease {
    /// The journal folder.
    package let journal: ReleaseJournal
    /// What the folder turned out to be.
    package let reading: ReleaseJournal.Reading

    /// The unfinished release in the fragments folder `folder`, if there is one.
    package static func find(in folder: String) -> [UnfinishedRelease] {
        let journal = ReleaseJournal(folder: folder)
        guard FileKind(of: journal.directory) != nil else { return [] }
        return [UnfinishedRelease(journal: journal, reading: journal.read())]
    }

    /// The finding `lint`, `check` and the renderers report.
    package var diagnostic: Diagnostic {
        let here = SourceLocation(path: journal.directory)
        guard case .plan(let plan) = reading else { return foreign }
        let waiting = journal.setAsideNames.count
        if waiting == 0 {
            return Diagnostic(
                .unfinishedRelease, at: here,
                "a release of \(plan.version) was interrupted while writing the version files; run `whatsnew recover` to finish it or roll it back"
            )
        }
        return Diagnostic(
            .unfinishedRelease, at: here,
            "a release of \(plan.version) was interrupted and \(waiting == 1 ? "1 fragment waits" : "\(waiting) fragments wait") here; run `whatsnew recover` to finish it or roll it back"
        )
    }

    /// The finding for a folder whatsnew did not write.
    private var foreign: Diagnostic {
        let reason = if case .foreign(let reason) = reading { reason } else { "" }
        return Diagnostic(
            .foreignJournal, at: SourceLocation(path: journal.directory),
            "this is not a release journal whatsnew wrote for this user on this machine (\(reason)), so nothing in it is carried out: move any notes of yours in it back to \(journal.folder), then delete it"
        )
    }

    /// Ends the release: forward when the notes hold what the plan says they would, back
    /// otherwise. Returns what was done, in a sentence.
    /// `notes`: the notes file the command works on; a plan for other notes is left to a
    /// command on those. `versionFiles`: the project's version files, absolute; the only files
    /// outside the fragments a journal may put back. `maximumSize`: the largest notes read.
    package func end(notes: String, others versionFiles: Set<String>, maximumSize: Int) throws(CommandFailure) -> String
    {
        guard case .plan(let plan) = reading else { throw CommandFailure(foreign, notes: ["nothing was changed"]) }
        let these = ProjectBoundary.real(notes)
        // A release of several packages is ended from any of them: their notes are all its files.
        guard plan.notes == these || versionFiles.contains(plan.notes) else {
            throw CommandFailure(
                Diagnostic(
                    .unfinishedRelease, at: SourceLocation(path: journal.directory),
                    "a release of \(plan.version) into \(Project.shown(plan.notes)) was interrupted here; run `whatsnew recover --notes \(Project.shown(plan.notes))` to end it"
                ),
                notes: ["nothing was changed"])
        }
        // The notes as they are, read as any file is: never through a link, never past the limit.
        let now = OwnFile.read(plan.notes, limit: maximumSize, owned: false).map { ContentFingerprint(of: $0) }
        let shown = Project.shown(plan.notes)
        do {
            if now == plan.after {
                try journal.finish(plan.fragments)
                let count = plan.fragments.count
                return
                    "finished the interrupted release of \(plan.version): \(shown) already held it; removed its \(count == 1 ? "fragment" : "\(count) fragments")"
            }
            let changedSince = try journal.restoreFiles(of: plan, allowed: versionFiles)
            let restored = try journal.rollBack()
            let back =
                restored == 0
                ? ""
                : restored == 1
                    ? "; its fragment is back in \(journal.folder)"
                    : "; its \(restored) fragments are back in \(journal.folder)"
            var state =
                now == plan.before ? "\(shown) is as it was" : "\(shown) has changed since; check it for the release"
            if !plan.files.isEmpty {
                state +=
                    changedSince.isEmpty
                    ? "; the version files are as they were"
                    : "; left as they are: \(changedSince.map(Project.shown).joined(separator: ", ")) (changed since, or not a version file of this project)"
            }
            return "rolled back the interrupted release of \(plan.version): \(state)\(back)"
        } catch {
            throw CommandFailure(
                error.diagnostic, notes: ["the interrupted release of \(plan.version) is still in \(journal.directory)"]
            )
        }
    }
}
