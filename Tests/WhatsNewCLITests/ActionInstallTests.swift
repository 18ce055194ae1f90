import Foundation
import Testing

/// The Action's first step (`.github/action/install.sh`): at a released version it downloads
/// that version's binary for the runner, verifies it against the release's SHA256SUMS and hands
/// it on; otherwise it asks for the build from source and says why. A folder of release assets
/// made by `.github/release/package-binary` stands in for the GitHub release.
@Suite(.serialized) struct ActionInstallTests {
    private static let script = RepositoryScript.root.appendingPathComponent(".github/action/install.sh")

    /// The release assets of the built binary's version, as the release workflow lays them out
    /// under its tag: the tarball for x86_64 Linux and SHA256SUMS. Packed once (it takes seconds).
    private static let packed: Result<URL, any Error> = Result {
        let binary = try #require(WhatsNewBinary.url)
        let version = try RepositoryScript.version(of: binary)
        let folder = try SharedFiles.scratchDirectory()
        let release = folder.appendingPathComponent("v\(version)")
        _ = try RepositoryScript.pack(binary, version: version, triple: "x86_64-unknown-linux-gnu", into: release)
        let sums = try Tool.run(["/bin/sh", "-c", "cd '\(release.path)' && sha256sum *.tar.gz > SHA256SUMS"])
        try #require(sums.0 == 0)
        return folder
    }

