import Foundation
import WhatsNewModel

/// What a release is about to do, written down before it does it: the journal folder
/// `.whatsnew-release` in the fragments folder holds the plan (the version, the notes file, its
/// fingerprint before and after) and, while the notes are replaced, the fragments themselves.
/// Whatever stops a release — an error, a signal, a power cut — the next command finds the
/// journal and ends the release one way or the other: the notes hold the new release, so the
/// fragments go; or they do not, so the fragments come back.
package struct ReleaseJournal {
    /// The journal folder's name; hidden, so no reader takes it for a fragment.
    package static let folderName = ".whatsnew-release"
    /// Where an older whatsnew set fragments aside, with no plan beside them.
    static let legacyPrefix = ".whatsnew-release-"

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

    /// Writes the old text of the plan's files (`saving`, in the plan's order), then the plan,
    /// durably, before anything else changes; on failure, leaves no journal.
    func begin(_ plan: Plan, saving: [[UInt8]] = []) throws(JournalFailure) {
        guard mkdir(directory, 0o755) == 0 else { throw JournalFailure(directory, "cannot start the release journal") }
        do {
            for (index, bytes) in saving.enumerated() { try Self.writeDurably(bytes, to: savedPath(index)) }
            try write(plan)
        } catch {
            for index in saving.indices { unlink(savedPath(index)) }
            unlink(directory + "/plan.partial")
            unlink(planPath)
            rmdir(directory)
            throw error
        }
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
            guard let saved = ContentFingerprint.contents(of: savedPath(index)), ContentFingerprint(of: saved) == file.before
            else { throw JournalFailure(savedPath(index), "cannot read the saved text of \(file.path)", errno: EIO) }
            let (folder, name) = PreparedFile.split(file.path)
            // Named as every temporary of whatsnew's is, so a later run removes it if this one dies.
            let temporary = "\(folder)/.\(name).whatsnew-\(getpid())-restore"
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
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw JournalFailure(path, "cannot write the release journal") }
        let failed = bytes.withUnsafeBufferPointer { FileDescriptor.writeAll($0, to: descriptor) }
        let synced = failed == nil && fsync(descriptor) == 0
        let closed = Foundation.close(descriptor) == 0
        guard synced, closed else {
            unlink(path)
            throw JournalFailure(path, "cannot write the release journal", errno: failed ?? errno)
        }
    }

    private func write(_ plan: Plan) throws(JournalFailure) {
        let temporary = directory + "/plan.partial"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw JournalFailure(temporary, "cannot write the release journal") }
        let failed = FileDescriptor.writeAll(Self.text(of: plan), to: descriptor)
        let synced = failed == nil && fsync(descriptor) == 0
        let closed = Foundation.close(descriptor) == 0
        guard synced, closed else { throw JournalFailure(temporary, "cannot write the release journal", errno: failed ?? errno) }
        guard rename(temporary, planPath) == 0 else { throw JournalFailure(planPath, "cannot write the release journal") }
        PreparedFile.flushFolder(of: planPath)
        PreparedFile.flushFolder(of: directory)
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

    /// The notes hold the release: the fragments set aside are deleted, then the plan.
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
        let restored = try Self.putBack(from: directory, into: folder)
        try closeJournal()
        return restored
    }

    /// Moves every file of `source` but the plan into `folder`: one with the same text as a
    /// file that came there since needs no copy; another keeps both. Returns how many.
    static func putBack(from source: String, into folder: String) throws(JournalFailure) -> Int {
        var restored = 0
        for name in DirectoryListing.names(in: source) where name != "plan" && name != "plan.partial" {
            if name.hasPrefix(savedPrefix) {
                unlink(source + "/" + name)
                continue
            }
            let from = source + "/" + name
            var destination = folder + "/" + name
            if access(destination, F_OK) == 0 {
                if ContentFingerprint(ofFileAt: destination) == ContentFingerprint(ofFileAt: from) {
                    guard unlink(from) == 0 else { throw JournalFailure(from, "cannot put this fragment back") }
                    restored += 1
                    continue
                }
                destination = folder + "/" + recoveredName(name)
            }
            guard rename(from, destination) == 0 else { throw JournalFailure(from, "cannot put this fragment back") }
            restored += 1
        }
        PreparedFile.flushFolder(of: source + "/plan")
        return restored
    }

    /// Removes the plan, then the empty journal folder.
    private func closeJournal() throws(JournalFailure) {
        let saved = DirectoryListing.names(in: directory).filter { $0.hasPrefix(Self.savedPrefix) }
        for name in saved + ["plan", "plan.partial"] where unlink(directory + "/" + name) != 0 && errno != ENOENT {
            throw JournalFailure(directory + "/" + name, "cannot remove the release journal")
        }
        guard rmdir(directory) == 0 || errno == ENOENT else {
            throw JournalFailure(directory, "cannot remove the release journal")
        }
        PreparedFile.flushFolder(of: directory)
    }

    /// The plan on disk; nil when none was written in full.
    func plan() -> Plan? {
        guard let bytes = ContentFingerprint.contents(of: planPath) else { return nil }
        return Self.plan(from: String(decoding: bytes, as: UTF8.self))
    }

    /// `note.md` → `note-recovered.md`.
    static func recoveredName(_ name: String) -> String {
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        return stem + "-recovered-\(getpid()).md"
    }

    static func text(of plan: Plan) -> String {
        var lines = [
            "whatsnew release journal 1", "version " + escape(plan.version), "notes " + escape(plan.notes),
            "before " + plan.before.text, "after " + plan.after.text,
        ]
        lines += plan.fragments.map { "fragment " + escape($0) }
        lines += plan.files.map { "file \($0.before.text) \($0.after.text) " + escape($0.path) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func plan(from text: String) -> Plan? {
        var fields: [String: String] = [:]
        var fragments: [String] = []
        var files: [Plan.File] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == "whatsnew release journal 1" else { return nil }
        for line in lines.dropFirst() {
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
                bytes += Array("%".utf8) + Array(String(format: "%02X", byte).utf8)
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
