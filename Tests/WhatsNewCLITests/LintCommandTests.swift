import Foundation
import Testing

struct LintCommandTests {
    @Test func cleanNotesPass() throws {
        let run = try WhatsNewBinary.run(["lint", SharedFiles.fixture("examples", "keep-a-changelog")])
        #expect(run.status == 0)
        #expect(run.stdout == "")
    }

    @Test func errorsFailWithOneLinePerFinding() throws {
        let path = SharedFiles.fixture("lint", "duplicate-version")
        let run = try WhatsNewBinary.run(["lint", path])
        #expect(run.status == 1)
        #expect(
            run.stdout
                == "\(path):5:1: error: version 1.1.0 appears again; it was first on line 1 [duplicate-version]\n")
        #expect(run.stderr == "1 error, 0 warnings in 1 file\n")
    }

    /// A date that names no real day is left out and reported; the release is still shown.
    @Test func impossibleDatesAreWarnings() throws {
        let path = SharedFiles.fixture("lint", "invalid-date")
        let run = try WhatsNewBinary.run(["lint", path])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                \(path):3:7: warning: `2024-13-40` is not a date whatsnew can read; write it as YYYY-MM-DD [invalid-date]
                \(path):6:1: warning: `2024-02-30` is not a real date; write release dates as YYYY-MM-DD [invalid-date]
                \(path):12:1: warning: `31 April 2023` is not a real date; write release dates as YYYY-MM-DD [invalid-date]

                """)
        #expect(run.stderr == "0 errors, 3 warnings in 1 file\n")
        #expect(try WhatsNewBinary.run(["lint", "--strict", path]).status == 1)
        let sheet = try WhatsNewBinary.run(["--format", "json", "--release", "1.1.0", path])
        #expect(sheet.status == 0 && sheet.stdout.contains("\"date\": null"))
    }

    @Test func warningsFailOnlyWhenStrict() throws {
        let path = SharedFiles.fixture("lint", "version-order")
        #expect(try WhatsNewBinary.run(["lint", path]).status == 0)
        #expect(try WhatsNewBinary.run(["lint", "--strict", path]).status == 1)
    }

    @Test func jsonReportForSeveralFiles() throws {
        let run = try WhatsNewBinary.run([
            "lint", "--format", "json", SharedFiles.fixture("lint", "duplicate-version"),
            SharedFiles.fixture("lint", "empty-release"), "/no/such.md",
        ])
        #expect(run.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["errors"] as? Int == 2)
        #expect(report["warnings"] as? Int == 1)
        let rules = (report["diagnostics"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
        #expect(rules == ["duplicate-version", "empty-release", "unreadable-file"])
    }
}
