import Foundation
import Testing
import WhatsNewTestSupport

/// The in-app field run on the real changelogs of this machine (Tests/Field/in-app.py): the JSON
/// the command line writes, made today and the day before releases' dates, decided on by an app
/// that links WhatsNewSchema alone (Tests/SchemaClient's AppField) for every released version as
/// the running one. No running version's own notes are hidden, and nothing newer than it shows.
struct InAppFieldTests {
    @Test(.slowCheck) func everyRunningVersionSeesItsOwnNotes() throws {
        let binary = try #require(WhatsNewBinary.url, "whatsnew was not built next to the tests")
        let package = SharedFiles.tests.appendingPathComponent("SchemaClient")
        let (built, _, buildErrors) = try Tool.run([
            "swift", "build", "--package-path", package.path, "--product", "AppField",
        ])
        try #require(built == 0, "\(buildErrors)")
        let (_, binPath, _) = try Tool.run(["swift", "build", "--package-path", package.path, "--show-bin-path"])
        let appField = URL(fileURLWithPath: binPath.trimmingCharacters(in: .whitespacesAndNewlines))
            .appendingPathComponent("AppField")
        let script = SharedFiles.tests.appendingPathComponent("Field/in-app.py").path
        let run = try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, binary.path, appField.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("\n0 running versions whose own notes are hidden\n"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("\n0 problems\n"), "\(run.stdout)")
        // The run decided something: real notes, real versions.
        let decisions = run.stdout.split(separator: " ").firstIndex(of: "decisions").map { index in
            Int(run.stdout.split(separator: " ")[index - 1]) ?? 0
        }
        #expect((decisions ?? 0) > 1_000, "\(run.stdout)")
    }
}
