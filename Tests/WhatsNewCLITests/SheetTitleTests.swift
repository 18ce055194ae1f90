import Foundation
import Testing

/// The sheet's title in a real project folder: the notes' own, else `.whatsnew.yml`'s `name:`,
/// else the package file beside the notes, else "What's New"; `# Changelog` is never a title.
struct SheetTitleTests {
    private let notes = "# Changelog\n\n## 1.0.0 - 2024-05-02\n\n### Fixed\n\n- A crash on launch.\n"

    private func title(_ files: [String: String], _ arguments: [String] = []) throws -> String {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            let file = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let run = try WhatsNewBinary.run(["CHANGELOG.md", "--format", "json"] + arguments, in: directory)
        try #require(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return object?["title"] as? String ?? "-"
    }

    @Test func eachPackageFileNamesTheProduct() throws {
        let packages = [
            "Package.swift":
                "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n    name: \"Inkwell\",\n    targets: []\n)\n",
            "package.json": "{\n  \"version\": \"1.0.0\",\n  \"name\": \"@lumen/core\"\n}\n",
            "Cargo.toml": "[workspace]\nmembers = []\n\n[package]\nname = \"tide\"\nversion = \"1.0.0\"\n",
            "pyproject.toml": "[build-system]\nrequires = []\n\n[project]\nname = \"quill\"\n",
            "pubspec.yaml": "name: heron\nversion: 1.0.0\n",
            "harbor.gemspec":
                "Gem::Specification.new do |spec|\n  spec.name = 'harbor'\n  spec.version = '1.0.0'\nend\n",
        ]
        let expected = [
            "Package.swift": "Inkwell", "package.json": "@lumen/core", "Cargo.toml": "tide", "pyproject.toml": "quill",
            "pubspec.yaml": "heron", "harbor.gemspec": "harbor",
        ]
        for (file, text) in packages {
            #expect(try title(["CHANGELOG.md": notes, file: text]) == expected[file], "\(file)")
        }
        // Poetry's table, when there is no [project].
        #expect(try title(["CHANGELOG.md": notes, "pyproject.toml": "[tool.poetry]\nname = \"otter\"\n"]) == "otter")
    }

    @Test func theNotesAndTheSettingsComeFirst() throws {
        let package = ["package.json": "{\"name\": \"lumen\"}"]
        // Nothing says: the sheet's own words.
        #expect(try title(["CHANGELOG.md": notes]) == "-")
        #expect(try title(["CHANGELOG.md": notes] + package) == "lumen")
        #expect(
            try title(["CHANGELOG.md": notes, ".whatsnew.yml": "name: Lumen Studio\n"] + package) == "Lumen Studio")
        let titled = "---\ntitle: What's New in Lumen\n---\n\n" + notes
        #expect(
            try title(["CHANGELOG.md": titled, ".whatsnew.yml": "name: Lumen Studio\n"] + package)
                == "What's New in Lumen")
        #expect(try title(["CHANGELOG.md": "# Lumen Changelog\n\n## 1.0.0\n\n- a\n"] + package) == "Lumen")
        // A broken package file is no name, and no error.
        #expect(try title(["CHANGELOG.md": notes, "package.json": "{ not json"]) == "-")
    }

    @Test func theTextSheetSaysWhatsNewWhenNothingNamesTheProduct() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try notes.write(to: directory.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        // The translation's heading is its language's word for the document, no title either.
        try "# Änderungen\n\n## 1.0.0 - 2024-05-02\n\n### Behoben\n\n- Ein Absturz beim Start.\n".write(
            to: directory.appendingPathComponent("CHANGELOG.de.md"), atomically: true, encoding: .utf8)
        let run = try WhatsNewBinary.run(["CHANGELOG.md"], in: directory)
        #expect(run.stdout.hasPrefix("What's New\nVersion 1.0.0 · 2 May 2024\n"))
        let german = try WhatsNewBinary.run(["CHANGELOG.md", "--locale", "de"], in: directory)
        #expect(german.stdout.hasPrefix("Neuigkeiten\n"), "\(german.stdout)")
    }
}

extension Dictionary {
    fileprivate static func + (lhs: Self, rhs: Self) -> Self { lhs.merging(rhs) { $1 } }
}
