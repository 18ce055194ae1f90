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

    /// git's standard output; a failure carries its standard error.
    func run(_ arguments: [String]) throws(Failure) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        // Standard error goes to a file, so git can never block on it while its output is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-git-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
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
    /// The tags of the git repository the notes at `notes` are in; none outside one.
    package func tags(near notes: String) -> [String] {
        let folder = notes.contains("/") ? Project.sibling(".", of: notes) : "."
        guard let text = try? Git(directory: folder).text(["tag", "--list", "--sort=-creatordate"]) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }
}
