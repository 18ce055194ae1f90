import Foundation
import Testing

@testable import WhatsNewModel
@testable import WhatsNewProject

/// A release cut short at any step ends one way or the other: the journal's plan, the next
/// command finishing or rolling it back, the checks that notes and fragments are the ones
/// read, and the renames a killed multi-file write listed.
@Suite(.serialized) struct ReleaseJournalTests {
    typealias Folder = ProjectTests.Folder
    typealias Transcript = ProjectTests.Transcript

    static let notes = ProjectTests.notes
    static let first = "20240301-000000-shared-0a0a.md"
    static let second = "20240302-000000-export-0b0b.md"

    func project(_ extra: [String: String] = [:]) throws -> Folder {
        try Folder(
            [
                "CHANGELOG.md": Self.notes, ".changes/\(Self.first)": ProjectTests.fragment,
                ".changes/\(Self.second)": "---\nkind: fixed\n---\nExports keep their order.\n",
            ].merging(extra) { $1 })
    }

    func text(_ folder: Folder, _ path: String) -> String? {
        try? String(contentsOfFile: folder.path(path), encoding: .utf8)
    }

    /// A release stopped after setting `names` aside, with the notes as `after` says.
    func cutShort(_ folder: Folder, after: String, setAside names: [String]) throws {
        let journal = ReleaseJournal(folder: folder.path(".changes"))
        let plan = ReleaseJournal.Plan(
            version: "1.4.0", notes: folder.path("CHANGELOG.md"),
            before: ContentFingerprint(of: Array(Self.notes.utf8)),
            after: ContentFingerprint(of: Array(after.utf8)), fragments: [Self.first, Self.second])
        // The journal's lock goes with the value, as a killed run's goes with its process.
        _ = try journal.begin(plan)
        try journal.setAside(names)
    }

