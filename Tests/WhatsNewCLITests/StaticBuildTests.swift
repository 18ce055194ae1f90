import Foundation
import Testing
import WhatsNewTestSupport

/// The self-contained build (`.github/build-static`, in a build folder of its own so it does
/// not wait on this test run's; ``StaticBinary``): the binary loads nothing but the C library, the loader and
/// gcc's runtime, and shows the project's own notes from a folder with nothing else in it.
struct StaticBuildTests {
    /// What a glibc system always has; anything else would have to be installed.
    private static let allowed = ["linux-vdso.so", "libc.so", "libm.so", "ld-linux", "libgcc_s.so"]

    @Test(.slowCheck) func theStaticBuildNeedsOnlyTheCLibrary() throws {
        let root = SharedFiles.tests.deletingLastPathComponent()
        let scratch = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let binary = try StaticBinary.built.get().path

        let ldd = try Tool.run(["ldd", binary])
        try #require(ldd.0 == 0, "\(ldd.2)")
        let libraries = ldd.1.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(libraries.count >= 3)
        for library in libraries {
            #expect(Self.allowed.contains { library.hasPrefix($0) || library.contains("/\($0)") }, "loads \(library)")
        }

        // From an empty folder, with no environment: the templates and tables are inside.
        let empty = scratch.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let sheet = try WhatsNewBinary.execute(
            URL(fileURLWithPath: binary),
            [root.appendingPathComponent("CHANGELOG.md").path, "--format", "html"], in: empty, environment: [:])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(sheet.stdout.contains("<section class=\"whatsnew\""))
    }
}
