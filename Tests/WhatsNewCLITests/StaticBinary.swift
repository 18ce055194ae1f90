import Foundation
import Testing

/// The self-contained build users get (`.github/build-static`), built once per test run in a
/// build folder of its own, for every check of what the release ships: the static build itself,
/// the artifact bundle, the wheel and the Homebrew formula.
enum StaticBinary {
    static let built: Result<URL, any Error> = Result {
        // A static build made already (`.github/build-static` prints its path), to skip rebuilding it.
        if let made = ProcessInfo.processInfo.environment["WHATSNEW_STATIC_BINARY"] { return URL(fileURLWithPath: made) }
        let scratch = try SharedFiles.scratchDirectory()
        let build = try RepositoryScript.run(".github/build-static", ["--scratch-path", scratch.path + "/build"])
        try #require(build.status == 0, "\(build.stderr.suffix(2000))")
        return URL(fileURLWithPath: try #require(build.stdout.split(separator: "\n").last.map(String.init)))
    }
}

/// The repository's own shell scripts (release packing, the Action's steps, the integrations),
/// run as the workflows run them.
enum RepositoryScript {
    static let root = SharedFiles.tests.deletingLastPathComponent()

    /// `bash PATH ARGUMENTS…`, PATH relative to the repository.
    static func run(_ path: String, _ arguments: [String]) throws -> WhatsNewBinary.Run {
        try WhatsNewBinary.execute(URL(fileURLWithPath: "/bin/bash"), [root.appendingPathComponent(path).path] + arguments)
    }

    /// `package-binary`: the release tarball of `binary` for `triple` in `folder`; its path.
    static func pack(_ binary: URL, version: String, triple: String, into folder: URL) throws -> String {
        let packed = try run(".github/release/package-binary", [binary.path, version, triple, folder.path])
        try #require(packed.status == 0, "\(packed.stderr)")
        return packed.stdout.trimmingCharacters(in: .newlines)
    }

    /// The version a whatsnew binary reports.
    static func version(of binary: URL) throws -> String {
        try WhatsNewBinary.execute(binary, ["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
