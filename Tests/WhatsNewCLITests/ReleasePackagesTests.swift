import Foundation
import Testing
import WhatsNewTestSupport

/// What the release workflow's `packages` job makes (`.github/release/make-packages`), from the
/// three platforms' tarballs: the artifact bundle, the plugin package that names it, a wheel per
/// binary, the Homebrew formula with every checksum, and SHA256SUMS of it all. The aarch64 and
/// macOS tarballs hold stand-ins of their formats for the other runners' builds.
struct ReleasePackagesTests {
    @Test(.needs(ExternalTool.hatchling, "hatchling (PyPI)"))
    func everyAssetIsMadeAndListedWithItsChecksum() throws {
        let (work, version) = try ReleaseStandIns.release.get()
        let dist = work.appendingPathComponent("dist")
        let triples = ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu", "universal-apple-macos"]

        // SHA256SUMS lists every asset, and each checks.
        let files = try FileManager.default.contentsOfDirectory(atPath: dist.path).filter { $0 != "SHA256SUMS" }
            .sorted()
        let sums = try String(contentsOf: dist.appendingPathComponent("SHA256SUMS"), encoding: .utf8)
        let listed = sums.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") }.sorted()
        #expect(listed == files, "\(listed) against \(files)")
        let check = try Tool.run(["/bin/sh", "-c", "cd '\(dist.path)' && sha256sum --check --quiet SHA256SUMS"])
        #expect(check.0 == 0, "\(check.1)\(check.2)")
        for file in ["whatsnew.artifactbundle.zip", "whatsnew.rb", "whatsnew-plugin-\(version).tar.gz"] {
            #expect(files.contains(file), "\(file) in \(files)")
        }
        // A wheel per platform, each tagged from its binary: the macOS one for the macOS its
        // binary says it needs.
        let wheels = files.filter { $0.hasSuffix(".whl") }
        #expect(wheels.count == 3, "\(wheels)")
        #expect(wheels.contains { $0.hasPrefix("whatsnew_cli-") && $0.hasSuffix("_x86_64.whl") }, "\(files)")
        #expect(wheels.contains { $0.hasSuffix("-py3-none-macosx_14_0_universal2.whl") }, "\(wheels)")
        #expect(wheels.contains { $0.contains("_aarch64") }, "\(wheels)")

        // The plugin package names the bundle at the release's address, with the bundle's checksum.
        let unpacked = try SharedFiles.scratchDirectory()
        let untar = try Tool.run([
            "tar", "-xzf", dist.appendingPathComponent("whatsnew-plugin-\(version).tar.gz").path, "-C", unpacked.path,
        ])
        try #require(untar.0 == 0)
        let manifest = try String(
            contentsOf: unpacked.appendingPathComponent("whatsnew-plugin/Package.swift"), encoding: .utf8)
        let bundleSum = try #require(sums.split(separator: "\n").first { $0.hasSuffix(" whatsnew.artifactbundle.zip") })
        #expect(
            manifest.contains(
                "url: \"https://github.com/acme/whatsnew/releases/download/v\(version)/whatsnew.artifactbundle.zip\""))
        #expect(manifest.contains("checksum: \"\(bundleSum.prefix(64))\""), "\(manifest)")

        // The formula carries each tarball's checksum and the repository's address.
        let formula = try String(contentsOf: dist.appendingPathComponent("whatsnew.rb"), encoding: .utf8)
        for triple in triples {
            let line = try #require(
                sums.split(separator: "\n").first { $0.hasSuffix(" whatsnew-\(version)-\(triple).tar.gz") })
            #expect(formula.contains("sha256 \"\(line.prefix(64))\""), "\(triple)")
        }
        #expect(formula.contains("acme/whatsnew"))
        #expect(formula.contains("depends_on macos: :sonoma"), "\(formula)")
        #expect(!formula.contains("0000000000000000"))
    }

    /// With only some of the tarballs (a local run), no formula is made rather than one of
    /// placeholder checksums; the rest is made as usual.
    @Test(.needs(ExternalTool.hatchling, "hatchling (PyPI)"))
    func withOneTarballNoFormulaIsLeftBehind() throws {
        let binary = try StaticBinary.built.get()
        let version = try RepositoryScript.version(of: binary)
        let dist = try SharedFiles.scratchDirectory()
        _ = try RepositoryScript.pack(binary, version: version, triple: "x86_64-unknown-linux-gnu", into: dist)
        let made = try RepositoryScript.run(
            ".github/release/make-packages", [version, "v\(version)", "acme/whatsnew", dist.path])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stderr.contains("no Homebrew formula: it needs the macOS and both Linux tarballs"), "\(made.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dist.path)
        #expect(!files.contains("whatsnew.rb"), "\(files)")
        #expect(files.contains("SHA256SUMS") && files.contains("whatsnew.artifactbundle.zip"), "\(files)")
    }
}
