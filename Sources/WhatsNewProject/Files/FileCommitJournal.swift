import WhatsNewModel
import WhatsNewReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The renames that put several finished files in place, written down before the first: a
/// run killed between two renames leaves the list, and the next run that writes in that folder
/// makes the rest. Every file is complete on disk before the list is written, so going
/// forward is always right.
///
/// The list sits in the folder every file is under and names each finished file by its path
/// below it; each is a sealed leftover (``LeftoverName``) that names its target beside it. The
/// list itself carries this user's seal (``WriterSeal``) and is locked while its run lives.
/// A list is carried out only when all of that holds: one that came with the repository, or
/// names anything else, is refused with an error and nothing in it is done.
struct FileCommitJournal {
    /// The list's name: this prefix, the writer's process number and a random part.
    static let prefix = ".whatsnew-files-"
    /// The first line of every list.
    static let header = "whatsnew rename list 1"
    /// The longest list read back: a few thousand files' names.
    static let maximumSize = 1 << 20

    /// The list.
    let path: String
    /// Its lock, held while the run lives.
    private let held: HeldLock

    private init(path: String, held: HeldLock) {
        self.path = path
        self.held = held
    }

    /// Writes the list of `finished` (the finished files' paths, each below `directory`) in
    /// `directory`: whole under a leftover's name, then renamed to its own, so no list is ever
    /// seen cut short. Nil when it cannot be written; each rename then stands alone.
    static func begin(in directory: String, finished: [String]) -> FileCommitJournal? {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var lines: [String] = []
        for path in finished {
            guard path.hasPrefix(base) else { return nil }
            lines.append(ReleaseJournal.escape(String(path.dropFirst(base.count))))
        }
        let body = ([header] + lines).joined(separator: "\n") + "\n"
        let text = body + "seal " + WriterSeal.current.tag(sealed(body)) + "\n"
        let name = prefix + "\(getpid())-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let temporary = base + LeftoverName.make(for: name)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard let held = HeldLock(descriptor: descriptor) else {
            unlink(temporary)
            return nil
        }
        let written = FileDescriptor.writeAll(text, to: descriptor) == nil && fsync(descriptor) == 0
        guard written, rename(temporary, base + name) == 0 else {
            unlink(temporary)
            return nil
        }
        PreparedFile.flushFolder(of: base + name)
        return FileCommitJournal(path: base + name, held: held)
    }

    /// The renames are made, or undone: the list goes.
    func end() {
        unlink(path)
        held.release()
        PreparedFile.flushFolder(of: path)
    }

    /// What the seal of a list covers.
    private static func sealed(_ body: String) -> String { "whatsnew rename list\u{0}" + body }

    /// Makes the renames that dead runs listed in `directory` (whose names are `entries`) and did
    /// not make. Another user's list, or a live run's, is left alone; a list of this user's that
    /// whatsnew did not write, or that names anything but finished files below its folder, is an
    /// error, and nothing in it is done.
    static func finishAbandoned(in directory: String, entries: [String]) throws(CommandFailure) {
        for entry in entries where entry.hasPrefix(prefix) {
            let path = "\(directory)/\(entry)"
            var status = stat()
            guard lstat(path, &status) == 0, status.st_uid == geteuid() else { continue }
            guard let held = HeldLock(path) else {
                // Locked by a run still writing, or not a file at all.
                if (status.st_mode & S_IFMT) == S_IFREG { continue }
                throw foreign(path, "it is not a regular file")
            }
            defer { held.release() }
            let renames = try listed(in: path, under: directory)
            for (from, to) in renames where FileKind(of: from) == .regularFile {
                rename(from, to)
            }
            unlink(path)
            PreparedFile.flushFolder(of: path)
        }
    }

    /// The renames the list at `path` asks for, each checked: a sealed list whose every line is
    /// a path below `directory`, through real folders only, ending in a sealed leftover.
    private static func listed(in path: String, under directory: String) throws(CommandFailure) -> [(String, String)] {
        guard let bytes = OwnFile.read(path, limit: maximumSize) else {
            throw foreign(path, "it is not a regular file of at most 1 MB")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let sealLine = text.ranges(of: "seal ").last, text.hasSuffix("\n"),
            WriterSeal.current.verifies(
                sealed(String(text[..<sealLine.lowerBound])),
                tag: String(text[sealLine.upperBound...].dropLast())),
            text.hasPrefix(header + "\n")
        else {
            throw foreign(path, "it does not carry the seal of whatsnew on this machine")
        }
        var renames: [(String, String)] = []
        for line in text[..<sealLine.lowerBound].split(separator: "\n").dropFirst() {
            guard let relative = ReleaseJournal.unescape(String(line)) else {
                throw foreign(path, "a line is not a path")
            }
            let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard let last = parts.last, let target = LeftoverName.target(of: last),
                parts.allSatisfy(ProjectBoundary.isPlainName), ProjectBoundary.isPlainName(target)
            else {
                throw foreign(path, "it names \(relative), which is not a finished file below its folder")
            }
            var folder = directory
            for part in parts.dropLast() {
                folder += "/" + part
                // A folder replaced by a link since is not the folder the list was written for.
                guard FileKind(of: folder) == .directory else {
                    throw foreign(path, "it names \(relative), whose folder is not a folder of its own")
                }
            }
            renames.append((folder + "/" + last, folder + "/" + target))
        }
        return renames
    }

    private static func foreign(_ path: String, _ reason: String) -> CommandFailure {
        CommandFailure(
            Diagnostic(
                .foreignJournal, at: SourceLocation(path: Project.shown(path)),
                "this list of renames was not written by whatsnew for this user on this machine (\(reason)); nothing in it was done: delete it"
            ),
            notes: ["nothing was changed"])
    }
}
