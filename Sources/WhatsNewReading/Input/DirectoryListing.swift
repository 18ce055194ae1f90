import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names in a folder. With ``FileKind`` and `SourceFile.load(path:maximumSize:)`, the
/// only place the library's stages touch the file system.
package enum DirectoryListing {
    /// The names of the folder's entries that `include` keeps, sorted, without `.` and `..`;
    /// none when it cannot be read. Kept before sorting: a notes folder may hold thousands.
    package static func names(in path: String, where include: (String) -> Bool = { _ in true }) -> [String] {
        guard let directory = opendir(path.isEmpty ? "." : path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != "..", include(name) { names.append(name) }
        }
        return names.sorted()
    }
}
