import Foundation
import Testing
import WhatsNewTestSupport

/// The release workflow's scripts with the tools of the runners they run on, replayed here:
/// macOS packs with bsdtar, the Linux image has no g++, the macOS images' default Xcode is too
/// old for the manifest.
struct ReleaseRunnerTests {
    /// `package-binary` with bsdtar as `tar` (as on a macOS runner) and with GNU tar: the same
    /// entries, owner 0 and time 0 either way, and the same bytes each time with the same tar.
    @Test(.needs(ExternalTool.bsdtar, "bsdtar (Debian libarchive-tools)"))
    func packingWorksWithBsdtarAsWithGNUTar() throws {
        let binary = try #require(WhatsNewBinary.url)
        let work = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let shim = work.appendingPathComponent("bsdtar-path")
        try FileManager.default.createDirectory(at: shim, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: shim.appendingPathComponent("tar").path, withDestinationPath: "/usr/bin/bsdtar")
        var bsd = ProcessInfo.processInfo.environment
        bsd["PATH"] = shim.path + ":" + (bsd["PATH"] ?? "/usr/bin:/bin")

        var listings: [String] = []
        for (name, environment) in [("gnu", ProcessInfo.processInfo.environment), ("bsd", bsd)] {
            var archives: [Data] = []
            for round in 1...2 {
                let out = work.appendingPathComponent("\(name)-\(round)")
                let packed = try WhatsNewBinary.execute(
                    URL(fileURLWithPath: "/bin/bash"),
                    [
                        RepositoryScript.root.appendingPathComponent(".github/release/package-binary").path,
                        binary.path, "9.9.9", "universal-apple-macos", out.path,
                    ],
                    environment: environment)
                try #require(packed.status == 0, "\(name): \(packed.stderr)")
                #expect(!packed.stderr.contains("not supported"), "\(packed.stderr)")
                archives.append(
                    try Data(contentsOf: URL(fileURLWithPath: packed.stdout.trimmingCharacters(in: .newlines))))
            }
            #expect(archives[0] == archives[1], "\(name) tar: the same binary gives the same bytes")
            let tarball = work.appendingPathComponent("\(name)-1/whatsnew-9.9.9-universal-apple-macos.tar.gz").path
            let listing = try Tool.run(["tar", "--numeric-owner", "-tvzf", tarball])
            try #require(listing.0 == 0, "\(listing.2)")
            let lines = listing.1.split(separator: "\n")
            #expect(lines.allSatisfy { $0.contains(" 0/0 ") && $0.contains("1970-01-01 00:00") }, "\(listing.1)")
            #expect(lines.contains { $0.hasPrefix("-rwxr-xr-x") && $0.hasSuffix("/bin/whatsnew") }, "\(listing.1)")
            listings.append(lines.map { String($0.split(separator: " ").last ?? "") }.joined(separator: "\n"))
        }
        #expect(listings[0] == listings[1])
        #expect(listings[0].contains("whatsnew-9.9.9-universal-apple-macos/share/zsh/site-functions/_whatsnew"))
    }

