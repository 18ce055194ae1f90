import WhatsNewModel
import WhatsNewReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a release is about to do, written down before it does it: the journal folder
/// `.whatsnew-release` in the fragments folder holds the plan (the version, the notes file, its
/// fingerprint before and after, the version files) and, while the notes are replaced, the
/// fragments themselves. Whatever stops a release — an error, a signal, a power cut — the next
/// command finds the journal and ends the release one way or the other: the notes hold the new
/// release, so the fragments go; or they do not, so the fragments come back.
///
/// A journal is a folder of the repository's, so one can be committed by anyone: the folder
/// appears by a rename only once its plan is whole and sealed (``WriterSeal``), and leaves by a
/// rename before it is emptied, so a `.whatsnew-release` whatsnew wrote always holds a sealed
/// plan. Any other (a link, another user's, one without that plan, one naming anything but
/// plain fragment names) is foreign: reported, never acted on (``UnfinishedRelease``).
package struct ReleaseJournal {
    /// The journal folder's name; hidden, so no reader takes it for a fragment.
    package static let folderName = ".whatsnew-release"
    /// The largest plan read back: tens of thousands of fragments' names.
    static let maximumPlanSize = 8 << 20
    /// The largest saved file read back, as large as a version file may be.
    static let maximumSavedSize = 256 << 20

    /// What the journal records.
    package struct Plan: Equatable {
        package var version: String
        /// The notes file, absolute, links resolved.
        package var notes: String
        package var before: ContentFingerprint
        package var after: ContentFingerprint
        /// The fragments' file names.
        package var fragments: [String]
        /// The other files the release changes (the version files), renamed into place before
        /// the notes: absolute, with their fingerprints; their old text is saved in the journal.
        package var files: [File] = []

        /// A file changed with the notes.
        package struct File: Equatable {
            package var path: String
            package var before: ContentFingerprint
            package var after: ContentFingerprint
        }
    }

    /// What a journal folder turned out to be.
    package enum Reading: Equatable {
        /// A journal whatsnew wrote here, with its plan.
        case plan(Plan)
        /// Anything else, and why it is not whatsnew's.
        case foreign(String)
    }

    /// Where the old text of the plan's `index`th file is kept while the release runs.
    func savedPath(_ index: Int) -> String { directory + "/\(Self.savedPrefix)\(index)" }
    /// The saved files' prefix: hidden, and never taken for a fragment.
    static let savedPrefix = ".saved-"

    /// The fragments folder.
    package let folder: String

    package init(folder: String) {
        self.folder = folder
    }

    /// The journal folder.
    package var directory: String { folder + "/" + Self.folderName }
    var planPath: String { directory + "/plan" }

    /// Writes the old text of the plan's files (`saving`, in the plan's order) and the sealed
    /// plan into a folder of their own, then renames it into place, durably, before anything
    /// else changes; on failure, leaves no journal. Returns the lock that marks the journal as
    /// this run's while it lives.
    func begin(_ plan: Plan, saving: [[UInt8]] = []) throws(JournalFailure) -> HeldLock? {
        let building = folder + "/" + LeftoverName.make(for: Self.folderName)
        guard mkdir(building, 0o755) == 0 else { throw JournalFailure(directory, "cannot start the release journal") }
        let lock = HeldLock(building)
        do throws(JournalFailure) {
            for (index, bytes) in saving.enumerated() {
                try Self.writeDurably(bytes, to: building + "/\(Self.savedPrefix)\(index)")
            }
            try Self.writeDurably(Array(Self.text(of: plan).utf8), to: building + "/plan")
            PreparedFile.flushFolder(of: building + "/plan")
            guard rename(building, directory) == 0 else {
                throw JournalFailure(directory, "cannot start the release journal")
            }
        } catch {
            Self.empty(building)
            lock?.release()
            throw error
        }
        PreparedFile.flushFolder(of: directory)
        return lock
    }

    /// What the folder is: a journal of this user's whatsnew, or something else.
    package func read() -> Reading {
        var status = stat()
        guard lstat(directory, &status) == 0 else { return .foreign("it cannot be read") }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return .foreign("it is a symbolic link")
        default: return .foreign("it is not a folder")
        }
        guard status.st_uid == geteuid() || geteuid() == 0 else { return .foreign("it belongs to another user") }
        guard let bytes = OwnFile.read(planPath, limit: Self.maximumPlanSize, owned: geteuid() != 0) else {
            return .foreign("it holds no plan whatsnew wrote")
        }
        guard let plan = Self.plan(from: String(decoding: bytes, as: UTF8.self)) else {
            return .foreign("its plan does not carry the seal of whatsnew on this machine")
        }
        guard plan.fragments.allSatisfy(Self.isFragmentName), plan.notes.hasPrefix("/"),
            plan.files.allSatisfy({ $0.path.hasPrefix("/") })
        else { return .foreign("its plan names files that are not the project's") }
        return .plan(plan)
    }

    /// A fragment's name as a plan may give it: a plain name in the fragments folder.
    static func isFragmentName(_ name: String) -> Bool {
        ProjectBoundary.isPlainName(name) && !name.hasPrefix(".")
    }

    /// The fragments set aside in the journal: every name there but the plan's and the saved
    /// texts', which are hidden.
    var setAsideNames: [String] {
        DirectoryListing.names(in: directory) { Self.isFragmentName($0) && $0 != "plan" }
    }

    /// Puts back the old text of every file of `plan` that holds the new: the release did not
    /// happen. Returns the files changed since by someone else, which are left as they are.
    /// Only files in `allowed` (absolute; the project's version files) are touched: a journal is
    /// a file of the repository, and one a pull request brings must not write elsewhere.
    @discardableResult
    func restoreFiles(of plan: Plan, allowed: Set<String>) throws(JournalFailure) -> [String] {
        var changedSince: [String] = []
        for (index, file) in plan.files.enumerated() {
            guard allowed.contains(file.path) else {
                changedSince.append(file.path)
                continue
            }
            let now = ContentFingerprint(ofFileAt: file.path)
            if now == file.before { continue }
            guard now == file.after else {
                changedSince.append(file.path)
                continue
            }
            guard let saved = OwnFile.read(savedPath(index), limit: Self.maximumSavedSize, owned: geteuid() != 0),
                ContentFingerprint(of: saved) == file.before
            else { throw JournalFailure(savedPath(index), "cannot read the saved text of \(file.path)", errno: EIO) }
            let (folder, name) = PreparedFile.split(file.path)
            // A leftover of the file, as every temporary of whatsnew's is, so a later run removes it if this one dies.
            let temporary = folder + "/" + LeftoverName.make(for: name)
            try Self.writeDurably(saved, to: temporary, mode: file.path)
            guard rename(temporary, file.path) == 0 else {
                unlink(temporary)
                throw JournalFailure(file.path, "cannot put back the old text")
            }
            PreparedFile.flushFolder(of: file.path)
        }
        return changedSince
    }

    /// `bytes` in a new file at `path`, flushed; with the permissions of the file at `mode`.
    private static func writeDurably(_ bytes: [UInt8], to path: String, mode: String? = nil) throws(JournalFailure) {
        var status = stat()
        let permissions = mode.flatMap { stat($0, &status) == 0 ? status.st_mode & 0o7777 : nil } ?? 0o644
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw JournalFailure(path, "cannot write the release journal") }
        // The lock is the file's while this run writes it, so no other run takes it for a dead run's.
        flock(descriptor, LOCK_EX | LOCK_NB)
        let failed = bytes.withUnsafeBufferPointer { FileDescriptor.writeAll($0, to: descriptor) }
        let synced = failed == nil && fsync(descriptor) == 0
        let closed = systemClose(descriptor) == 0
        guard synced, closed else {
            unlink(path)
            throw JournalFailure(path, "cannot write the release journal", errno: failed ?? errno)
        }
    }

    /// Moves the fragments into the journal folder; they leave the fragments folder together
    /// with the notes' change, and come back if it does not happen.
    func setAside(_ names: [String]) throws(JournalFailure) {
        for name in names {
            guard rename(folder + "/" + name, directory + "/" + name) == 0 else {
                throw JournalFailure(folder + "/" + name, "cannot move this fragment aside")
            }
        }
        PreparedFile.flushFolder(of: planPath)
        PreparedFile.flushFolder(of: directory)
    }

    /// The notes hold the release: the fragments set aside are deleted, then the journal.
    func finish(_ names: [String]) throws(JournalFailure) {
        for name in names where unlink(directory + "/" + name) != 0 && errno != ENOENT {
            throw JournalFailure(directory + "/" + name, "cannot remove this fragment")
        }
        try closeJournal()
    }

    /// The notes do not hold the release: every fragment set aside goes back where it was.
    /// Returns how many came back.
    @discardableResult
    func rollBack() throws(JournalFailure) -> Int {
        let restored = try putBack()
        try closeJournal()
        return restored
    }

    /// Moves every file of the journal but the plan and the saved texts back into the fragments
    /// folder: one with the same text as a file that came there since needs no copy; another
    /// keeps both. Returns how many.
    private func putBack() throws(JournalFailure) -> Int {
        var restored = 0
        for name in setAsideNames {
            let from = directory + "/" + name
            guard FileKind(of: from) == .regularFile else { continue }
            var destination = folder + "/" + name
            if FileKind(of: destination) != nil {
                if ContentFingerprint(ofFileAt: destination) == ContentFingerprint(ofFileAt: from) {
                    guard unlink(from) == 0 else { throw JournalFailure(from, "cannot put this fragment back") }
                    restored += 1
                    continue
                }
                destination = folder + "/" + Self.recoveredName(name)
            }
            guard rename(from, destination) == 0 else { throw JournalFailure(from, "cannot put this fragment back") }
            restored += 1
        }
        PreparedFile.flushFolder(of: planPath)
        return restored
    }

    /// Puts back anything left but the plan, renames the folder out of its place, then empties
    /// and removes it: a run killed while emptying it leaves a leftover the next run removes,
    /// never a journal without its plan.
    private func closeJournal() throws(JournalFailure) {
        _ = try putBack()
        let lock = HeldLock(directory)
        defer { lock?.release() }
        let closing = folder + "/" + LeftoverName.make(for: Self.folderName)
        guard rename(directory, closing) == 0 else {
            if errno == ENOENT { return }
            throw JournalFailure(directory, "cannot remove the release journal")
        }
        PreparedFile.flushFolder(of: directory)
        Self.empty(closing)
    }

    /// Removes a journal's own files (the plan and the saved texts), then the folder.
    private static func empty(_ path: String) {
        for name in DirectoryListing.names(in: path) where name == "plan" || name.hasPrefix(savedPrefix) {
            unlink(path + "/" + name)
        }
        rmdir(path)
        PreparedFile.flushFolder(of: path)
    }

    /// `note.md` → `note-recovered-4242.md`.
    static func recoveredName(_ name: String) -> String {
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        return stem + "-recovered-\(getpid()).md"
    }

    /// The plan as written: one field a line, sealed.
    static func text(of plan: Plan) -> String {
        var lines = [
            header, "version " + escape(plan.version), "notes " + escape(plan.notes), "before " + plan.before.text,
            "after " + plan.after.text,
        ]
        lines += plan.fragments.map { "fragment " + escape($0) }
        lines += plan.files.map { "file \($0.before.text) \($0.after.text) " + escape($0.path) }
        let body = lines.joined(separator: "\n") + "\n"
        return body + "seal " + WriterSeal.current.tag(sealed(body)) + "\n"
    }

    /// The first line of every plan.
    static let header = "whatsnew release journal 2"

    /// What the seal of a plan covers.
    private static func sealed(_ body: String) -> String { "whatsnew release journal\u{0}" + body }

    /// The plan in `text`; nil unless it is whole and carries this user's seal.
    static func plan(from text: String) -> Plan? {
        guard text.hasPrefix(header + "\n"), text.hasSuffix("\n"), let sealLine = text.ranges(of: "seal ").last,
            sealLine.lowerBound == text.startIndex || text[text.index(before: sealLine.lowerBound)] == "\n",
            WriterSeal.current.verifies(
                sealed(String(text[..<sealLine.lowerBound])), tag: String(text[sealLine.upperBound...].dropLast()))
        else { return nil }
        var fields: [String: String] = [:]
        var fragments: [String] = []
        var files: [Plan.File] = []
        for line in text[..<sealLine.lowerBound].split(separator: "\n").dropFirst() {
            guard let space = line.firstIndex(of: " ") else { return nil }
            let key = String(line[..<space])
            guard let value = unescape(String(line[line.index(after: space)...])) else { return nil }
            if key == "file" {
                let parts = value.split(separator: " ", maxSplits: 2).map(String.init)
                guard parts.count == 3, let before = ContentFingerprint(text: parts[0]),
                    let after = ContentFingerprint(text: parts[1])
                else { return nil }
                files.append(Plan.File(path: parts[2], before: before, after: after))
            } else if key == "fragment" {
                fragments.append(value)
            } else {
                fields[key] = value
            }
        }
        guard let version = fields["version"], let notes = fields["notes"],
            let before = fields["before"].flatMap(ContentFingerprint.init(text:)),
            let after = fields["after"].flatMap(ContentFingerprint.init(text:))
        else { return nil }
        return Plan(version: version, notes: notes, before: before, after: after, fragments: fragments, files: files)
    }

    /// Names on one line each: control characters and `%` as `%XX`.
    static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") {
                let digits = Array("0123456789ABCDEF".utf8)
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func unescape(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A step of the journal that failed, with the file and the error number.
struct JournalFailure: Error {
    var path: String
    var message: String

    init(_ path: String, _ action: String, errno code: Int32 = errno) {
        self.path = path
        self.message = "\(action): \(describe(errno: code))"
    }

    var diagnostic: Diagnostic { Diagnostic(.unwritableOutput, at: SourceLocation(path: path), message) }
}
