import Foundation
import Testing
import WhatsNewTestSupport

/// Reading in part on the real changelogs of this machine (Tests/Field/partial-reading.py): the
/// self-contained build, run as users run it and again with WHATSNEW_READ_WHOLE=1, gives the
/// same output, diagnostics and status for the latest release in four formats, on an earlier
/// day, five versions and `--since`.
struct PartialReadingFieldTests {
    @Test(.slowCheck) func readingInPartReadsAsTheWholeFile() throws {
        let binary = try StaticBinary.built.get()
        let script = SharedFiles.tests.appendingPathComponent("Field/partial-reading.py").path
        let run = try WhatsNewBinary.execute(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, binary.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("\n0 problems"), "\(run.stdout)")
        #expect(run.stdout.contains(" read in part "), "\(run.stdout)")
    }
}
