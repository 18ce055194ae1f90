import WhatsNewModel
import WhatsNewReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One writer at a time: the commands that change a project's files hold `.whatsnew.lock` in
/// the notes' folder, and in the fragments folder, while they read and write, so two notes
/// files that share one fragments folder (worktrees with `.changes` linked) never release a
/// fragment twice. The lock is the kernel's (`flock`), so it ends with its process however that
/// ends, and a file left by a killed run is never a stale lock; the file holds the holder's
/// process number for the message a waiting run shows.
///
/// The lock file is opened without following a link and must be a regular file of its own: a
/// lock committed as a link to another file is refused, never written through. The process
/// number it holds carries this user's seal; a lock file that does not (one committed, say) is
/// locked as it is, and neither written nor removed.
package final class ProjectLock {
    /// The lock file's name.
    package static let fileName = ".whatsnew.lock"

    /// Each lock file held, with its descriptor and whether this run may remove it.
    private var held: [(path: String, descriptor: Int32, ours: Bool)]
    private var released = false

    private init(held: [(path: String, descriptor: Int32, ours: Bool)]) {
        self.held = held
    }

    /// Takes the lock of every folder of `folders` (each once, in one order, so two runs
    /// never wait on each other), waiting up to `patience` seconds for another run to finish.
    package static func take(in folders: [String], patience: Int = 600, console: Console) throws(CommandFailure)
        -> ProjectLock
    {
        let lock = ProjectLock(held: [])
        let real = Set(folders.map { FileDestination.resolve($0) ?? $0 }).sorted()
        let deadline = time(nil) + patience
        var waited = false
        for folder in real {
            let path = (folder == "/" ? "" : folder) + "/" + fileName
            let (descriptor, ours) = try acquire(
                path, deadline: deadline, patience: patience, waited: &waited, console: console)
            lock.held.append((path, descriptor, ours))
        }
        return lock
    }

    /// One lock file, opened and locked; its descriptor, and whether it is whatsnew's own (made
    /// by this run or a killed one), which the run then writes and removes.
    private static func acquire(
        _ path: String, deadline: time_t, patience: Int, waited: inout Bool, console: Console
    ) throws(CommandFailure) -> (Int32, Bool) {
        while true {
            let made = Self.create(path)
            let descriptor = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if descriptor < 0 {
                let code = errno
                if case .failed(let reason) = made { throw cannotOpen(path, errno: code == ENOENT ? reason : code) }
                if code == ENOENT { continue }  // removed meanwhile by its holder
                throw cannotOpen(path, errno: code)
            }
            var held = stat()
            // Another name of the same file (a run making its lock) is harmless: only a file whose
            // content is whatsnew's own is ever written or removed.
            guard fstat(descriptor, &held) == 0, (held.st_mode & S_IFMT) == S_IFREG else {
                close(descriptor)
                throw failure(path, "is not a lock file (a FIFO or a device); remove it")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                // The holder before may have removed the file after this run opened it: a lock
                // on a name no longer there guards nothing.
                var named = stat()
                if lstat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                    // Made now, or a killed run's (sealed): this run's to write and remove.
                    let ours = made == .made || holder(of: path) != nil
                    if ours, made != .made {
                        ftruncate(descriptor, 0)
                        _ = FileDescriptor.writeAll(content(), to: descriptor)
                    }
                    return (descriptor, ours)
                }
                close(descriptor)
                continue
            }
            // Whoever holds it, for the message: the number a locked file starts with.
            let text = String(decoding: OwnFile.read(path, limit: 64, owned: false) ?? [], as: UTF8.self)
            let number =
                text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first.flatMap { pid_t($0) }.map(String.init)
                ?? ""
            close(descriptor)
            let who = number.isEmpty ? "another whatsnew run" : "another whatsnew run (process \(number))"
            guard time(nil) < deadline else {
                throw failure(
                    path, "\(who) has been changing this project for \(patience) seconds; nothing was changed")
            }
            if !waited {
                console.report("whatsnew: waiting for \(who) to finish changing the project")
                waited = true
            }
            usleep(50_000)
        }
    }

    /// Makes the lock file with its sealed content whole, under a leftover's name linked into
    /// place, so a run killed while making it leaves no lock file that is not whatsnew's by its
    /// content.
    private static func create(_ path: String) -> Creation {
        let (folder, name) = PreparedFile.split(path)
        // What a run killed while making its lock left: its lock's second name, once it is gone.
        for entry in DirectoryListing.names(in: folder, where: LeftoverName.looksLikeOne)
        where LeftoverName.target(of: entry) == name && OwnFile.isAbandoned(folder + "/" + entry) {
            unlink(folder + "/" + entry)
        }
        var status = stat()
        if lstat(path, &status) == 0 { return .existing }
        let temporary = folder + "/" + LeftoverName.make(for: name)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failed(errno) }
        defer { unlink(temporary) }
        if let error = FileDescriptor.writeAll(content(), to: descriptor) {
            close(descriptor)
            return .failed(error)
        }
        close(descriptor)
        if link(temporary, path) == 0 { return .made }
        if errno == EEXIST { return .existing }
        // A file system without hard links: made in place, where a kill can leave it empty.
        guard errno == EPERM || errno == ENOTSUP || errno == ENOSYS else { return .failed(errno) }
        let direct = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard direct >= 0 else { return errno == EEXIST ? .existing : .failed(errno) }
        _ = FileDescriptor.writeAll(content(), to: direct)
        close(direct)
        return .made
    }

    /// What making a lock file came to.
    private enum Creation: Equatable {
        /// Made now, with this run's content.
        case made
        /// A file of that name was there.
        case existing
        /// None could be made, for this reason.
        case failed(Int32)
    }

    /// What a lock file of whatsnew's holds: the holder's process number and its seal.
    private static func content(pid: pid_t = getpid()) -> String {
        "\(pid) \(WriterSeal.current.tag("whatsnew lock\u{0}\(pid)"))\n"
    }

    /// The process number a lock file of this user's whatsnew names; nil for any other file.
    static func holder(of path: String) -> pid_t? {
        let text = String(decoding: OwnFile.read(path, limit: 64, owned: false) ?? [], as: UTF8.self)
        guard let number = text.split(separator: " ").first.flatMap({ pid_t($0) }), text == content(pid: number) else {
            return nil
        }
        return number
    }

    /// Why a lock file cannot be opened, with what to do about it.
    static func cannotOpen(_ path: String, errno code: Int32) -> CommandFailure {
        var status = stat()
        let exists = lstat(path, &status) == 0
        if exists, (status.st_mode & S_IFMT) == S_IFLNK {
            let target = FileDestination.linkTarget(path) ?? "nowhere"
            return failure(
                path,
                "is a symbolic link (to \(target)), not a lock file; whatsnew never writes through one, so remove it")
        }
        if exists, code == EACCES || code == EPERM, status.st_uid != geteuid() {
            let owner = getpwuid(status.st_uid).map { String(cString: $0.pointee.pw_name) } ?? "user \(status.st_uid)"
            return failure(
                path,
                "cannot take the project's lock: it belongs to \(owner), whose whatsnew run holds it or left it; if none of theirs is running, remove it"
            )
        }
        return failure(path, "cannot take the project's lock: \(describe(errno: code))")
    }

    private static func failure(_ path: String, _ message: String) -> CommandFailure {
        CommandFailure(
            Diagnostic(.unwritableOutput, at: SourceLocation(path: Project.shown(path)), message),
            notes: ["nothing was changed"])
    }

    /// Gives the locks up and removes their files, so they never show in `git status`.
    package func release() {
        guard !released else { return }
        released = true
        for (path, descriptor, ours) in held.reversed() {
            if ours { unlink(path) }
            close(descriptor)
        }
    }

    deinit {
        release()
    }
}