    /// A copy of the packed assets, for a test to change.
    private func releaseAssets(tag: String) throws -> (folder: URL, tarball: URL) {
        let version = try RepositoryScript.version(of: try #require(WhatsNewBinary.url))
        let folder = try SharedFiles.scratchDirectory().appendingPathComponent("releases")
        try FileManager.default.copyItem(at: try Self.packed.get(), to: folder)
        let release = folder.appendingPathComponent(tag)
        return (folder, release.appendingPathComponent("whatsnew-\(version)-x86_64-unknown-linux-gnu.tar.gz"))
    }

    /// The step as the runner starts it for `uses: acme/whatsnew@REF`: its checkout under
    /// `_actions/acme/whatsnew/REF`, with the ref and repository left empty as composite
    /// actions often see them.
    private func install(ref: String, assets: URL, platform: String = "Linux x86_64", checkout: URL? = nil)
        throws -> (run: WhatsNewBinary.Run, outputs: [String: String], log: String, work: URL)
    {
        let work = try SharedFiles.scratchDirectory()
        let actionPath = checkout ?? work.appendingPathComponent("_actions/acme/whatsnew/\(ref)")
        try FileManager.default.createDirectory(at: actionPath, withIntermediateDirectories: true)
        let outputs = work.appendingPathComponent("github-output")
        var environment = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "LANG"].contains($0.key) }
        environment["WHATSNEW_ACTION_PATH"] = actionPath.path
        environment["WHATSNEW_RELEASE_ASSETS"] = assets.path
        environment["WHATSNEW_PLATFORM"] = platform
        environment["GITHUB_OUTPUT"] = outputs.path
        environment["RUNNER_TEMP"] = work.path
        let run = try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/bin/bash"), [Self.script.path], in: work, environment: environment)
        var values: [String: String] = [:]
        for line in ((try? String(contentsOf: outputs, encoding: .utf8)) ?? "").split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        return (run, values, run.stdout + run.stderr, work)
    }

    @Test func aReleasedVersionRunsTheReleasesBinary() throws {
        let binary = try #require(WhatsNewBinary.url)
        let version = try RepositoryScript.version(of: binary)
        let (assets, _) = try releaseAssets(tag: "v\(version)")
        let (run, outputs, log, _) = try install(ref: "v\(version)", assets: assets)
        #expect(run.status == 0, "\(log)")
        #expect(outputs["build"] == nil)
        let downloaded = try #require(outputs["bin"], "\(log)")
        #expect(log.contains("verified whatsnew-\(version)-x86_64-unknown-linux-gnu.tar.gz (SHA-256 "))
        // The downloaded binary is the one released, and it does the job.
        #expect(try RepositoryScript.version(of: URL(fileURLWithPath: downloaded)) == version)
        let sheet = try WhatsNewBinary.execute(
            URL(fileURLWithPath: downloaded),
            [SharedFiles.fixture("examples", "keep-a-changelog"), "--format", "markdown"])
        #expect(sheet.status == 0 && sheet.stdout.hasPrefix("## "), "\(sheet.stderr)")
    }

    @Test func aMovingMajorTagTakesTheVersionItsCommitCarries() throws {
        let binary = try #require(WhatsNewBinary.url)
        let version = try RepositoryScript.version(of: binary)
        let (assets, _) = try releaseAssets(tag: "v\(version)")
        let major = String(version.prefix { $0 != "." })
        let work = try SharedFiles.scratchDirectory()
        let checkout = work.appendingPathComponent("_actions/acme/whatsnew/v\(major)")
        // The checkout of the tag holds the version whatsnew reports, where the Swift source keeps it.
        let source = checkout.appendingPathComponent("Sources/WhatsNewCLI/WhatsNewCommand.swift")
        try FileManager.default.createDirectory(
            at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try String(
            contentsOf: RepositoryScript.root.appendingPathComponent("Sources/WhatsNewCLI/WhatsNewCommand.swift"),
            encoding: .utf8
        )
        .write(to: source, atomically: true, encoding: .utf8)
        let (run, outputs, log, _) = try install(ref: "v\(major)", assets: assets, checkout: checkout)
        #expect(run.status == 0, "\(log)")
        #expect(outputs["bin"] != nil, "\(log)")
        #expect(log.contains("/v\(version)"), "\(log)")
    }

    @Test func aWrongChecksumStopsBeforeAnythingRuns() throws {
        let binary = try #require(WhatsNewBinary.url)
        let version = try RepositoryScript.version(of: binary)
        let (assets, tarball) = try releaseAssets(tag: "v\(version)")
        // One byte of the archive changed after the sums were written.
        var bytes = try Data(contentsOf: tarball)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: tarball)
        let (run, outputs, log, work) = try install(ref: "v\(version)", assets: assets)
        #expect(run.status == 1, "\(log)")
        #expect(log.contains("but the release's SHA256SUMS says"), "\(log)")
        #expect(outputs.isEmpty, "\(outputs)")
        // Nothing was unpacked, so nothing from the archive could have run.
        let unpacked = try FileManager.default.subpathsOfDirectory(atPath: work.path).filter {
            $0.hasSuffix("bin/whatsnew")
        }
        #expect(unpacked.isEmpty, "\(unpacked)")
        // An archive the sums do not list is refused the same way.
        try Data().write(to: tarball.deletingLastPathComponent().appendingPathComponent("SHA256SUMS"))
        let (unlisted, unlistedOutputs, unlistedLog, _) = try install(ref: "v\(version)", assets: assets)
        #expect(unlisted.status == 1)
        #expect(unlistedLog.contains("lists no whatsnew-\(version)"), "\(unlistedLog)")
        #expect(unlistedOutputs.isEmpty)
    }

    /// A tarball without its sums is a broken release: the step fails and says so at once rather
    /// than building from source for minutes.
    @Test func aTarballWithoutItsSumsFailsAndSaysWhy() throws {
        let binary = try #require(WhatsNewBinary.url)
        let version = try RepositoryScript.version(of: binary)
        let (assets, tarball) = try releaseAssets(tag: "v\(version)")
        try FileManager.default.removeItem(at: tarball.deletingLastPathComponent().appendingPathComponent("SHA256SUMS"))
        let (run, outputs, log, _) = try install(ref: "v\(version)", assets: assets)
        #expect(run.status == 1, "\(log)")
        #expect(
            log.contains(
                "release v\(version) has whatsnew-\(version)-x86_64-unknown-linux-gnu.tar.gz but no SHA256SUMS"),
            "\(log)")
        #expect(!log.contains("building from source"), "\(log)")
        #expect(outputs.isEmpty, "\(outputs)")
    }

    @Test func withoutAReleaseBinaryItBuildsAndSaysWhy() throws {
        let binary = try #require(WhatsNewBinary.url)
        let version = try RepositoryScript.version(of: binary)
        let (assets, _) = try releaseAssets(tag: "v\(version)")
        let cases: [(ref: String, platform: String, says: String)] = [
            ("main", "Linux x86_64", "main is not a released version"),
            ("0123456789abcdef0123456789abcdef01234567", "Linux x86_64", "is not a released version"),
            ("v\(version)", "FreeBSD amd64", "no release binary for FreeBSD amd64"),
            // The release exists, but not for this architecture.
            ("v\(version)", "Linux aarch64", "has no whatsnew-\(version)-aarch64-unknown-linux-gnu.tar.gz"),
            ("v9.9.9", "Linux x86_64", "release v9.9.9 has no"),
        ]
        for (ref, platform, says) in cases {
            let (run, outputs, log, _) = try install(ref: ref, assets: assets, platform: platform)
            #expect(run.status == 0, "\(ref) \(platform): \(log)")
            #expect(outputs == ["build": "true"], "\(ref) \(platform): \(outputs)")
            #expect(
                log.contains("whatsnew: building from source: ") && log.contains(says), "\(ref) \(platform): \(log)")
        }
        // Used from the repository's own checkout (`uses: ./`): no release to take.
        let local = try SharedFiles.scratchDirectory()
        let (run, outputs, log, _) = try install(ref: "", assets: assets, checkout: local)
        #expect(run.status == 0 && outputs == ["build": "true"], "\(log)")
        #expect(log.contains("uses: ./"))
    }
}