    /// `select-xcode` on a runner's /Applications: the newest release Xcode whose Swift the
    /// manifest allows, exported as DEVELOPER_DIR; a beta only when no release will do; none new
    /// enough is an error naming what was found.
    @Test func theXcodeWithTheSwiftTheManifestNeedsIsSelected() throws {
        let manifest = try String(
            contentsOf: RepositoryScript.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let required = try #require(manifest.split(separator: "\n").first?.split(separator: ":").last)
            .trimmingCharacters(in: .whitespaces)
        let parts = required.split(separator: ".").compactMap { Int($0) }
        let older = "\(parts[0]).\(max(parts[1], 1) - 1).4"
        let newer = "\(parts[0]).\(parts[1]).1"
        let next = "\(parts[0]).\(parts[1] + 1)"

        func select(_ xcodes: [(String, String)]) throws -> (WhatsNewBinary.Run, String) {
            let applications = try SharedFiles.scratchDirectory()
            for (app, swift) in xcodes {
                let bin = applications.appendingPathComponent(
                    "\(app)/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin")
                try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
                let script = bin.appendingPathComponent("swift")
                try
                    "#!/bin/sh\necho 'swift-driver version: 1.127 Apple Swift version \(swift) (swiftlang-6.2.0.19.9 clang-1700.3.19.1)'\necho 'Target: arm64-apple-macosx15.0'\n"
                    .write(to: script, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            }
            let environmentFile = applications.appendingPathComponent("github-env")
            var environment = ProcessInfo.processInfo.environment
            environment["XCODE_APPLICATIONS"] = applications.path
            environment["GITHUB_ENV"] = environmentFile.path
            let run = try WhatsNewBinary.execute(
                URL(fileURLWithPath: "/bin/bash"),
                [RepositoryScript.root.appendingPathComponent(".github/select-xcode").path],
                environment: environment)
            let exported = (try? String(contentsOf: environmentFile, encoding: .utf8)) ?? ""
            return (run, exported.replacingOccurrences(of: applications.path + "/", with: ""))
        }

        let (chosen, exported) = try select([
            ("Xcode_16.4.app", older), ("Xcode_26.0.app", required), ("Xcode_26.0.1.app", newer),
            ("Xcode_26.1_beta.app", next), ("Xcode.app", older),
        ])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(exported == "DEVELOPER_DIR=Xcode_26.0.1.app/Contents/Developer\n", "\(exported)")
        #expect(chosen.stdout.contains("Xcode_26.0.1.app: Swift \(newer)"), "\(chosen.stdout)")

        let (beta, betaExported) = try select([("Xcode_16.4.app", older), ("Xcode_26.1_beta.app", next)])
        #expect(beta.status == 0, "\(beta.stderr)")
        #expect(betaExported == "DEVELOPER_DIR=Xcode_26.1_beta.app/Contents/Developer\n")

        let (none, noneExported) = try select([("Xcode_16.4.app", older)])
        #expect(none.status == 1)
        #expect(
            none.stderr.contains("has Swift \(required) or later; found: Xcode_16.4.app (Swift \(older))"),
            "\(none.stderr)")
        #expect(noneExported.isEmpty)
    }

    /// The gate every release binary passes: glibc's libraries only. A binary that loads
    /// libstdc++.so.6 (what a link without libstdc++.a gives) or the Swift runtime is refused.
    @Test(.needs(ExternalTool.cplusplus, "g++ (Debian)"))
    func aBinaryThatLoadsMoreThanGlibcIsRefused() throws {
        let work = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let cplusplus = try ReleaseStandIns.cplusplusProgram(in: work)
        let refused = try RepositoryScript.run(".github/release/check-libraries", [cplusplus.path])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("loads libstdc++.so.6, which a glibc system need not have"), "\(refused.stderr)")
        // The debug build loads the Swift runtime's shared libraries.
        let debug = try RepositoryScript.run(".github/release/check-libraries", [try #require(WhatsNewBinary.url).path])
        #expect(debug.status == 1 && debug.stderr.contains("libswiftCore.so"), "\(debug.stderr)")
        let static_ = try RepositoryScript.run(".github/release/check-libraries", [try StaticBinary.built.get().path])
        #expect(static_.status == 0, "\(static_.stderr)")
    }
}

/// Binaries for the release gate's tests, made here with real toolchains: the platforms this
/// machine cannot build whatsnew for get stand-ins of the right format (they are never run).
enum ReleaseStandIns {
    /// A release made here as the workflow makes it, once per test run: the static binary for
    /// x86_64 Linux, stand-ins for the aarch64 and macOS runners' builds, then `make-packages`
    /// (for `acme/whatsnew`). The folder holding `dist/`, and the version.
    static let release: Result<(URL, String), any Error> = Result {
        let binary = try StaticBinary.built.get()
        let version = try RepositoryScript.version(of: binary)
        let work = try SharedFiles.scratchDirectory()
        let dist = work.appendingPathComponent("dist")
        let standIns = work.appendingPathComponent("stand-ins")
        try FileManager.default.createDirectory(at: standIns, withIntermediateDirectories: true)
        for triple in ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu", "universal-apple-macos"] {
            let tarball = URL(
                fileURLWithPath: try RepositoryScript.pack(binary, version: version, triple: triple, into: dist))
            switch triple {
            case "aarch64-unknown-linux-gnu": try swapBinary(in: tarball, with: try linuxAArch64(in: standIns))
            case "universal-apple-macos": try swapBinary(in: tarball, with: try macOSUniversal(in: standIns))
            default: break
            }
        }
        try FileManager.default.removeItem(at: standIns)
        let made = try RepositoryScript.run(
            ".github/release/make-packages", [version, "v\(version)", "acme/whatsnew", dist.path])
        try #require(made.status == 0, "\(made.stdout)\n\(made.stderr)")
        return (work, version)
    }

    /// Swift's own clang, which targets every platform the release has.
    static var clang: String {
        let swift = (try? Tool.run(["sh", "-c", "readlink -f \"$(command -v swift)\""]).1) ?? ""
        return URL(fileURLWithPath: swift.trimmingCharacters(in: .newlines)).deletingLastPathComponent()
            .appendingPathComponent("clang").path
    }

    /// A C++ program linked as g++ links by default: it loads libstdc++.so.6.
    static func cplusplusProgram(in folder: URL) throws -> URL {
        let source = folder.appendingPathComponent("hello.cpp")
        try "#include <iostream>\nint main() { std::cout << \"hello\" << std::endl; }\n".write(
            to: source, atomically: true, encoding: .utf8)
        let binary = folder.appendingPathComponent("hello")
        let built = try Tool.run(["g++", source.path, "-o", binary.path])
        try #require(built.0 == 0, "\(built.2)")
        return binary
    }

    /// A static aarch64 Linux executable with no libraries, as the aarch64 runner's build is.
    static func linuxAArch64(in folder: URL) throws -> URL {
        let source = folder.appendingPathComponent("start.c")
        try "void _start(void) { for (;;) {} }\n".write(to: source, atomically: true, encoding: .utf8)
        let binary = folder.appendingPathComponent("whatsnew-aarch64")
        let built = try Tool.run([
            clang, "--target=aarch64-linux-gnu", "-nostdlib", "-static", "-fuse-ld=lld", source.path, "-o", binary.path,
        ])
        try #require(built.0 == 0, "\(built.2)")
        return binary
    }

    /// A universal (arm64 and x86_64) Mach-O file whose slices say they need macOS `minimum`,
    /// laid out as lipo lays one out: clang's objects for each architecture in a fat header.
    static func macOSUniversal(in folder: URL, minimum: String = "14.0") throws -> URL {
        let source = folder.appendingPathComponent("f.c")
        try "int f(void) { return 1; }\n".write(to: source, atomically: true, encoding: .utf8)
        var slices: [(cpu: UInt32, bytes: Data)] = []
        for (architecture, cpu) in [("arm64", UInt32(0x0100_000C)), ("x86_64", UInt32(0x0100_0007))] {
            let object = folder.appendingPathComponent("\(architecture).o")
            let built = try Tool.run([
                clang, "-target", "\(architecture)-apple-macos\(minimum)", "-c", source.path, "-o", object.path,
            ])
            try #require(built.0 == 0, "\(built.2)")
            slices.append((cpu, try Data(contentsOf: object)))
        }
        func bigEndian(_ value: UInt32) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        var header = Data([0xCA, 0xFE, 0xBA, 0xBE]) + bigEndian(UInt32(slices.count))
        var body = Data()
        var offset = 4096
        for slice in slices {
            header +=
                bigEndian(slice.cpu) + bigEndian(0) + bigEndian(UInt32(offset)) + bigEndian(UInt32(slice.bytes.count))
                + bigEndian(12)
            let padded = slice.bytes + Data(count: (4096 - slice.bytes.count % 4096) % 4096)
            body += padded
            offset += padded.count
        }
        let universal = folder.appendingPathComponent("whatsnew-universal")
        try (header + Data(count: 4096 - header.count) + body).write(to: universal)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: universal.path)
        return universal
    }

    /// Replaces the binary inside a release tarball (packed for its layout and completions by
    /// this machine's binary) with `binary`, packed again as the release packs.
    static func swapBinary(in tarball: URL, with binary: URL) throws {
        let stage = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: stage) }
        let unpacked = try Tool.run(["tar", "-xzf", tarball.path, "-C", stage.path])
        try #require(unpacked.0 == 0, "\(unpacked.2)")
        let name = tarball.lastPathComponent.replacingOccurrences(of: ".tar.gz", with: "")
        let inside = stage.appendingPathComponent("\(name)/bin/whatsnew")
        try FileManager.default.removeItem(at: inside)
        try FileManager.default.copyItem(at: binary, to: inside)
        let packed = try RepositoryScript.run(".github/release/pack-folder", [stage.path, name, tarball.path])
        try #require(packed.status == 0, "\(packed.stderr)")
    }
}
