import Foundation
import Testing

/// The self-contained build users get (`.github/build-static`), built once per test run in a
/// build folder of its own, for every check of what the release ships: the static build itself,
/// the artifact bundle, the wheel and the Homebrew formula.
enum StaticBinary {
    static let built: Result<URL, any Error> = Result {
        // A static build made already (`.github/build-static` prints its path), to skip rebuilding it.
        if let made = ProcessInfo.processInfo.environment["WHATSNEW_STATIC_BINARY"] {
            return URL(fileURLWithPath: made)
        }
        let scratch = try SharedFiles.scratchDirectory()
        // As in Swift's jammy image, where the release is built: no g++, no gcc, only Swift's clang.
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = try WithoutCompilerDrivers.path(in: scratch)
        let build = try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/bin/bash"),
            [
                RepositoryScript.root.appendingPathComponent(".github/build-static").path, "--scratch-path",
                scratch.path + "/build",
            ],
            environment: environment)
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
        try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/bin/bash"), [root.appendingPathComponent(path).path] + arguments)
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

/// A PATH like this process's in which gcc's drivers (`gcc`, `g++`, `cc`, `c++` and their
/// versioned names) do not exist: a build environment as Swift's jammy image has it.
enum WithoutCompilerDrivers {
    static func path(in scratch: URL) throws -> String {
        let shim = scratch.appendingPathComponent("path-without-gcc")
        try FileManager.default.createDirectory(at: shim, withIntermediateDirectories: true)
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(
            String.init)
        var kept: [String] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard names.contains(where: isDriver) else {
                kept.append(folder)
                continue
            }
            // A folder holding a driver is replaced by links to everything else in it.
            let copy = shim.appendingPathComponent("\(kept.count)")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            for name in names where !isDriver(name) {
                try? FileManager.default.createSymbolicLink(
                    atPath: copy.appendingPathComponent(name).path, withDestinationPath: folder + "/" + name)
            }
            kept.append(copy.path)
        }
        return kept.joined(separator: ":")
    }

    /// gcc's C and C++ drivers under any of their names (`x86_64-linux-gnu-g++-12`, `c++`).
    static func isDriver(_ name: String) -> Bool {
        let base = name.split(separator: "-").filter { !$0.allSatisfy(\.isNumber) }.last.map(String.init) ?? name
        return ["gcc", "g++", "cc", "c++"].contains(base)
    }
}
