import Foundation
import Testing

/// An app that depends on the WhatsNewSchema library alone (Tests/SchemaClient, built here
/// with SwiftPM as an app would build it) decodes what the command line writes: the JSON of
/// every fixture that renders, and the lint report of every fixture. Each file, decoded and
/// written back with Foundation's encoder, holds exactly what it held.
struct SchemaClientTests {
    @Test func anAppDecodesEveryFixtureWithTheSchemaAlone() throws {
        let scratch = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let sheets = scratch.appendingPathComponent("sheets")
        let lint = scratch.appendingPathComponent("lint")
        for folder in [sheets, lint] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        let fixtures = SharedFiles.tests.appendingPathComponent("WhatsNewTests/Fixtures")
        var written: [URL] = []
        for group in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() {
            let files = try FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(group).path)
            for file in files.sorted() where file.hasSuffix(".md") {
                let path = fixtures.appendingPathComponent(group).appendingPathComponent(file).path
                let name = "\(group)-\(file.dropLast(3)).json"
                let sheet = try WhatsNewBinary.run([path, "--release", "all", "--format", "json"])
                // Only notes with an error in them give no sheet; lint reports those.
                if sheet.status == 0 {
                    try sheet.stdout.write(to: sheets.appendingPathComponent(name), atomically: true, encoding: .utf8)
                    written.append(sheets.appendingPathComponent(name))
                } else {
                    #expect(group == "lint", "\(path): \(sheet.stderr)")
                }
                let report = try WhatsNewBinary.run(["lint", path, "--format", "json"])
                try report.stdout.write(to: lint.appendingPathComponent(name), atomically: true, encoding: .utf8)
                written.append(lint.appendingPathComponent(name))
            }
        }
        #expect(written.count > 60)

        let package = SharedFiles.tests.appendingPathComponent("SchemaClient")
        let (status, output, errors) = try Tool.run(
            ["swift", "run", "--package-path", package.path, "SchemaClient", sheets.path, lint.path])
        try #require(status == 0, "\(errors)")
        #expect(output.hasSuffix("decoded \(written.count) files\n"))
        for file in written {
            let original = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
            let decoded = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: file.path + ".decoded")))
            #expect((original as? NSDictionary) == (decoded as? NSDictionary), "\(file.lastPathComponent)")
        }
    }
}
