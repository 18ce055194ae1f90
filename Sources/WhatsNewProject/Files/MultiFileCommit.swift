import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prepared files renamed into place as one change: each existing target is first linked to a
/// backup name beside it, so a rename that fails can be undone for the files before it.
struct MultiFileCommit {
    let files: [PreparedFile]

    init(_ files: [PreparedFile]) { self.files = files }

    /// How a file renamed into place is undone.
    private enum Undo {
        /// It did not exist: remove it.
        case remove
        /// Its old text is linked here: rename it back.
        case restore(String)
        /// It cannot be (the file system has no hard links).
        case impossible
    }

    func run() throws(CommandFailure) {
        var backups: [Undo] = []
        // Each backup is a leftover of its target, locked while this run lives.
        var held: [HeldLock] = []
        defer {
            for case .restore(let backup) in backups { unlink(backup) }
            for lock in held { lock.release() }
        }
        for file in files {
            let (directory, name) = PreparedFile.split(file.target)
            let backup = "\(directory)/" + LeftoverName.make(for: name)
            if !ProjectFiles.exists(file.target) {
                backups.append(.remove)
            } else if link(file.target, backup) == 0 {
                backups.append(.restore(backup))
                if let lock = HeldLock(backup) { held.append(lock) }
            } else {
                backups.append(.impossible)
            }
        }
        // With the list written, a kill between two renames is finished by the next run; a
        // list that cannot be written leaves each rename to stand alone, as before.
        // Named by their real folders, so the list holds no link and no `..`.
        let finished = files.map { ProjectBoundary.real($0.temporaryPath) }
        let journal =
            files.count > 1 ? FileCommitJournal.begin(in: Self.commonFolder(of: finished), finished: finished) : nil
        defer { journal?.end() }
        for (index, file) in files.enumerated() {
            do {
                try file.commit()
            } catch {
                var failure = error
                failure.notes.append(undo(files[..<index], backups: backups))
                throw failure
            }
        }
    }

    /// The deepest folder that holds every one of `paths` (absolute).
    static func commonFolder(of paths: [String]) -> String {
        let folders = paths.map { PreparedFile.split($0).directory.split(separator: "/") }
        guard var common = folders.first else { return "/" }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return "/" + common.joined(separator: "/")
    }

    /// Puts back the files already renamed; says what stands.
    private func undo(_ done: ArraySlice<PreparedFile>, backups: [Undo]) -> String {
        var changed: [String] = []
        for (index, file) in zip(done.indices, done).reversed() {
            let undone: Bool
            switch backups[index] {
            case .remove: undone = unlink(file.target) == 0
            case .restore(let backup): undone = rename(backup, file.target) == 0
            case .impossible: undone = false
            }
            if !undone { changed.append(file.path) }
        }
        let rest = files.map(\.path).filter { !changed.contains($0) }
        if changed.isEmpty { return "nothing was changed: \(rest.joined(separator: ", ")) are as they were" }
        return "written: \(changed.reversed().joined(separator: ", ")); as they were: \(rest.joined(separator: ", "))"
    }
}
