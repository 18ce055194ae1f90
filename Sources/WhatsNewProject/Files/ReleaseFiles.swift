import WhatsNewModel
import WhatsNewReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files a release changes, changed all together or not at all. The new notes are written
/// in full beside the old; the journal records the plan; the fragments move into the journal;
/// the notes and fragments are checked to be the ones that were read; the notes are renamed
/// into place; only then do the fragments go. A failure at any step puts everything back, and
/// a process killed at any step leaves a journal the next command ends (``UnfinishedRelease``).
package struct ReleaseFiles {
    /// The notes file, as the user named it.
    package let notes: String
    /// The notes' fingerprint when read (an empty file's for notes that did not exist).
    package let before: ContentFingerprint
    /// The fragments to remove, by name in `folder`, with their fingerprints when read.
    package let fragments: [(name: String, read: ContentFingerprint)]
    /// The fragments' folder.
    package let folder: String
    /// The version released, for the journal.
    package let version: String

    package init(
        notes: String, before: ContentFingerprint, fragments: [(name: String, read: ContentFingerprint)],
        folder: String, version: String
    ) {
        (self.notes, self.before, self.fragments, self.folder, self.version) = (
            notes, before, fragments, folder, version
        )
    }

    /// The version files changed with the notes, renamed into place before them.
    package var others: [VersionFiles.Change] = []

    package func commit(_ bytes: [UInt8]) throws(CommandFailure) {
        guard case .file(let target) = try FileDestination(notes) else {
            throw FileDestination.failure(notes, "is not a regular file; the notes are a file whatsnew can replace")
        }
        // Every file is written in full beside its target before any is put in place.
        let prepared = try PreparedFile(notes, target: target) { $0.write(bytes: bytes) }
        let others = try self.others.map { change throws(CommandFailure) -> (VersionFiles.Change, PreparedFile) in
            guard case .file(let real) = try FileDestination(change.path) else {
                throw FileDestination.failure(change.path, "is not a regular file")
            }
            return (change, try PreparedFile(change.path, target: real) { $0.write(bytes: change.after) })
        }
        try SignalShield.run { () throws(CommandFailure) in
            guard !fragments.isEmpty || !others.isEmpty else {
                try checkNotes(target)
                try prepared.commit()
                return
            }
            let journal = ReleaseJournal(folder: folder)
            // A release without fragments keeps its journal in a fragments folder made for it.
            let madeFolder = FileKind(of: folder) == nil && mkdir(folder, 0o755) == 0
            defer { if madeFolder { rmdir(folder) } }
            let names = fragments.map(\.name)
            let files = others.map { change, file in
                ReleaseJournal.Plan.File(
                    path: ProjectBoundary.real(file.target), before: ContentFingerprint(of: change.before),
                    after: ContentFingerprint(of: change.after))
            }
            let plan = ReleaseJournal.Plan(
                version: version, notes: ProjectBoundary.real(target), before: before,
                after: ContentFingerprint(of: bytes), fragments: names, files: files)
            // The journal is this run's while it lives: no other run ends it meanwhile.
            let held: HeldLock?
            do throws(JournalFailure) {
                held = try journal.begin(plan, saving: others.map(\.0.before))
            } catch {
                throw CommandFailure(error.diagnostic, notes: ["nothing was changed"])
            }
            defer { held?.release() }
            do throws(JournalFailure) {
                try journal.setAside(names)
            } catch {
                throw undo(journal, CommandFailure(error.diagnostic))
            }
            do throws(CommandFailure) {
                try checkFragments(journal)
                try checkNotes(target)
                for (change, file) in others
                where ContentFingerprint(ofFileAt: file.target) != ContentFingerprint(of: change.before) {
                    throw changed(change.path)
                }
                // The notes go last: once they hold the release, the release has happened.
                for (_, file) in others { try file.commit() }
                try prepared.commit()
            } catch {
                throw undo(journal, error)
            }
            do throws(JournalFailure) {
                try journal.finish(names)
            } catch {
                throw CommandFailure(
                    error.diagnostic,
                    notes: [
                        "the release is written in \(notes), but its fragments still wait in \(journal.directory); run `whatsnew recover` to remove them"
                    ])
            }
        }
    }

    /// Every fragment, now in the journal, is the one that was read.
    private func checkFragments(_ journal: ReleaseJournal) throws(CommandFailure) {
        for (name, read) in fragments where ContentFingerprint(ofFileAt: journal.directory + "/" + name) != read {
            throw changed(folder + "/" + name)
        }
    }

    /// The notes are the ones that were read.
    private func checkNotes(_ target: String) throws(CommandFailure) {
        let now = ProjectFiles.exists(target) ? ContentFingerprint(ofFileAt: target) : ContentFingerprint(of: [])
        guard now == before else { throw changed(notes) }
    }

    private func changed(_ path: String) -> CommandFailure {
        CommandFailure(
            Diagnostic(
                .notesChanged, at: SourceLocation(path: path),
                "changed since this release read it (another run, or an editor); run the release again"))
    }

    /// Puts the version files and the fragments back after a failed step, and says whether
    /// that worked.
    private func undo(_ journal: ReleaseJournal, _ failure: CommandFailure) -> CommandFailure {
        var failure = failure
        do throws(JournalFailure) {
            if FileKind(of: journal.directory) == .directory {
                if case .plan(let plan) = journal.read() {
                    let changedSince = try journal.restoreFiles(of: plan, allowed: Set(plan.files.map(\.path)))
                    if !changedSince.isEmpty {
                        failure.notes.append(
                            "changed by someone else meanwhile, so left as they are: \(changedSince.joined(separator: ", "))"
                        )
                    }
                }
                try journal.rollBack()
            }
            failure.notes.append(
                "nothing was changed: \(([notes] + others.map(\.path)).joined(separator: ", ")) \(others.isEmpty ? "is" : "are") as \(others.isEmpty ? "it was" : "they were") and the fragments are in \(folder)"
            )
        } catch {
            failure.diagnostics.append(error.diagnostic)
            failure.notes.append(
                "the release stopped half-way: \(notes) is as it was, and the fragments wait in \(journal.directory); run `whatsnew recover` to put them back"
            )
        }
        return failure
    }
}
