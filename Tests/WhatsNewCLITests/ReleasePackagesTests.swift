import Foundation
import Testing

/// What the release workflow's `packages` job makes (`.github/release/make-packages`), from the
/// three platforms' tarballs: the artifact bundle, the plugin package that names it, a wheel per
/// binary, the Homebrew formula with every checksum, and SHA256SUMS of it all. The aarch64 and
/// macOS tarballs here hold this machine's binary, standing in for the other runners' builds.
struct ReleasePackagesTests {
    @Test(.needs(ExternalTool.hatchling, "hatchling (PyPI)"))
    func everyAssetIsMadeAndListedWithItsChecksum() throws {
        let binary = try StaticBinary.built.get()
        let version = try RepositoryScript.version(of: binary)
        let dist = try SharedFiles.scratchDirectory()
        let triples = ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu", "universal-apple-macos"]
        for triple in triples {
            _ = try RepositoryScript.pack(binary, version: version, triple: triple, into: dist)
        }
        let made = try RepositoryScript.run(".github/release/make-packages", [version, "v\(version)", "acme/whatsnew", dist.path])
        try #require(made.status == 0, "\(made.stdout)\n\(made.stderr)")

        // SHA256SUMS lists every asset, and each checks.
        let files = try FileManager.default.contentsOfDirectory(atPath: dist.path).filter { $0 != "SHA256SUMS" }.sorted()
        let sums = try String(contentsOf: dist.appendingPathComponent("SHA256SUMS"), encoding: .utf8)
        let listed = sums.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") }.sorted()
        #expect(listed == files, "\(listed) against \(files)")
        let check = try Tool.run(["/bin/sh", "-c", "cd '\(dist.path)' && sha256sum --check --quiet SHA256SUMS"])
        #expect(check.0 == 0, "\(check.1)\(check.2)")
        for file in ["whatsnew.artifactbundle.zip", "whatsnew.rb", "whatsnew-plugin-\(version).tar.gz"] {
            #expect(files.contains(file), "\(file) in \(files)")
        }
        #expect(files.contains { $0.hasPrefix("whatsnew_cli-") && $0.hasSuffix("_x86_64.whl") }, "\(files)")

        // The plugin package names the bundle at the release's address, with the bundle's checksum.
        let unpacked = try SharedFiles.scratchDirectory()
        let untar = try Tool.run(["tar", "-xzf", dist.appendingPathComponent("whatsnew-plugin-\(version).tar.gz").path, "-C", unpacked.path])
        try #require(untar.0 == 0)
        let manifest = try String(contentsOf: unpacked.appendingPathComponent("whatsnew-plugin/Package.swift"), encoding: .utf8)
        let bundleSum = try #require(sums.split(separator: "\n").first { $0.hasSuffix(" whatsnew.artifactbundle.zip") })
        #expect(manifest.contains("url: \"https://github.com/acme/whatsnew/releases/download/v\(version)/whatsnew.artifactbundle.zip\""))
        #expect(manifest.contains("checksum: \"\(bundleSum.prefix(64))\""), "\(manifest)")

        // The formula carries each tarball's checksum and the repository's address.
        let formula = try String(contentsOf: dist.appendingPathComponent("whatsnew.rb"), encoding: .utf8)
        for triple in triples {
            let line = try #require(sums.split(separator: "\n").first { $0.hasSuffix(" whatsnew-\(version)-\(triple).tar.gz") })
            #expect(formula.contains("sha256 \"\(line.prefix(64))\""), "\(triple)")
        }
        #expect(formula.contains("acme/whatsnew"))
    }
}
