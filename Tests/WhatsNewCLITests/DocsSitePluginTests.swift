import Foundation
import Testing
import WhatsNewTestSupport

/// The PyPI package (`Integrations/python`) as a docs writer uses it: its wheel built around the
/// static binary and installed into a fresh virtual environment, then a real MkDocs Material site
/// (the plugin) and a real Sphinx Furo site (the extension), each with two sheets on a page,
/// measured in the engine at 375 and 1280 px, light and dark; and notes that cannot be rendered
/// fail `mkdocs build --strict` and `sphinx-build -W` naming the notes' line.
/// Browser/plugin_sites.py says what each failure means.
struct DocsSitePluginTests {
    private static let script = SharedFiles.tests.appendingPathComponent("WhatsNewCLITests/Browser/plugin_sites.py")

    @Test(.needsDocsSites(.chromium)) func thePluginsSheetsHoldInChromium() throws { try check(.chromium) }
    @Test(.needsDocsSites(.webkit)) func thePluginsSheetsHoldInWebKit() throws { try check(.webkit) }

    /// The package's own unit tests: the marker scanner, the diagnostics parser, the build hook's
    /// platform tags and versions.
    @Test(.slowCheck) func thePackagesOwnTestsPass() throws {
        let package = SharedFiles.tests.deletingLastPathComponent().appendingPathComponent("Integrations/python")
        let run = try WhatsNewBinary.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-m", "unittest", "discover", "-s", "tests"], in: package,
            environment: ProcessInfo.processInfo.environment.merging(["PYTHONDONTWRITEBYTECODE": "1"]) { $1 })
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("OK"), "\(run.stderr)")
    }

    private func check(_ engine: BrowserEngine) throws {
        let binary = try StaticBinary.built.get()
        let work = try SharedFiles.scratchDirectory()
        let notes = SharedFiles.tests.deletingLastPathComponent().appendingPathComponent("CHANGELOG.md")
        // Front matter that is not YAML: whatsnew cannot render these notes, and says on which line.
        let broken = work.appendingPathComponent("broken.md")
        let example = try String(contentsOfFile: SharedFiles.fixture("examples", "keep-a-changelog"), encoding: .utf8)
        try ("---\ntitle: Lantern\nicons: [unclosed\n---\n\n" + example).write(
            to: broken, atomically: true, encoding: .utf8)

        let (status, output, errors) = try Tool.run([
            "python3", Self.script.path, "measure", engine.rawValue, work.appendingPathComponent("sites").path,
            binary.path, notes.path, broken.path,
        ])
        if status == 3 {
            Tool.missing("the docs-site tools and python3's venv")
            return
        }
        try #require(status == 0, "\(errors.suffix(3000))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let build = try #require(report["build"] as? [String: Any])
        #expect((build["failures"] as? [String])?.isEmpty == true, "\(build["failures"] ?? "no report")")

        // The wheel carries the binary for this platform, and the environment runs it.
        let wheel = try #require(build["wheel"] as? [String: Any])
        #expect((wheel["file"] as? String)?.hasSuffix("_x86_64.whl") == true, "\(wheel)")
        #expect((wheel["tags"] as? [String])?.allSatisfy { $0.hasPrefix("py3-none-manylinux_2_") } == true, "\(wheel)")
        #expect(wheel["binaryInside"] as? Bool == true)
        let installed = try #require(build["install"] as? [String: Any])
        #expect(installed["installed"] as? String == (try RepositoryScript.version(of: binary)))

        // Each site: two sheets on the page that asks, the stylesheet linked once there, none elsewhere.
        let sites = try #require(build["sites"] as? [String: [String: Any]])
        #expect(Set(sites.keys) == ["mkdocs-material", "sphinx-furo"])
        for (site, facts) in sites {
            let pages = try #require(facts["pages"] as? [String: [String: Any]])
            for (page, counts) in pages {
                let sheets = counts["sheets"] as? Int ?? -1
                #expect(sheets == (page.hasSuffix("index.html") ? 2 : 0), "\(site) \(page)")
                #expect(counts["links"] as? Int == (sheets > 0 ? 1 : 0), "\(site) \(page)")
            }
            #expect((facts["warnings"] as? [String])?.isEmpty == true, "\(site): \(facts["warnings"] ?? "")")
        }

        // A strict build of notes that cannot be rendered fails, naming the notes and the line.
        let strict = try #require(build["strict"] as? [String: Any])
        for site in ["mkdocs-material", "sphinx-furo"] {
            let result = try #require(strict[site] as? [String: Any])
            #expect(result["status"] as? Int == 1, "\(site): \(result)")
            #expect(result["namesNotesLine"] as? Bool == true, "\(site): \(result)")
            #expect(
                (result["messages"] as? [String])?.contains { $0.contains("CHANGELOG.md:4:1") } == true,
                "\(site): \(result)")
        }

        // In the browser: aligned titles, a tight icon column, the host's scheme, no sideways scroll.
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.count == 8)
        for run in runs {
            let failures = run["failures"] as? [String] ?? ["no report"]
            #expect(
                failures.isEmpty,
                "\(engine) \(run["host"]!) \(run["width"]!)px \(run["scheme"]!):\n\(failures.joined(separator: "\n"))")
        }
    }
}
