import Foundation
import WhatsNewModel

/// One writer at a time: the commands that change a project's files hold `.whatsnew.lock` in
/// the notes' folder while they read and write. The lock is the kernel's (`flock`), so it ends
/// with its process however that ends, and a file left by a killed run is never a stale lock;
/// the file holds the holder's process number for the message a waiting run shows.
package final class ProjectLock {
    /// The lock file's name.
    package static let fileName = ".whatsnew.lock"

    private let path: String
    private let descriptor: Int32
    private var released = false

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the lock of the folder that holds `notes`, waiting up to `patience` seconds for
    /// another run to finish.
    package static func take(
        besides notes: String, patience: Int = 600, console: Console
    ) throws(CommandFailure) -> ProjectLock {
        let path = PreparedFile.split(FileDestination.resolve(notes) ?? notes).directory + "/" + fileName
        var waited = false
        let deadline = time(nil) + patience
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw FileDestination.failure(path, "cannot take the project's lock: \(describe(errno: errno))")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                // The holder before may have removed the file after this run opened it: a lock
                // on a name no longer there guards nothing.
                var held = stat()
                var named = stat()
                if fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino,
                    held.st_dev == named.st_dev
                {
                    ftruncate(descriptor, 0)
                    _ = FileDescriptor.writeAll("\(getpid())\n", to: descriptor)
                    return ProjectLock(path: path, descriptor: descriptor)
                }
                close(descriptor)
                continue
            }
            let holder = String(decoding: (try? SourceFile.load(path: path, maximumSize: 64).bytes) ?? [], as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            let who = holder.isEmpty ? "another whatsnew run" : "another whatsnew run (process \(holder))"
            guard time(nil) < deadline else {
                throw CommandFailure(
                    Diagnostic(
                        .unwritableOutput, at: SourceLocation(path: path),
                        "\(who) has been changing this project for \(patience) seconds; nothing was changed"))
            }
            if !waited {
                console.report("whatsnew: waiting for \(who) to finish changing the project")
                waited = true
            }
            usleep(50_000)
        }
    }

    /// Gives the lock up and removes its file, so it never shows in `git status`.
    package func release() {
        guard !released else { return }
        released = true
        unlink(path)
        close(descriptor)
    }

    deinit {
        release()
    }
}

extension Project {
    /// What every command that changes the project does first: takes its lock, then ends any
    /// release a killed run left half-done, saying which way.
    package func lockForWriting(notes: String? = nil, console: Console) throws(CommandFailure) -> ProjectLock {
        let notes = notes.flatMap { $0 == "-" ? nil : $0 } ?? notesPath
        let lock = try ProjectLock.take(besides: notes, console: console)
        removeAbandonedWrites(notes: notes)
        if let folder = fragmentsFolder(for: notes) {
            try UnfinishedRelease.endAll(in: folder, versionFiles: versionFilePaths, console: console)
        }
        return lock
    }

    /// Removes what killed writers left beside the notes, in the fragments folder and beside
    /// each version file.
    package func removeAbandonedWrites(notes: String) {
        PreparedFile.removeAbandoned(in: PreparedFile.split(FileDestination.resolve(notes) ?? notes).directory)
        if let folder = fragmentsFolder(for: notes) { PreparedFile.removeAbandoned(in: folder) }
        for path in versionFilePaths {
            let (directory, name) = PreparedFile.split(path)
            PreparedFile.removeAbandoned(of: name, in: directory)
        }
    }

    /// The version files of `version-files:` that a release may write: absolute, links resolved,
    /// inside the project and outside `.git` (``VersionFiles`` says why any other is refused).
    package var versionFilePaths: Set<String> {
        Set((config?.versionFiles ?? []).compactMap { VersionFiles.place(of: $0, in: self) })
    }
}
