import Foundation
import Testing
import WhatsNewTestSupport

/// The release's last gate (`.github/release/check-assets`), on a release made here as the
/// workflow makes it: the static binary for x86_64 Linux, stand-ins of the right format for the
/// aarch64 and macOS runners' builds, then `make-packages`. The publish job is replayed from
/// release.yml, step by step, with a `gh` that only records being called: a broken asset
/// stops the job before `gh release create`.
struct ReleaseGateTests {
    /// A copy of the release to break, and its `dist/`.
    private func copy() throws -> (work: URL, dist: URL, version: String) {
        let (made, version) = try ReleaseStandIns.release.get()
        let work = try SharedFiles.scratchDirectory().appendingPathComponent("release")
        try FileManager.default.copyItem(at: made, to: work)
        return (work, work.appendingPathComponent("dist"), version)
    }

    /// SHA256SUMS written again after an asset was changed, as a release job that made the
    /// broken asset would write it.
    private func resum(_ dist: URL) throws {
        let sums = try Tool.run([
            "sh", "-c",
            "cd '\(dist.path)' && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\\n' | sort | xargs sha256sum > SHA256SUMS",
        ])
        try #require(sums.0 == 0, "\(sums.2)")
    }

    /// The publish job of release.yml, replayed in `work` (a checkout with `dist/` downloaded):
    /// each step's `run` in order under bash -e, as the runner runs it, until a step fails or
    /// the one that publishes has run. `gh` records its arguments instead of publishing.
    private func replayPublish(in work: URL, version: String) throws -> (published: String?, log: String) {
        // The scripts as they are here; the notes copied, as a checkout holds them (whatsnew
        // refuses notes behind a link that leaves the project).
        for entry in [".github", "Integrations"] {
            try FileManager.default.createSymbolicLink(
                atPath: work.appendingPathComponent(entry).path,
                withDestinationPath: RepositoryScript.root.appendingPathComponent(entry).path)
        }
        for entry in ["CHANGELOG.md", "README.md", "Package.swift"] {
            try FileManager.default.copyItem(
                at: RepositoryScript.root.appendingPathComponent(entry), to: work.appendingPathComponent(entry))
        }
        let steps = try Tool.run([
            "python3", "-c",
            """
            import json, sys, yaml
            job = yaml.safe_load(open(sys.argv[1]))["jobs"]["publish"]
            runs = []
            for step in job["steps"]:
                if "run" in step:
                    runs.append({"name": step.get("name", ""), "run": step["run"], "env": step.get("env", {})})
                if step.get("name") == "Publish":
                    break
            print(json.dumps(runs))
            """, RepositoryScript.root.appendingPathComponent(".github/workflows/release.yml").path,
        ])
        try #require(steps.0 == 0, "\(steps.2)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(steps.1.utf8)) as? [[String: Any]])
        #expect(
            parsed.contains { ($0["run"] as? String)?.contains("gh release create") == true },
            "the job publishes with gh")

        let bin = work.appendingPathComponent("fake-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // The runner's Python is bare (no hatchling, no MkDocs): a fresh environment's stands in.
        let bare = work.appendingPathComponent("bare-python")
        let made = try Tool.run(["python3", "-m", "venv", "--without-pip", bare.path])
        try #require(made.0 == 0, "\(made.2)")
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("python3").path,
            withDestinationPath: bare.appendingPathComponent("bin/python3").path)
        let record = work.appendingPathComponent("gh-called")
        try "#!/bin/sh\necho \"$@\" > '\(record.path)'\n".write(
            to: bin.appendingPathComponent("gh"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("gh").path)
        var log = ""
        for step in parsed {
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            for (key, value) in step["env"] as? [String: String] ?? [:] {
                // ${{ github.ref_name }} is the tag that was pushed.
                environment[key] = value.contains("github.ref_name") ? "v\(version)" : value
            }
            environment["GH_TOKEN"] = "unused"
            let script = try #require(step["run"] as? String)
            let run = try WhatsNewBinary.execute(
                URL(fileURLWithPath: "/bin/bash"), ["-e", "-o", "pipefail", "-c", script], in: work,
                environment: environment)
            log += "== \(step["name"] ?? "")\n\(run.stdout)\(run.stderr)"
            if run.status != 0 { break }
        }
        return (try? String(contentsOf: record, encoding: .utf8), log)
    }

    @Test(.needs(ExternalTool.hatchling && ExternalTool.docsSiteTools, "hatchling, mkdocs (PyPI)"))
    func aWholeReleasePassesTheGateAndIsPublished() throws {
        let (work, dist, version) = try copy()
        let checked = try RepositoryScript.run(".github/release/check-assets", [version, dist.path])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains("every asset of \(version) passes"))
        for line in [
            "whatsnew-\(version)-aarch64-unknown-linux-gnu/bin/whatsnew loads only glibc's libraries",
            "whatsnew-\(version)-universal-apple-macos/bin/whatsnew is universal (macosx_14_0_universal2)",
            "the formula depends on macos: :sonoma (the binary needs macOS 14.0)",
            "its MkDocs plugin builds a page", "whatsnew.rb passes check-formula",
            "renders the CHANGELOG.md it carries", "the plugin package names this release's bundle and its checksum",
        ] {
            #expect(checked.stdout.contains(line), "\(line)\n\(checked.stdout)")
        }
        #expect(!checked.stdout.contains("not ok"))