extension Project {
    /// What every command that changes the project does first: checks that the notes and their
    /// fragments are the project's (``ProjectBoundary``), takes the lock of both folders, removes
    /// what killed writers left, then ends any release a killed run left half-done, saying which
    /// way. `notes`: a notes file from the command line; nil for the project's.
    package func lockForWriting(notes: String? = nil, console: Console) throws(CommandFailure) -> ProjectLock {
        try lockAndRecover(notes: notes, console: console).lock
    }

    /// ``lockForWriting(notes:console:)``, and how many unfinished releases it ended.
    /// `speaker` opens each line it says.
    package func lockAndRecover(notes given: String?, console: Console, speaker: String = "whatsnew")
        throws(CommandFailure) -> (
            lock: ProjectLock, ended: Int
        )
    {
        // Notes from standard input change nothing: the project's are what is locked.
        let notes = try admittedNotes(given == "-" ? nil : given)
        let fragments = fragmentsFolder(for: notes)
        // The fragments folder where it really is: a linked one (worktrees sharing it) is locked there.
        let sharedFolder = fragments.flatMap(FileDestination.resolve).flatMap {
            FileKind(of: $0) == .directory ? $0 : nil
        }
        // Packages share the fragments folder, and a release of several writes every one's notes.
        let others = hasPackages ? units.map { Self.folder(ofNotes: $0.notesPath) } : []
        var folders: [String] = []
        for folder in [Self.folder(ofNotes: notes)] + others + (sharedFolder.map { [$0] } ?? [])
        where !folders.contains(folder) {
            folders.append(folder)
        }
        let lock = try ProjectLock.take(in: folders, console: console)
        try removeAbandonedWrites(notes: notes)
        if hasPackages { for unit in units { try scoped(to: unit).removeAbandonedWrites(notes: unit.notesPath) } }
        var ended = 0
        if let fragments {
            for release in UnfinishedRelease.find(in: fragments) {
                let done = try release.end(notes: notes, others: restorableFiles, maximumSize: maximumSize)
                console.report("\(speaker): " + done)
                ended += 1
            }
        }
        return (lock, ended)
    }