    @Test func thePlanReadsBackWithAnyFileName() throws {
        let plan = ReleaseJournal.Plan(
            version: "2.0.0-beta.1", notes: "/tmp/a b/CHANGELOG.md", before: ContentFingerprint(of: Array("a".utf8)),
            after: ContentFingerprint(of: Array("ab".utf8)), fragments: ["line\nbreak.md", "100%.md", "naïve.md"])
        #expect(ReleaseJournal.plan(from: ReleaseJournal.text(of: plan)) == plan)
        #expect(!ReleaseJournal.text(of: plan).contains("line\nbreak"), "one name a line")
        #expect(
            ReleaseJournal.plan(from: "whatsnew release journal 2\nversion 1.0\n") == nil, "a plan cut short is none")
        // Any change to a sealed plan, or a plan sealed with another key, is no plan.
        let text = ReleaseJournal.text(of: plan)
        #expect(ReleaseJournal.plan(from: text.replacingOccurrences(of: "2.0.0-beta.1", with: "2.0.0-beta.2")) == nil)
        #expect(
            ReleaseJournal.plan(from: text.replacingOccurrences(of: "fragment 100%25.md", with: "fragment ../../x"))
                == nil)
        let body = String(text[..<text.range(of: "seal ")!.lowerBound])
        let other = WriterSeal(key: (1, 2)).tag("whatsnew release journal\u{0}" + body)
        #expect(ReleaseJournal.plan(from: body + "seal \(other)\n") == nil)
        #expect(ReleaseJournal.plan(from: body) == nil, "an unsealed plan is none")
    }

    @Test func cutShortBeforeTheNotesItRollsBackAndEveryCommandSaysSo() throws {
        let folder = try project()
        try cutShort(folder, after: "the new notes", setAside: [Self.first])
        let project = try Project.find(from: folder.path())
        // Lint and the sheet report it rather than pass without the hidden fragment.
        let lint = Transcript()
        #expect(throws: CommandFailure.self) { try LintNotes().run(in: project, console: lint.console) }
        #expect(
            lint.said.contains(
                ".changes/.whatsnew-release: error: a release of 1.4.0 was interrupted and 1 fragment waits here; run `whatsnew recover`"
            ), "\(lint.said)")
        do {
            try RenderSheets().run(in: project, console: Transcript().console)
            Issue.record("the sheet is not shown without the hidden fragment")
        } catch {
            #expect(
                error.text.contains("[unfinished-release]") || error.text.contains("was interrupted"), "\(error.text)")
        }
        let recover = Transcript()
        try RecoverRelease().run(in: project, console: recover.console)
        #expect(recover.reported.contains("rolled back the interrupted release of 1.4.0"), "\(recover.reported)")
        #expect(recover.reported.contains("is as it was; its fragment is back in"), "\(recover.reported)")
        #expect(text(folder, ".changes/\(Self.first)") == ProjectTests.fragment)
        #expect(text(folder, "CHANGELOG.md") == Self.notes)
        #expect(!FileManager.default.fileExists(atPath: folder.path(".changes/.whatsnew-release")))
        #expect(!FileManager.default.fileExists(atPath: folder.path(".whatsnew.lock")), "the lock goes with the run")
    }

    @Test func cutShortAfterTheNotesTheNextReleaseFinishesItFirst() throws {
        let folder = try project()
        let written = Self.notes + "written"
        try written.write(toFile: folder.path("CHANGELOG.md"), atomically: true, encoding: .utf8)
        try cutShort(folder, after: written, setAside: [Self.first, Self.second])
        let transcript = Transcript()
        var release = WriteRelease(version: "1.5.0")
        release.allowsEmpty = true
        try release.run(in: try Project.find(from: folder.path()), console: transcript.console)
        #expect(transcript.reported.contains("finished the interrupted release of 1.4.0"), "\(transcript.reported)")
        #expect(transcript.reported.contains("removed its 2 fragments"), "\(transcript.reported)")
        #expect(transcript.reported.contains("released 1.5.0 in"), "\(transcript.reported)")
        #expect(
            ProjectTests.names(in: folder.path(".changes")) == ["README.md"]
                || ProjectTests.names(in: folder.path(".changes")).isEmpty)
    }

    @Test func notesChangedSinceTheyWereReadStopTheReleaseWithNothingChanged() throws {
        let folder = try project()
        let files = ReleaseFiles(
            notes: folder.path("CHANGELOG.md"), before: ContentFingerprint(of: Array("older notes".utf8)),
            fragments: [(Self.first, ContentFingerprint(ofFileAt: folder.path(".changes/\(Self.first)"))!)],
            folder: folder.path(".changes"), version: "1.4.0")
        #expect {
            try files.commit(Array("new notes".utf8))
        } throws: { error in
            let failure = error as! CommandFailure
            return failure.diagnostics.first?.rule == .notesChanged
                && failure.notes.contains { $0.hasPrefix("nothing was changed") }
        }
        #expect(text(folder, "CHANGELOG.md") == Self.notes)
        #expect(text(folder, ".changes/\(Self.first)") == ProjectTests.fragment)
        #expect(!FileManager.default.fileExists(atPath: folder.path(".changes/.whatsnew-release")))
    }

    @Test func aFragmentChangedSinceItWasReadStopsTheRelease() throws {
        let folder = try project()
        let files = ReleaseFiles(
            notes: folder.path("CHANGELOG.md"), before: ContentFingerprint(of: Array(Self.notes.utf8)),
            fragments: [(Self.first, ContentFingerprint(of: Array("what was read".utf8)))],
            folder: folder.path(".changes"), version: "1.4.0")
        #expect(throws: CommandFailure.self) { try files.commit(Array("new notes".utf8)) }
        #expect(text(folder, "CHANGELOG.md") == Self.notes)
        #expect(text(folder, ".changes/\(Self.first)") == ProjectTests.fragment)
    }

    @Test func renamesADeadRunListedAreMadeAndItsFilesRemoved() throws {
        let folder = try Folder([
            "fastlane/ios/notes.txt": "old ios\n", "fastlane/android/notes.txt": "old android\n",
        ])
        let base = folder.path("fastlane")
        // Killed after the first rename: iOS new, Android's finished text still beside it.
        try "new ios\n".write(toFile: base + "/ios/notes.txt", atomically: false, encoding: .utf8)
        let iosDone = base + "/ios/" + LeftoverName.make(for: "notes.txt")
        let waiting = base + "/android/" + LeftoverName.make(for: "notes.txt")
        try "new android\n".write(toFile: waiting, atomically: false, encoding: .utf8)
        // The list's value goes out of scope unended, its lock with it: a dead run's.
        _ = FileCommitJournal.begin(in: base, finished: [iosDone, waiting])
        #expect(ProjectTests.names(in: base).contains { $0.hasPrefix(".whatsnew-files-") })
        let stray = base + "/ios/" + LeftoverName.make(for: "notes.txt")
        try "old ios\n".write(toFile: stray, atomically: false, encoding: .utf8)
        // A live run's leftover (locked) and a file merely named like one (unsealed) stay.
        let living = base + "/ios/" + LeftoverName.make(for: "notes.txt")
        try "another run's\n".write(toFile: living, atomically: false, encoding: .utf8)
        let held = try #require(HeldLock(living))
        let unsealed = base + "/ios/.notes.txt.whatsnew-1-Ef56Gh"
        try "committed\n".write(toFile: unsealed, atomically: false, encoding: .utf8)
        try PreparedFile.removeAbandoned(in: base)
        try PreparedFile.removeAbandoned(in: base + "/ios")
        try PreparedFile.removeAbandoned(in: base + "/android")
        #expect(text(folder, "fastlane/android/notes.txt") == "new android\n")
        #expect(text(folder, "fastlane/ios/notes.txt") == "new ios\n")
        #expect(ProjectTests.names(in: base) == ["android", "ios"])
        #expect(
            ProjectTests.names(in: base + "/ios").sorted()
                == [".notes.txt.whatsnew-1-Ef56Gh", PreparedFile.split(living).name, "notes.txt"].sorted())
        #expect(ProjectTests.names(in: base + "/android") == ["notes.txt"])
        held.release()
        try PreparedFile.removeAbandoned(in: base + "/ios")
        #expect(ProjectTests.names(in: base + "/ios") == [".notes.txt.whatsnew-1-Ef56Gh", "notes.txt"])
    }

    @Test func theLockEndsWithItsHolderAndLeavesNoFile() throws {
        let folder = try project()
        let notes = folder.path("CHANGELOG.md")
        let lock = try ProjectLock.take(in: [Project.folder(ofNotes: notes)], console: Transcript().console)
        #expect(text(folder, ".whatsnew.lock")?.hasPrefix("\(getpid()) ") == true)
        #expect(ProjectLock.holder(of: folder.path(".whatsnew.lock")) == getpid())
        let left = try #require(text(folder, ".whatsnew.lock"))
        lock.release()
        #expect(!FileManager.default.fileExists(atPath: folder.path(".whatsnew.lock")))
        // A file a killed run left is no lock: the kernel's lock went with the process, and the
        // file, whatsnew's by its seal, goes with the next run.
        try left.write(toFile: folder.path(".whatsnew.lock"), atomically: false, encoding: .utf8)
        let again = try ProjectLock.take(
            in: [Project.folder(ofNotes: notes)], patience: 0, console: Transcript().console)
        again.release()
        #expect(!FileManager.default.fileExists(atPath: folder.path(".whatsnew.lock")))
        // A file of that name that is no lock of whatsnew's (committed, say) is locked as it is,
        // and left as it was.
        try "99999999\n".write(toFile: folder.path(".whatsnew.lock"), atomically: false, encoding: .utf8)
        let third = try ProjectLock.take(
            in: [Project.folder(ofNotes: notes)], patience: 0, console: Transcript().console)
        third.release()
        #expect(text(folder, ".whatsnew.lock") == "99999999\n")
    }
}

extension ProjectTests {
    /// A folder's entries, sorted.
    static func names(in path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}