        let (published, log) = try replayPublish(in: work, version: version)
        let call = try #require(published, "gh was never called:\n\(log)")
        #expect(
            call.hasPrefix("release create v\(version) --title \(version) --notes-file body.md --verify-tag"), "\(call)"
        )
        for asset in ["whatsnew.rb", "SHA256SUMS", "whatsnew.artifactbundle.zip", "whatsnew-plugin-\(version).tar.gz"] {
            #expect(call.contains("dist/\(asset)"), "\(asset) in \(call)")
        }
        #expect(
            try String(contentsOf: work.appendingPathComponent("body.md"), encoding: .utf8).hasPrefix("## \(version)"))
    }

    @Test(.needs(ExternalTool.hatchling && ExternalTool.cplusplus, "hatchling (PyPI), g++"))
    func aBinaryThatLoadsLibstdcxxStopsTheRelease() throws {
        let (work, dist, version) = try copy()
        let program = try ReleaseStandIns.cplusplusProgram(in: work)
        try ReleaseStandIns.swapBinary(
            in: dist.appendingPathComponent("whatsnew-\(version)-x86_64-unknown-linux-gnu.tar.gz"), with: program)
        try resum(dist)
        let checked = try RepositoryScript.run(".github/release/check-assets", [version, dist.path])
        #expect(checked.status == 1)
        #expect(
            checked.stdout.contains(
                "not ok - whatsnew-\(version)-x86_64-unknown-linux-gnu/bin/whatsnew loads only glibc's libraries"),
            "\(checked.stdout)")
        #expect(checked.stdout.contains("loads libstdc++.so.6"), "\(checked.stdout)")
        let (published, log) = try replayPublish(in: work, version: version)
        #expect(published == nil, "published despite the broken binary:\n\(log)")
        #expect(log.contains("nothing may be published"), "\(log)")
    }

    @Test(.needs(ExternalTool.hatchling, "hatchling (PyPI)"))
    func aWrongChecksumStopsTheRelease() throws {
        let (work, dist, version) = try copy()
        // One byte of the plugin package changed after SHA256SUMS was written.
        let plugin = dist.appendingPathComponent("whatsnew-plugin-\(version).tar.gz")
        var bytes = try Data(contentsOf: plugin)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: plugin)
        let checked = try RepositoryScript.run(".github/release/check-assets", [version, dist.path])
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("not ok - every sum in SHA256SUMS is right"), "\(checked.stdout)")
        // An asset SHA256SUMS does not list is caught too.
        try Data("extra\n".utf8).write(to: dist.appendingPathComponent("notes.txt"))
        let unlisted = try RepositoryScript.run(".github/release/check-assets", [version, dist.path])
        #expect(
            unlisted.stdout.contains("not ok - SHA256SUMS lists every asset and nothing else"), "\(unlisted.stdout)")
        let (published, log) = try replayPublish(in: work, version: version)
        #expect(published == nil, "published despite the wrong checksum:\n\(log)")
    }

    @Test(.needs(ExternalTool.hatchling && ExternalTool.docsSiteTools, "hatchling, mkdocs (PyPI)"))
    func aWheelWhosePluginFailsStopsTheRelease() throws {
        let (work, dist, version) = try copy()
        let wheels = try FileManager.default.contentsOfDirectory(atPath: dist.path).filter {
            $0.hasSuffix("_x86_64.whl")
        }
        let wheel = dist.appendingPathComponent(try #require(wheels.first))
        // The plugin module replaced by one that fails as MkDocs loads it.
        let broken = try Tool.run([
            "python3", "-c",
            """
            import shutil, sys, zipfile
            path = sys.argv[1]
            with zipfile.ZipFile(path) as source, zipfile.ZipFile(path + ".new", "w", zipfile.ZIP_DEFLATED) as target:
                for item in source.infolist():
                    data = source.read(item.filename)
                    if item.filename == "whatsnew/mkdocs.py":
                        data = b"raise RuntimeError('the plugin is broken')\\n"
                    target.writestr(item, data)
            shutil.move(path + ".new", path)
            """, wheel.path,
        ])
        try #require(broken.0 == 0, "\(broken.2)")
        try resum(dist)
        let checked = try RepositoryScript.run(".github/release/check-assets", [version, dist.path])
        #expect(checked.status == 1)
        #expect(
            checked.stdout.contains(
                "not ok - \(wheel.lastPathComponent) installs in a fresh environment and its MkDocs plugin builds a page"
            ), "\(checked.stdout)")
        #expect(checked.stdout.contains("the plugin is broken"), "\(checked.stdout)")
        let (published, log) = try replayPublish(in: work, version: version)
        #expect(published == nil, "published despite the broken wheel:\n\(log)")
    }
}

/// The README's install lines promise what a release carries: each asset the gate requires.
struct ReadmeInstallTests {
    @Test func theInstallLinesNameWhatAReleaseCarries() throws {
        let readme = try String(contentsOf: RepositoryScript.root.appendingPathComponent("README.md"), encoding: .utf8)
        let install = try #require(
            readme.components(separatedBy: "## Install\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        let gate = try String(
            contentsOf: RepositoryScript.root.appendingPathComponent(".github/release/check-assets"), encoding: .utf8)
        for (asset, promised) in [
            ("whatsnew.rb", "`whatsnew.rb`"), ("SHA256SUMS", "`SHA256SUMS`"),
            ("whatsnew-plugin-$version.tar.gz", "the plugin package"),
            ("whatsnew.artifactbundle.zip", "the artifact bundle"), (".whl", "the wheels"),
        ] {
            #expect(gate.contains(asset), "check-assets requires \(asset)")
            #expect(install.contains(promised), "the README's install lines promise \(promised)")
        }
        for platform in ["x86_64", "aarch64", "macOS 13 or later", "glibc 2.35"] {
            #expect(install.contains(platform), "\(platform)")
        }
    }
}
