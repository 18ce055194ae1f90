import Foundation
import Testing

/// The notes of a run are read in one place, ``Notes`` in the project layer: it alone makes the
/// reader of notes, so every command reads them with the same icons, kinds and limits.
struct OneReadingTests {
    /// What makes a reader of notes, and what makes a fragment reader outside the project's rule.
    static let makers = ["DocumentReader(", "FragmentReader("]
    /// The files allowed to: the reading stage defines them; `Notes` makes the reader; the
    /// project makes the fragment reader (``Project/fragmentReader``); the fuzz target
    /// exercises the stages beneath the project on purpose.
    static let allowed = [
        "WhatsNewReading/", "WhatsNewEditing/", "WhatsNewFuzz/", "WhatsNew/",
        "WhatsNewProject/Notes/Notes+Waiting.swift", "WhatsNewProject/Project.swift",
    ]

    /// Every place under Sources/ that makes one, outside the allowed files.
    static func makers(in sources: URL) throws -> [String] {
        var found: [String] = []
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        for case let path as String in files where path.hasSuffix(".swift") {
            guard !allowed.contains(where: { path.hasPrefix($0) }) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where makers.contains(where: { line.contains($0) })
                && !line.trimmingCharacters(in: .whitespaces).hasPrefix("///")
            {
                found.append("\(path):\(number + 1)")
            }
        }
        return found.sorted()
    }

    @Test func onlyNotesMakesTheReader() throws {
        let found = try Self.makers(in: ArchitectureTests.root.appendingPathComponent("Sources"))
        #expect(found.isEmpty, "these make their own reader of notes; read through Notes instead: \(found)")
    }

    @Test func theRuleSeesAReaderMadeElsewhere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-reading-\(UUID().uuidString)")
        let commands = folder.appendingPathComponent("WhatsNewProject/Commands")
        try FileManager.default.createDirectory(at: commands, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("let reader = DocumentReader(icons: .builtIn)\n".utf8).write(
            to: commands.appendingPathComponent("Sneaky.swift"))
        try Data("let reader = DocumentReader(icons: .builtIn)\n".utf8).write(
            to: folder.appendingPathComponent("WhatsNewProject/Project.swift"))
        #expect(try Self.makers(in: folder) == ["WhatsNewProject/Commands/Sneaky.swift:1"])
    }
}
