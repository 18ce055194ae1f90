import Foundation
import Testing

/// The `whatsnew` executable SwiftPM built next to this test bundle, run as a user would.
enum WhatsNewBinary {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let url: URL? = {
        var directories = [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()]
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        return directories.map { $0.appendingPathComponent("whatsnew") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }()

    /// Runs the binary; output goes through files so a large output cannot block on a pipe.
    /// The environment is fixed (no COLUMNS, NO_COLOR or TERM from the caller) apart from `environment`.
    static func run(
        _ arguments: [String], stdin: String? = nil, in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Run {
        let executable = try #require(url, "whatsnew was not built next to the tests")
        // Sanitizer settings pass through, so `swift test --sanitize=…` can tune its runtime.
        let sanitizers = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }
        let fixed = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(sanitizers) { $1 }.merging(environment) { $1 }
        return try execute(executable, arguments, stdin: stdin, in: directory, environment: fixed)
    }

    /// Runs any program; output goes through files so a large output cannot block on a pipe.
    /// With no `environment`, the program inherits the test's own.
    static func execute(
        _ executable: URL, _ arguments: [String], stdin: String? = nil, in directory: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> Run {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let err = scratch.appendingPathComponent("err")
        let input = scratch.appendingPathComponent("in")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        _ = FileManager.default.createFile(atPath: input.path, contents: Data((stdin ?? "").utf8))

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = try FileHandle(forReadingFrom: input)
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}

/// Inputs shared with the library's tests.
enum SharedFiles {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static func fixture(_ group: String, _ name: String) -> String {
        tests.appendingPathComponent("WhatsNewTests/Fixtures/\(group)/\(name).md").path
    }
    static func golden(_ path: String) throws -> String {
        try String(contentsOf: tests.appendingPathComponent("WhatsNewTests/Golden/\(path)"), encoding: .utf8)
    }

    /// `output` against the golden file at `path` under Golden/, or written there with
    /// `WHATSNEW_RECORD=1`, to re-record on purpose and read the diff.
    static func checkGolden(_ output: String, _ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        let url = tests.appendingPathComponent("WhatsNewTests/Golden/\(path)")
        if ProcessInfo.processInfo.environment["WHATSNEW_RECORD"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try output.write(to: url, atomically: true, encoding: .utf8)
        } else {
            #expect(output == (try golden(path)), "\(path)", sourceLocation: sourceLocation)
        }
    }

    /// The binary run on an example fixture; its output, which must succeed, against a golden.
    @discardableResult
    static func checkGolden(
        example name: String, _ options: [String], _ path: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> String {
        let run = try WhatsNewBinary.run([fixture("examples", name)] + options)
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        try checkGolden(run.stdout, path, sourceLocation: sourceLocation)
        return run.stdout
    }

    /// A new empty directory inside this run's scratch root, which goes when the run exits.
    static func scratchDirectory() throws -> URL {
        let url = scratchRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// One folder per test run holds every scratch directory, so none outlives the run even
    /// where a test has no `defer` (a run once left hundreds in the temporary folder).
    private static let scratchRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "whatsnew-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: SharedFiles.scratchRoot) }
        return root
    }()
}
