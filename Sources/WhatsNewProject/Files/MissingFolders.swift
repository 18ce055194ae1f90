#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import WhatsNewModel

/// The folders an output's path names that do not exist yet (`--output docs/x.html` in a
/// fresh checkout), made before the file is written and removed again if the write fails, so
/// a failed run leaves the tree as it found it.
struct MissingFolders {
    /// Whether a folder above `target` is missing.
    static func areNeeded(above target: String) -> Bool {
        let folder = PreparedFile.split(target).directory
        return folder != "/" && folder != "." && FileKind(of: folder) == nil
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
            guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
                let reason = describe(errno: errno)
                remove()
                throw FileDestination.failure(path, "cannot create the folder \(folder): \(reason)")
            }
            made.append(folder)
        }
    }

    /// Removes the folders made, innermost first, where nothing else has been put in them.
    func remove() {
        for folder in made.reversed() { rmdir(folder) }
    }
}
