import WhatsNewModel
import WhatsNewReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders an output's path names that do not exist yet (`--output docs/x.html` in a
/// fresh checkout), made before the file is written and removed again if the write fails, so
/// a failed run leaves the tree as it found it.
struct MissingFolders {
    /// The nearest folder above `target` that exists, when its own folder does not; nil when
    /// it does (or nothing above it exists to stand in).
    static func nearestExisting(above target: String) -> String? {
        var folder = PreparedFile.split(target).directory
        guard folder != "/", folder != ".", FileKind(of: folder) == nil else { return nil }
        while folder != "/", folder != ".", FileKind(of: folder) == nil {
            folder = PreparedFile.split(folder).directory
        }
        return FileKind(of: folder) == .directory ? folder : nil
    }

    /// The folders above `target`'s own, as its path names them (`a/b/c/x` → `a/b`, `a`, `.`).
    static func ancestors(of target: String) -> [String] {
        var folders: [String] = []
        var folder = PreparedFile.split(target).directory
        while folder != "/", folder != "." {
            folder = PreparedFile.split(folder).directory
            folders.append(folder)
        }
        return folders
    }

    /// The folders made, outermost first.
    private(set) var made: [String] = []

    /// Makes every missing folder above `target`; `path` is the name the user gave, for messages.
    init(above target: String, for path: String) throws(CommandFailure) {
        var missing: [String] = []
        var folder = PreparedFile.split(target).directory
        while !folder.isEmpty, folder != "/", folder != ".", FileKind(of: folder) == nil {
            missing.append(folder)
            let parent = PreparedFile.split(folder).directory
            folder = parent == folder ? "" : parent
        }
        for folder in missing.reversed() {
            if mkdir(folder, 0o777) == 0 {
                made.append(folder)
            } else if errno != EEXIST {  // made meanwhile by someone else: theirs, not taken back
                let reason = describe(errno: errno)
                remove()
                throw FileDestination.failure(path, "cannot create the folder \(folder): \(reason)")
            }
        }
    }

    /// Removes the folders made, innermost first, where nothing else has been put in them.
    func remove() {
        for folder in made.reversed() { rmdir(folder) }
    }
}
