import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names, looked at without following a symbolic link.
package enum FileKind: Sendable, Hashable {
    case regularFile, symbolicLink, directory, other

    /// The kind of the entry at `path`; nil when there is none.
    package init?(of path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFLNK: self = .symbolicLink
        case S_IFDIR: self = .directory
        default: self = .other
        }
    }
}
