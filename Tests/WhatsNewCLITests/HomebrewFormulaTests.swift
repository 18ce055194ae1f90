import Foundation
import Testing
import WhatsNewTestSupport

/// The Homebrew formula, checked without Homebrew (which cannot run here):
/// `Integrations/homebrew/test-formula` packs the static binary as the release does, fills the
/// formula's checksums with `update-formula`, and `check-formula` installs it into a prefix and
/// runs its `test do` block for each platform's block; a changed byte and a false assertion must fail.
struct HomebrewFormulaTests {
    @Test(.needs(FileManager.default.isExecutableFile(atPath: "/usr/bin/ruby"), "ruby (Debian)"))
    func theFormulaInstallsTheReleaseBinaryAndPassesItsTest() throws {
        let binary = try StaticBinary.built.get()
        let run = try RepositoryScript.run("Integrations/homebrew/test-formula", [binary.path])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("test-formula: all cases passed"), "\(run.stdout)")
        #expect(!run.stdout.contains("not ok"), "\(run.stdout)")
    }
}
