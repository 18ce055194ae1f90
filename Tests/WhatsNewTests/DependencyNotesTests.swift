import Foundation
import Testing
import WhatsNewModel
import WhatsNewReading

@testable import WhatsNewProject

/// A dependency's notes for an update: the releases after the old version up to the new one,
/// merged a row per kind, breaking rows first; and the caches they are read from, which a
/// lockfile's names never lead out of.
struct DependencyNotesTests {
    static let changelog = """
        # Changelog

        ## [Unreleased]
        ### Added
        - Not out yet.

        ## [2.0.0] - 2026-03-01
        ### Breaking
        - `Lamp.light()` is now `Lamp.turnOn()`.
        ### Added
        - Dimming.

        ## [1.2.0] - 2026-02-01
        ### Added
        - Colours.
        ### Changed
        - BREAKING: the default brightness is 50%.
        - Faster start.

        ## [1.1.0] - 2026-01-10
        ### Fixed
        - A flicker.

        ## [1.0.0] - 2026-01-01
        ### Added
        - The first lamp.
        """

    private func notes(_ from: String, _ to: String) throws -> DependencyNotes? {
        let reader = DocumentReader()
        let document = reader.read(try SourceFile(path: "CHANGELOG.md", bytes: Array(Self.changelog.utf8))).document
        let update = DependencyUpdate(
            name: "lamp", from: LockedDependency(name: "lamp", version: from),
            to: LockedDependency(name: "lamp", version: to))
        return DependencyNotes(document, update: update, reader: reader)
    }

    @Test func releasesAfterTheOldUpToTheNewMergedBreakingFirst() throws {
        let merged = try #require(try notes("1.0.0", "2.0.0"))
        #expect(merged.versions == ["2.0.0", "1.2.0", "1.1.0"])
        #expect(merged.release.title == "3 releases, 1.1.0 to 2.0.0")
        #expect(merged.breakingCount == 2)
        let rows = merged.release.sections.map { "\($0.kind?.rawValue ?? "-"): \($0.items.joined(separator: " | "))" }
        #expect(
            rows == [
                "breaking: Lamp.light() is now Lamp.turnOn(). | BREAKING: the default brightness is 50%.",
                "added: Dimming. | Colours.",
                "changed: Faster start.",
                "fixed: A flicker.",
            ])
        #expect(merged.release.sections[0].appearance.icon != nil, "the breaking row has the breaking icon")
    }

    @Test func oneReleaseAndDowngradesAndVersionsNotListed() throws {
        let one = try #require(try notes("1.1.0", "1.2.0"))
        #expect(one.release.title == "1.2.0" && one.breakingCount == 1)
        let back = try #require(try notes("2.0.0", "1.1.0"))
        #expect(back.versions == ["2.0.0", "1.2.0"])
        #expect(back.release.title.hasPrefix("Taken back: "))
        #expect(try notes("2.0.0", "2.1.0") == nil)
        #expect(try notes("main", "2.0.0") == nil)
    }

    @Test func cachePathsNeverLeaveTheCache() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("deps-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let outside = root + "-outside"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        for folder in [root + "/node_modules/lamp", root + "/node_modules/@x/y", outside] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try "# Changelog\n## 1.0.0\n- A.\n".write(toFile: outside + "/CHANGELOG.md", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/node_modules/evil", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/node_modules/lamp/CHANGELOG.md", withDestinationPath: outside + "/CHANGELOG.md")
        #expect(DependencyCaches.inside(root, ["node_modules", "lamp"]) != nil)
        #expect(DependencyCaches.inside(root, ["node_modules", "@x", "y"]) != nil)
        #expect(DependencyCaches.inside(root, ["node_modules", ".."]) == nil)
        #expect(DependencyCaches.inside(root, ["node_modules", "../.."]) == nil)
        #expect(DependencyCaches.inside(root, ["node_modules", "evil"]) == nil, "a link out of the cache")
        #expect(DependencyCaches.inside(root, ["node_modules", "la\u{1B}mp"]) == nil)
        let caches = DependencyCaches(root: root, environment: [:])
        for name in ["evil", "../../" + outside, "lamp"] {
            guard case .missing = caches.changelog(of: LockedDependency(name: name, version: "1.0.0"), format: .npm)
            else {
                Issue.record("\(name): read a changelog outside the cache")
                continue
            }
        }
    }
}
