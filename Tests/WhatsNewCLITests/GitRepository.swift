import Foundation
import Testing

/// A real git repository in a scratch folder, for the workflows that live in one: notes written
/// on branches, merged, checked and released.
struct GitRepository {
    let url: URL

    /// A new repository on `main` with `files` committed.
    init(_ files: [String: String]) throws {
        url = try SharedFiles.scratchDirectory()
        try git("init", "-q", "-b", "main")
        for (path, text) in files { try write(path, text) }
        try commit("Start")
    }

    /// A new repository on `main` with no commit yet.
    init(empty: Void) throws {
        url = try SharedFiles.scratchDirectory()
        try git("init", "-q", "-b", "main")
    }

    var path: String { url.path }

    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(folder).path)) ?? []).sorted()
    }

    @discardableResult
    func git(_ arguments: String...) throws -> WhatsNewBinary.Run { try git(arguments) }

    @discardableResult
    func git(_ arguments: [String]) throws -> WhatsNewBinary.Run {
        let run = try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-c", "user.email=dev@example.com", "-c", "user.name=Dev"] + arguments,
            in: url)
        try #require(run.status == 0, "git \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    func commit(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-qm", message)
    }

    /// whatsnew run in the repository.
    func whatsnew(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
        -> WhatsNewBinary.Run
    {
        try WhatsNewBinary.run(arguments, stdin: stdin, in: url, environment: environment)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
