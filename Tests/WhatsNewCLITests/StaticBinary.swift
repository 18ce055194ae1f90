import Foundation
import Testing

/// The self-contained build users get (`.github/build-static`), built once per test run in a
/// build folder of its own, for every check of what the release ships: the static build itself,
/// the artifact bundle, the wheel and the Homebrew formula.
enum StaticBinary {
    static let built: Result<URL, any Error> = Result {
        // A static build made already (`.github/build-static` prints its path), to skip rebuilding it.
        if let made = ProcessInfo.processInfo.environment["WHATSNEW_STATIC_BINARY"] { return URL(fileURLWithPath: made) }
        let root = SharedFiles.tests.deletingLastPathComponent()
        let scratch = try SharedFiles.scratchDirectory()
        let build = try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/bin/bash"),
            [root.appendingPathComponent(".github/build-static").path, "--scratch-path", scratch.path + "/build"])
        try #require(build.status == 0, "\(build.stderr.suffix(2000))")
        return URL(fileURLWithPath: try #require(build.stdout.split(separator: "\n").last.map(String.init)))
    }

    /// The version the binary reports.
    static func version(of binary: URL) throws -> String {
        try WhatsNewBinary.execute(binary, ["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
