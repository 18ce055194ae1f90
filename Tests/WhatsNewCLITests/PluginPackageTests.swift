import Foundation
import Testing
import WhatsNewTestSupport

/// The SwiftPM plugin without a build: the release's artifact bundle
/// (`.github/release/make-artifactbundle`) behind the plugin package
/// (`Integrations/swiftpm-plugin/make-package`), added by an app's package that then runs
/// `swift package whatsnew` with the static binary and compiles nothing of whatsnew's.
struct PluginPackageTests {
    @Test(.slowCheck) func anAppRunsTheReleasedBinaryThroughThePlugin() throws {
        let binary = try StaticBinary.built.get()
        let version = try RepositoryScript.version(of: binary)
        let work = try SharedFiles.scratchDirectory()
        let dist = work.appendingPathComponent("dist")
        let tarball = try RepositoryScript.pack(
            binary, version: version, triple: "x86_64-unknown-linux-gnu", into: dist)
        let bundle = try RepositoryScript.run(".github/release/make-artifactbundle", [version, dist.path, tarball])
        try #require(bundle.status == 0, "\(bundle.stderr)")
        // What SwiftPM checks a bundle against: its info.json names the executable and its triples.
        let info =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: dist.appendingPathComponent("whatsnew.artifactbundle/info.json")))
            as? [String: Any]
        let artifact = (info?["artifacts"] as? [String: Any])?["whatsnew"] as? [String: Any]
        #expect(artifact?["type"] as? String == "executable")
        #expect(artifact?["version"] as? String == version)
        // The checksum printed is the zip's SHA-256, what a binary target's checksum must be.
        let sum = try Tool.run(["sha256sum", dist.appendingPathComponent("whatsnew.artifactbundle.zip").path]).1
        #expect(sum.hasPrefix(bundle.stdout.trimmingCharacters(in: .newlines)))

        let plugin = work.appendingPathComponent("whatsnew-plugin")
        let made = try RepositoryScript.run(
            "Integrations/swiftpm-plugin/make-package",
            [plugin.path, "--bundle", dist.appendingPathComponent("whatsnew.artifactbundle").path])
        try #require(made.status == 0, "\(made.stderr)")

        // An app's package that adds the plugin, and nothing else of whatsnew's.
        let app = work.appendingPathComponent("app")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "App",
            dependencies: [.package(path: "../whatsnew-plugin")],
            targets: [.executableTarget(name: "App")]
        )

        """.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "print(\"Lantern\")\n".write(
            to: app.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
        let notes = try String(contentsOfFile: SharedFiles.fixture("examples", "keep-a-changelog"), encoding: .utf8)
        try notes.write(to: app.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)

        let swift = URL(fileURLWithPath: "/usr/bin/env")
        let run = try WhatsNewBinary.execute(swift, ["swift", "package", "whatsnew", "--format", "markdown"], in: app)
        #expect(run.status == 0, "\(run.stderr)")
        let expected = try WhatsNewBinary.execute(binary, ["CHANGELOG.md", "--format", "markdown"], in: app)
        #expect(run.stdout == expected.stdout)
        // Only the plugin's own source was compiled: no object file of whatsnew, cmark or ArgumentParser.
        let built = FileManager.default.subpaths(atPath: app.appendingPathComponent(".build").path) ?? []
        #expect(
            !built.contains { $0.hasSuffix(".o") || $0.contains("ArgumentParser") || $0.contains("CCMark") },
            "\(built.filter { $0.hasSuffix(".o") })")
        // whatsnew's warnings are SwiftPM's diagnostics, on its standard error: never in the
        // output a release job redirects (`swift package whatsnew --format markdown > body.md`).
        try
            "# Changelog\n\n## [1.2.0] - 2024-05-02\n\n---\nicon: nosuch.symbol.name\ntitle: Lanterns\n---\n\nLanterns light the way.\n"
            .write(to: app.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        let warned = try WhatsNewBinary.execute(
            swift, ["swift", "package", "whatsnew", "--format", "markdown"], in: app)
        #expect(warned.status == 0, "\(warned.stderr)")
        let direct = try WhatsNewBinary.execute(binary, ["CHANGELOG.md", "--format", "markdown"], in: app)
        #expect(
            direct.stderr.contains("CHANGELOG.md:6:7: warning: unknown icon `nosuch.symbol.name`"), "\(direct.stderr)")
        #expect(warned.stdout == direct.stdout, "\(warned.stdout)")
        #expect(!warned.stdout.contains("warning"), "\(warned.stdout)")
        #expect(
            warned.stderr.contains("warning: CHANGELOG.md:6:7: unknown icon `nosuch.symbol.name`"), "\(warned.stderr)")
        // whatsnew's failure is the command's failure.
        try "## [1.1.0] - 2024-05-02\n\n### Fixed\n\n- One.\n\n## [1.1.0] - 2024-04-01\n\n### Fixed\n\n- Two.\n"
            .write(to: app.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        let lint = try WhatsNewBinary.execute(swift, ["swift", "package", "whatsnew", "lint"], in: app)
        #expect(lint.status != 0)
        #expect(
            lint.stdout.contains("CHANGELOG.md:7:1: error: version 1.1.0 appears again"), "\(lint.stdout)\(lint.stderr)"
        )
    }

    /// For a release the manifest names the bundle's address and checksum; anything but a
    /// SHA-256 is refused before a manifest is written.
    @Test func theReleasedManifestNamesTheBundlesAddressAndChecksum() throws {
        let out = try SharedFiles.scratchDirectory()
        let url = "https://github.com/acme/whatsnew/releases/download/v1.5.0/whatsnew.artifactbundle.zip"
        let checksum = String(repeating: "ab", count: 32)
        let made = try RepositoryScript.run(
            "Integrations/swiftpm-plugin/make-package", [out.path, "--url", url, "--checksum", checksum])
        #expect(made.status == 0, "\(made.stderr)")
        let manifest = try String(contentsOf: out.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".binaryTarget(name: \"whatsnew\", url: \"\(url)\", checksum: \"\(checksum)\")"))
        let plugin = try String(
            contentsOf: out.appendingPathComponent("Plugins/WhatsNewPlugin/WhatsNewPlugin.swift"), encoding: .utf8)
        let source = try String(
            contentsOf: RepositoryScript.root.appendingPathComponent("Sources/WhatsNewPlugin/WhatsNewPlugin.swift"),
            encoding: .utf8)
        #expect(plugin == source)
        let bad = try SharedFiles.scratchDirectory()
        let refused = try RepositoryScript.run(
            "Integrations/swiftpm-plugin/make-package", [bad.path, "--url", url, "--checksum", "abc"])
        #expect(refused.status == 2)
        #expect(!FileManager.default.fileExists(atPath: bad.appendingPathComponent("Package.swift").path))
    }
}
