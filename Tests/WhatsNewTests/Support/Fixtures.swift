import Foundation
import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading

/// Test inputs under `Tests/WhatsNewTests/Fixtures`, read from the source tree.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Every fixture in a group (`examples`, `dialects`, `lint`), by name without `.md`.
    static func names(in group: String) -> [String] {
        let files =
            (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(group).path)) ?? []
        return files.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
    }

    static func path(_ group: String, _ name: String) -> String {
        directory.appendingPathComponent(group).appendingPathComponent("\(name).md").path
    }

    static func source(_ group: String, _ name: String) throws -> SourceFile {
        try SourceFile.load(path: path(group, name))
    }

    static func read(_ group: String, _ name: String) throws -> DocumentReader.Reading {
        DocumentReader().read(try source(group, name))
    }

    /// Reads Markdown given inline, as a file named `notes.md`.
    static func read(_ markdown: String) throws -> DocumentReader.Reading {
        DocumentReader().read(try SourceFile(path: "notes.md", bytes: Array(markdown.utf8)))
    }
}
