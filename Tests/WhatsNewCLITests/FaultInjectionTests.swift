import Foundation
import Testing
import WhatsNewTestSupport

/// The writing commands with a fault at every call that changes a file: an I/O error, SIGKILL
/// and SIGTERM at each write, fsync, rename, link, unlink, mkdir, rmdir and fchmod of `release`
/// (plain, through a symbolic link, and of several packages at once or in part), `new` (the
/// first note and a later one), `draft` (into the folder, and a folder made for it), `export
/// fastlane`, `export sparkle --appcast` and `--output` (Tests/Field/fault-injection.py), and
/// two releases at once a hundred times.
@Suite(.serialized) struct FaultInjectionTests {
    // 1,623 faulty runs take minutes: a field harness, run in .ci/run's second stage.
    @Test(.slowCheck, .needs(ExternalTool.strace, "strace (Debian)"))
    func everyFaultLeavesTheProjectBeforeOrAfter() throws {
        let binary = try #require(WhatsNewBinary.url)
        let script = SharedFiles.tests.appendingPathComponent("Field/fault-injection.py").path
        let run = try WhatsNewBinary.execute(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, binary.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(" 0 problems"), "\(run.stdout)")
    }

    @Test(.slowCheck) func twoReleasesAtOnceAHundredTimes() throws {
        var released = 0
        for round in 0..<100 {
            let (project, statuses) = try WritingUnderFaultsTests.twoReleasesAtOnce(fragments: 4, round: round)
            released += statuses.filter { $0 == 0 }.count
            #expect(!FileManager.default.fileExists(atPath: project.path(".whatsnew.lock")))
            #expect(!FileManager.default.fileExists(atPath: project.path(".changes/.whatsnew-release")))
        }
        // The second of each pair finds no notes left to release and says so.
        #expect(released == 100, "one release a round: \(released)")
    }
}
