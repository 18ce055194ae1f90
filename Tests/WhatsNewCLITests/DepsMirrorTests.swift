import Foundation
import Testing
import WhatsNewTestSupport

/// `whatsnew deps` on real history: a package depending on five packages of the machine's
/// SwiftPM mirror (git reads github.com from /opt/swift-packages), resolved by SwiftPM itself
/// at two commits, so `.build/checkouts` is exactly as SwiftPM leaves it. Yams has a
/// CHANGELOG.md and a major update; Nimble, swift-crypto and swift-nio have none; swift-syntax's
/// names no version it tags. The outputs carry the dependencies' own changelog text, which
/// stays out of the repository: they are held to their SHA-256 digests, and the lines
/// whatsnew writes itself are checked word for word.
@Suite(.serialized) struct DepsMirrorTests {
    private static let mirror = "/opt/swift-packages"
    private static let moves = [
        ("Quick/Nimble", "13.8.0", "14.0.0"), ("apple/swift-nio", "2.101.2", "2.101.3"),
        ("swiftlang/swift-syntax", "600.0.1", "602.0.0"), ("jpsim/Yams", "5.0.1", "6.2.2"),
        ("apple/swift-crypto", "3.12.3", "4.5.2"),
    ]
    /// The digests of the text (80 columns, no colour) and Markdown reports, base commit
    /// written `<base>`.
    private static let textDigest = "8da584884b399b43deed4c2ab1f946f638ea748993ee29204610ec2e35ccca2c"
    private static let markdownDigest = "656d1272005a26e639119c71d52f28a7b940f44b93671b6e0f54341603ad8f3c"

    private static func manifest(second: Bool) -> String {
        let lines = moves.map { move in
            "        .package(url: \"https://github.com/\(move.0).git\", exact: \"\(second ? move.2 : move.1)\"),"
        }
        return """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Demo",
                dependencies: [
            \(lines.joined(separator: "\n"))
                ],
                targets: [.target(name: "Demo")]
            )

            """
    }

    private static func digest(_ text: String) throws -> String {
        let run = try WhatsNewBinary.execute(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum"], stdin: text)
        return String(run.stdout.prefix(64))
    }

    @Test(.needs(FileManager.default.fileExists(atPath: mirror + "/jpsim/Yams.git"), "the SwiftPM mirror"))
    func realCheckoutsOfTheMirror() throws {
        let app = try GitRepository(["Sources/Demo/Demo.swift": "let demo = 1\n", ".gitignore": ".build/\n"])
        defer { app.remove() }
        for second in [false, true] {
            try app.write("Package.swift", Self.manifest(second: second))
            let resolve = try WhatsNewBinary.execute(
                URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "resolve"], in: app.url)
            try #require(resolve.status == 0, "\(resolve.stderr)")
            try app.git("add", "-f", "Package.resolved")
            try app.commit(second ? "Update the dependencies" : "Pin the dependencies")
        }
        let base = String(try app.git("rev-parse", "HEAD~1").stdout.prefix(12))
        let environment = ["COLUMNS": "80", "NO_COLOR": "1"]
        func deps(_ arguments: [String], in folder: String = "") throws -> String {
            let run = try WhatsNewBinary.run(
                ["deps"] + arguments, in: app.url.appendingPathComponent(folder), environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout.replacing(base, with: "<base>")
        }
        let text = try deps(["--since", "HEAD~1"])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first
                == "5 dependencies updated since <base> (Package.resolved): 1 with notes, 4 without, 1 with breaking changes in its notes, 3 other across a major version"
        )
        #expect(lines.contains("Yams 5.0.1 → 6.2.2 · major"))
        #expect(
            Array(lines.suffix(6)) == [
                "Without notes",
                "  Nimble        13.8.0 → 14.0.0    major, breaking: no changelog in the package",
                "  swift-crypto  3.12.3 → 4.5.2     major, breaking: no changelog in the package",
                "  swift-nio     2.101.2 → 2.101.3  patch: no changelog in the package",
                "  swift-syntax  600.0.1 → 602.0.0  major, breaking: its changelog lists no release after 600.0.1 up to 602.0.0 (newest listed: 5.6)",
                "",
            ])
        #expect(try Self.digest(text) == Self.textDigest, "\(text)")
        let markdown = try deps(["--since", "HEAD~1", "--format", "markdown"])
        #expect(
            markdown.contains("<summary><strong>Yams</strong> 5.0.1 → 6.2.2 · major · ⚠️ 3 breaking changes</summary>"))
        #expect(try Self.digest(markdown) == Self.markdownDigest, "\(markdown)")

        // From a subfolder, and between two files: the same report.
        #expect(try deps(["--since", "HEAD~1"], in: "Sources/Demo") == text)
        try app.write("old.resolved", try app.git("show", "HEAD~1:Package.resolved").stdout)
        let files = try deps(["--from", "old.resolved", "--lockfile", "Package.resolved"])
        #expect(files.split(separator: "\n").dropFirst() == text.split(separator: "\n").dropFirst())
    }
}
