import Foundation
import Testing
import WhatsNew

/// The code on the documentation's landing pages compiles and runs: each page's `swift` block
/// is the body of a function that is built (here, or in Tests/SchemaClient as an app builds it).
struct DocumentationExamplesTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The first `swift` block of a page, its lines as written.
    static func example(in page: String) throws -> [String] {
        let text = try String(contentsOf: sources.appendingPathComponent(page), encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```swift\n").dropFirst().first)
        return block.components(separatedBy: "```")[0].components(separatedBy: "\n").filter { !$0.isEmpty }
    }

    /// Whether `lines` stand one after another in `file`, each indented by `indent` spaces.
    static func contains(_ file: URL, _ lines: [String], indent: Int) throws -> Bool {
        let body = try String(contentsOf: file, encoding: .utf8)
        let indented = lines.filter { !$0.hasPrefix("import ") }.map { String(repeating: " ", count: indent) + $0 }
        return body.contains(indented.joined(separator: "\n"))
    }

    /// The WhatsNew landing page's example, as written there.
    func landingPageExample() throws -> String {
        let source = try SourceFile.load(path: "CHANGELOG.md")
        let document = DocumentReader().read(source).document
        let sheet = try Presentation(document, path: source.path, options: SheetOptions(selection: .latest))
        let text = TextSheetRenderer().render(sheet)
        print(text)
        return text
    }

    @Test func theLibrarysLandingPageExampleRuns() throws {
        let lines = try Self.example(in: "WhatsNew/WhatsNew.docc/WhatsNew.md")
        #expect(try Self.contains(URL(fileURLWithPath: #filePath), lines, indent: 8), "the page and this test differ")
        // `swift test` runs in the package root, where the project's own CHANGELOG.md is; the
        // working directory is the process's, so it is not changed under the other tests.
        try #require(FileManager.default.fileExists(atPath: "CHANGELOG.md"), "swift test runs in the package's folder")
        let text = try landingPageExample()
        // The sheet of the latest release: its version, and the title of its first row.
        let document = DocumentReader().read(try SourceFile.load(path: "CHANGELOG.md")).document
        let latest = try #require(document.releases.first { $0.version != nil })
        #expect(text.contains(try #require(latest.version?.text)), "\(text)")
        let firstTitle = try #require(latest.sections.first?.title)
        #expect(text.contains(firstTitle), "\(text)")
    }

    @Test func theSchemasLandingPageExampleIsTheOneAnAppBuilds() throws {
        let lines = try Self.example(in: "WhatsNewSchema/WhatsNewSchema.docc/WhatsNewSchema.md")
        #expect(try Self.contains(Self.client, lines, indent: 4), "the page and Tests/SchemaClient differ")
    }

    static let client = sources.deletingLastPathComponent()
        .appendingPathComponent("Tests/SchemaClient/Sources/SchemaClient/DocumentationExample.swift")
    /// The examples that use the stores, in the app package's target that depends on them.
    static let storesClient = sources.deletingLastPathComponent()
        .appendingPathComponent("Tests/SchemaClient/Sources/Launches/DocumentationExample.swift")

    /// Every `swift` block of every article is built: in this file, or in Tests/SchemaClient as an
    /// app builds it. A manifest fragment (`dependencies: [...]`) is what SwiftPM itself reads;
    /// the one SwiftUI sketch says so on its first line.
    @Test func everyArticlesSwiftIsBuilt() throws {
        let catalogs = [
            "WhatsNew/WhatsNew.docc", "WhatsNewSchema/WhatsNewSchema.docc",
            "WhatsNewSeenStores/WhatsNewSeenStores.docc",
        ]
        var checked = 0
        var sketches = 0
        for catalog in catalogs {
            let folder = Self.sources.appendingPathComponent(catalog)
            for page in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where page.hasSuffix(".md") {
                let text = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
                for block in text.components(separatedBy: "```swift\n").dropFirst() {
                    let lines = block.components(separatedBy: "```")[0].components(separatedBy: "\n").filter {
                        !$0.isEmpty
                    }
                    if lines.first?.hasPrefix("dependencies:") == true || lines.first?.hasPrefix("targets:") == true {
                        continue
                    }
                    // A SwiftUI sketch says so on its first line: SwiftUI does not build here.
                    if lines.first?.hasPrefix("// Sketch: SwiftUI") == true {
                        sketches += 1
                        continue
                    }
                    let built =
                        try Self.contains(URL(fileURLWithPath: #filePath), lines, indent: 8)
                        || Self.contains(Self.client, lines, indent: 4)
                        || Self.contains(Self.storesClient, lines, indent: 4)
                    #expect(built, "\(catalog)/\(page): a swift example no test builds")
                    checked += 1
                }
            }
        }
        #expect(checked >= 4)
        #expect(sketches <= 1, "a second SwiftUI sketch: build what can be built")
    }

    @Test func theReadmesSwiftIsTheOneAnAppBuilds() throws {
        let readme = Self.sources.deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst()
        #expect(!blocks.isEmpty)
        for block in blocks {
            let lines = block.components(separatedBy: "```")[0].components(separatedBy: "\n").filter { !$0.isEmpty }
            #expect(
                try Self.contains(Self.client, lines, indent: 4) || Self.contains(Self.storesClient, lines, indent: 4),
                "README.md: a swift example no test builds")
        }
    }
}
