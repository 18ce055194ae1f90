import Foundation
import WhatsNewModel

/// A release that stopped half-way, found by its journal in the fragments folder (or by the
/// hidden folder an older whatsnew set fragments aside in). The commands that write end it
/// before anything else; the others report it, since what they would show is not what is.
package struct UnfinishedRelease {
    /// The journal folder.
    package let journal: ReleaseJournal
    /// Its plan; nil for a folder with none (an older whatsnew's, or one cut before the plan).
    let plan: ReleaseJournal.Plan?
    /// The folder the fragments wait in.
    let directory: String

    /// Every unfinished release in the fragments folder `folder`.
    package static func find(in folder: String) -> [UnfinishedRelease] {
        let journal = ReleaseJournal(folder: folder)
        return DirectoryListing.names(in: folder).compactMap { name in
            if name == ReleaseJournal.folderName {
                return UnfinishedRelease(journal: journal, plan: journal.plan(), directory: journal.directory)
            }
            guard name.hasPrefix(ReleaseJournal.legacyPrefix), FileKind(of: folder + "/" + name) == .directory else {
                return nil
            }
            return UnfinishedRelease(journal: journal, plan: nil, directory: folder + "/" + name)
        }
    }

    /// The finding `lint`, `check` and the renderers report.
    package var diagnostic: Diagnostic {
        let waiting = DirectoryListing.names(in: directory).filter {
            $0 != "plan" && $0 != "plan.partial" && !$0.hasPrefix(ReleaseJournal.savedPrefix)
        }.count
        let which = plan.map { "a release of \($0.version)" } ?? "a release"
        if waiting == 0 {
            return Diagnostic(
                .unfinishedRelease, at: SourceLocation(path: directory),
                "\(which) was interrupted while writing the version files; run `whatsnew recover` to finish it or roll it back")
        }
        return Diagnostic(
            .unfinishedRelease, at: SourceLocation(path: directory),
            "\(which) was interrupted and \(waiting == 1 ? "1 fragment waits" : "\(waiting) fragments wait") here; run `whatsnew recover` to finish it or roll it back"
        )
    }

    /// Ends the release: forward when the notes hold what the plan says they would, back
    /// otherwise. Returns what was done, in a sentence.
    /// `versionFiles`: the project's version files, absolute; the only files outside the
    /// fragments a journal may put back.
    package func end(versionFiles: Set<String> = []) throws(CommandFailure) -> String {
        guard let plan else { return try putBack(into: journal.folder, reason: "no plan of it was written") }
        let now = ContentFingerprint(ofFileAt: plan.notes)
        let notes = Self.shown(plan.notes)
        do {
            if now == plan.after {
                try journal.finish(plan.fragments)
                let count = plan.fragments.count
                return "finished the interrupted release of \(plan.version): \(notes) already held it; removed its \(count == 1 ? "fragment" : "\(count) fragments")"
            }
            let changedSince = try journal.restoreFiles(of: plan, allowed: versionFiles)
            let restored = try journal.rollBack()
            let back = restored == 0 ? "" : restored == 1 ? "; its fragment is back in \(journal.folder)" : "; its \(restored) fragments are back in \(journal.folder)"
            var state =
                now == plan.before ? "\(notes) is as it was" : "\(notes) has changed since; check it for the release"
            if !plan.files.isEmpty {
                state +=
                    changedSince.isEmpty
                    ? "; the version files are as they were"
                    : "; left as they are: \(changedSince.map(Self.shown).joined(separator: ", ")) (changed since, or not a version file of this project)"
            }
            return "rolled back the interrupted release of \(plan.version): \(state)\(back)"
        } catch {
            throw CommandFailure(error.diagnostic, notes: ["the interrupted release of \(plan.version) is still in \(directory)"])
        }
    }

    /// The journal's absolute path as the user would write it from here.
    static func shown(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }

    /// A folder without a plan: its fragments go back, since nothing says the notes hold them.
    private func putBack(into folder: String, reason: String) throws(CommandFailure) -> String {
        let restored: Int
        do throws(JournalFailure) {
            restored = try ReleaseJournal.putBack(from: directory, into: folder)
        } catch {
            throw CommandFailure(error.diagnostic)
        }
        unlink(directory + "/plan.partial")
        guard rmdir(directory) == 0 else {
            throw CommandFailure(JournalFailure(directory, "cannot remove the interrupted release's folder").diagnostic)
        }
        PreparedFile.flushFolder(of: directory)
        let count = restored == 1 ? "its fragment is" : "its \(restored) fragments are"
        return "rolled back an interrupted release (\(reason)): \(count) back in \(folder); if the notes already hold them, delete them"
    }

    /// Ends every unfinished release in `folder`, saying what was done.
    package static func endAll(in folder: String, versionFiles: Set<String>, console: Console) throws(CommandFailure) {
        for release in find(in: folder) {
            console.report("whatsnew: " + (try release.end(versionFiles: versionFiles)))
        }
    }
}
