import Foundation
import WhatsNewModel

/// git, run without a shell: arguments go to it as they are, and a ref from the command line
/// is checked to be a commit before it is used, so neither can be read as an option.
struct Git {
    /// The folder git runs in.
    let directory: String?

    struct Failure: Error {
        var message: String
    }

    /// git's standard output; a failure carries its standard error. `input` is its standard
    /// input, read from a file so neither side ever waits on the other's pipe.
    func run(_ arguments: [String], input: [UInt8]? = nil) throws(Failure) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        // Standard error goes to a file, so git can never block on it while its output is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-git-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-git-in-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: errorFile)
            try? FileManager.default.removeItem(at: inputFile)
        }
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            if let input {
                _ = FileManager.default.createFile(atPath: inputFile.path, contents: Data(input))
                process.standardInput = try FileHandle(forReadingFrom: inputFile)
            }
            process.standardError = try FileHandle(forWritingTo: errorFile)
            try process.run()
        } catch {
            throw Failure(message: "cannot run git: \(error.localizedDescription)")
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errorBytes = (try? Data(contentsOf: errorFile)) ?? Data()
            let message = String(decoding: errorBytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: message.isEmpty ? "git \(arguments.first ?? "") failed" : message)
        }
        return Array(bytes)
    }

    func text(_ arguments: [String]) throws(Failure) -> String {
        String(decoding: try run(arguments), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The commit a ref names, or nil when it names none.
    func commit(_ ref: String) -> String? {
        try? text(["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"])
    }

    /// NUL-separated fields, as `-z` gives them.
    static func fields(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension Project {
    /// The tags of the git repository the notes at `notes` are in, read from its files (no
    /// process is started for them); none outside a repository.
    package func tags(near notes: String) -> [String] {
        GitDirectory.around(notes.contains("/") ? Project.sibling(".", of: notes) : ".").map { GitTags(gitDirectory: $0.common).names } ?? []
    }
}

/// A repository's tag names: loose refs under `refs/tags` and those in `packed-refs`.
struct GitTags {
    let gitDirectory: String

    var names: [String] {
        var names = Set<String>()
        func walk(_ folder: String, _ prefix: String) {
            for entry in DirectoryListing.names(in: folder) {
                let path = folder + "/" + entry
                if FileKind(of: path) == .directory { walk(path, prefix + entry + "/") } else { names.insert(prefix + entry) }
            }
        }
        walk(gitDirectory + "/refs/tags", "")
        let packed = ContentFingerprint.contents(of: gitDirectory + "/packed-refs") ?? []
        for line in packed.split(separator: 0x0A) {
            let fields = line.split(separator: 0x20, maxSplits: 1)
            guard fields.count == 2 else { continue }
            let ref = String(decoding: fields[1], as: UTF8.self)
            if ref.hasPrefix("refs/tags/") { names.insert(String(ref.dropFirst(10))) }
        }
        return names.sorted()
    }
}
