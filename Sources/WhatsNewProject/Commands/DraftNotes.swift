import Foundation
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
        let drafts = try CommitDrafts.make(for: project, request: request, folder: folder) { unit throws(CommandFailure) in
            try Self.document(of: unit)
        }
        console.report(drafts.problems)
        if dryRun {
            var listing = ""
            for draft in drafts.drafts {
                listing += "would write \(folder.path)/\(draft.name)\n" + draft.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 + "\n" }.joined()
            }
            for withdrawn in drafts.withdrawn {
                listing += "would remove \(folder.path)/\(withdrawn.name) (commit \(withdrawn.revert) reverts it)\n"
            }
            try console.deliver(listing)
            console.report(Self.summary(drafts, written: false))
            return
        }
        try write(drafts, in: folder)
        try console.deliver(drafts.drafts.map { "\(folder.path)/\($0.name)\n" }.joined())
        console.report(Self.summary(drafts, written: true))
    }

    /// The unit's notes as read, empty when there is no file yet.
    static func document(of unit: Project) throws(CommandFailure) -> Document {
        let path = try unit.admittedNotes(nil)
        let source = FileKind(of: path) == nil ? try Notes.empty(path) : try Notes.load(path, unit.maximumSize)
        return Notes.document(of: source, in: unit)
    }

    /// Every draft in place and every reverted one gone, or nothing changed.
    private func write(_ drafts: CommitDrafts, in folder: FragmentFolder) throws(CommandFailure) {
        guard !drafts.drafts.isEmpty || !drafts.withdrawn.isEmpty else { return }
        let madeFolder = FileKind(of: folder.path) == nil
        if madeFolder {
            guard mkdir(folder.path, 0o777) == 0 else {
                throw CommandFailure(
                    Diagnostic(.unwritableOutput, at: SourceLocation(path: folder.path), "cannot create the folder: \(describe(errno: errno))"),
                    notes: ["nothing was changed"])
            }
        }
        var placed: [String] = []
        func undo() {
            for path in placed { unlink(path) }
            if madeFolder { rmdir(folder.path) }
        }
        var files: [(PreparedFile, String)] = []
        do throws(CommandFailure) {
            var contents = drafts.drafts.map { ($0.name, $0.text) }
            if madeFolder { contents.insert(("README.md", FragmentFile.readme), at: 0) }
            for (name, text) in contents {
                let path = folder.path + "/" + name
                files.append((try PreparedFile(path, target: path) { $0.write(text) }, name))
            }
            try SignalShield.run { () throws(CommandFailure) in
                for (file, name) in files {
                    guard try file.commitAsNew(name) else {
                        throw CommandFailure(
                            Diagnostic(.unwritableOutput, at: SourceLocation(path: file.path), "a file of this name appeared meanwhile"))
                    }
                    placed.append(file.target)
                }
                // A reverted draft is set aside first, so it can come back if another cannot go.
                var aside: [(String, String)] = []
                for withdrawn in drafts.withdrawn {
                    let path = folder.path + "/" + withdrawn.name
                    let hidden = folder.path + "/" + LeftoverName.make(for: withdrawn.name)
                    guard rename(path, hidden) == 0 else {
                        for (original, moved) in aside.reversed() { rename(moved, original) }
                        throw CommandFailure(
                            Diagnostic(.unwritableOutput, at: SourceLocation(path: path), "cannot remove: \(describe(errno: errno))"))
                    }
                    aside.append((path, hidden))
                }
                for (_, moved) in aside { unlink(moved) }
                PreparedFile.flushFolder(of: folder.path + "/README.md")
            }
        } catch {
            undo()
            var failure = error
            failure.notes.append("nothing was changed")
            throw failure
        }
    }

    /// What was drafted, and why the other commits have no note, in a sentence.
    static func summary(_ drafts: CommitDrafts, written: Bool) -> String {
        let counts = drafts.counts
        func count(_ number: Int, _ one: String, _ many: String) -> String { number == 1 ? "1 \(one)" : "\(number) \(many)" }
        var parts: [String] = []
        if counts.already > 0 { parts.append(count(counts.already, "was drafted before", "were drafted before")) }
        if counts.noted > 0 { parts.append(count(counts.noted, "has its note already", "have their notes already")) }
        if counts.hidden > 0 { parts.append("\(counts.hidden) of types users never see") }
        if counts.notConventional > 0 { parts.append(count(counts.notConventional, "is not a conventional commit", "are not conventional commits")) }
        if counts.duplicates > 0 { parts.append(count(counts.duplicates, "repeats another", "repeat others")) }
        if counts.reverted > 0 { parts.append(count(counts.reverted, "was reverted", "were reverted")) }
        if !drafts.problems.isEmpty { parts.append("\(drafts.problems.count) skipped") }
        let verb = written ? "drafted" : "would draft"
        var sentence = "\(verb) \(count(drafts.drafts.count, "note", "notes")) from \(count(counts.commits, "commit", "commits"))"
        if !drafts.withdrawn.isEmpty { sentence += "; \(written ? "removed" : "would remove") \(count(drafts.withdrawn.count, "reverted draft", "reverted drafts"))" }
        if !parts.isEmpty { sentence += " (" + parts.joined(separator: "; ") + ")" }
        if drafts.drafts.isEmpty && drafts.withdrawn.isEmpty && counts.commits > 0 && written { sentence += "; nothing was changed" }
        return sentence
    }
}
