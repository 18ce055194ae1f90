import WhatsNewModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The questions the rest of the project layer asks of the file system, each answered one way
/// here, so commands and notes never call the system themselves: where the run stands, whether
/// a path leads to something, folders made, a file removed, a scratch file for another program.
package enum ProjectFiles {
    /// The folder the run started in.
    package static var workingDirectory: String { FileManager.default.currentDirectoryPath }

    /// Whether `path` leads to something, a symbolic link followed (a dangling one leads nowhere);
    /// ``FileKind`` says what stands at the path itself.
    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether `path` leads to a folder, a symbolic link followed.
    package static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Makes `path` and the folders above it that are missing.
    package static func makeFolders(_ path: String) throws(CommandFailure) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(
                Diagnostic(.unwritableOutput, at: SourceLocation(path: path), "cannot create the directory"))
        }
    }

    /// Removes the file at `path`; nil when it is gone (or was never there), else the error number.
    package static func remove(_ path: String) -> Int32? {
        unlink(path) == 0 || errno == ENOENT ? nil : errno
    }

    /// A path in the system's temporary folder that nothing else names: `prefix` and a UUID.
    package static func scratchPath(named prefix: String) -> String {
        FileManager.default.temporaryDirectory.path + "/\(prefix)-\(UUID().uuidString)"
    }

    /// A file in the system's temporary folder holding `text` while `use` runs with its path,
    /// removed after; what `use` returns, with the file's text as it was left.
    package static func withScratchFile<Result>(
        named prefix: String, holding text: String, _ use: (String) throws(CommandFailure) -> Result
    ) throws(CommandFailure) -> (result: Result, text: String) {
        let path = scratchPath(named: prefix) + ".md"
        defer { unlink(path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw CommandFailure(
                message: "cannot write a scratch file in \(FileManager.default.temporaryDirectory.path)")
        }
        let result = try use(path)
        let left = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? text
        return (result, left)
    }
}