    /// Removes what killed writers left beside the notes, in the fragments folder and beside
    /// each version file.
    package func removeAbandonedWrites(notes: String) throws(CommandFailure) {
        try PreparedFile.removeAbandoned(in: Self.folder(ofNotes: notes))
        if let folder = fragmentsFolder(for: notes) { try PreparedFile.removeAbandoned(in: folder) }
        for path in versionFilePaths {
            let (directory, name) = PreparedFile.split(path)
            try PreparedFile.removeAbandoned(of: name, in: directory)
        }
    }

    /// The folder the notes file really stands in (through a link, the one it points into).
    static func folder(ofNotes notes: String) -> String {
        PreparedFile.split(FileDestination.resolve(notes) ?? notes).directory
    }

    /// The files besides its notes a release journal may put back: the version files, and with
    /// packages every package's notes, version files and the fragments, which a release of some
    /// of them rewrites; absolute, links resolved.
    package var restorableFiles: Set<String> {
        guard hasPackages else { return versionFilePaths }
        var files = Set(
            units.flatMap { unit in scoped(to: unit).versionFilePaths.union([ProjectBoundary.real(unit.notesPath)]) })
        let folder = ProjectBoundary.real(fragmentsPath)
        for name in FragmentFolder(path: fragmentsPath).paths().map({ String($0.split(separator: "/").last ?? "") }) {
            files.insert(folder + "/" + name)
        }
        return files
    }

    /// The version files of `version-files:` that a release may write: absolute, links resolved,
    /// inside the project and outside `.git` (``VersionFiles`` says why any other is refused).
    package var versionFilePaths: Set<String> {
        Set(VersionFiles.settings(of: self).compactMap { VersionFiles.place(of: $0, in: self) })
            .union(VersionFiles(project: self).companionPaths)
    }

    /// The notes a command works on — `given` on the command line, else the project's — checked
    /// with their fragments folder against the project's edge (``ProjectBoundary``).
    package func admittedNotes(_ given: String?) throws(CommandFailure) -> String {
        let notes = given ?? notesPath
        guard notes != "-" else { return notes }
        let origin: ProjectBoundary.Origin = given == nil ? .repository : .commandLine
        let boundary = self.boundary
        try boundary.admit(notes, from: origin, what: "the notes file")
        if let folder = fragmentsFolder(for: notes) {
            // The project's notes keep the project's fragments folder, which its settings name.
            try boundary.admit(
                folder, from: Project.same(notes, notesPath) ? .repository : origin, what: "the fragments folder")
        }
        return notes
    }

}
