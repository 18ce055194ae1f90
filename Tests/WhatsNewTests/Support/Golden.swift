import Foundation
import Testing

@testable import WhatsNewModel
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// Whole outputs compared with files under `Tests/WhatsNewTests/Golden`, so a reviewer sees
/// the output itself in the diff. Re-record on purpose with `WHATSNEW_RECORD=1 swift test`.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// The JSON of every release in a fixture against `json/<group>/<name>.json`.
    static func checkJSON(
        ofFixture name: String, in group: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let reading = try Fixtures.read(group, name)
        check(
            JSONRenderer().render(
                Presentation(
                    document: reading.document,
                    releases: try ReleaseSelection.all.releases(from: reading.document, path: name))),
            against: "json/\(group)/\(name).json", sourceLocation: sourceLocation)
    }

    static func check(
        _ actual: String, against name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let file = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["WHATSNEW_RECORD"] == "1" {
            try? FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden file \(name); record it with WHATSNEW_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let got = line < actualLines.count ? String(actualLines[line]) : "<end>"
        let wanted = line < expectedLines.count ? String(expectedLines[line]) : "<end>"
        Issue.record(
            "\(name) differs at line \(line + 1):\n  expected: \(wanted)\n  actual:   \(got)",
            sourceLocation: sourceLocation)
    }
}
