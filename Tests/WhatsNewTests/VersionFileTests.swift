import Foundation
import Testing
import WhatsNewEditing
import WhatsNewModel

/// Each kind of version file: the version's places found by reading the file's structure, and
/// written there and nowhere else.
struct VersionFileTests {
    static let fixture = Fixtures.directory.appendingPathComponent("versioned-app")

    static func file(_ path: String, pattern: String? = nil) throws -> VersionFile {
        let bytes = Array(try Data(contentsOf: fixture.appendingPathComponent(path)))
        let format = try #require(VersionFileFormat(path: path, pattern: pattern.flatMap(VersionTemplate.init)))
        return try VersionFile(bytes: bytes, format: format)
    }

    static func problem(_ text: String, _ name: String, pattern: String? = nil) -> VersionFileProblem? {
        do {
            _ = try VersionFile(
                bytes: Array(text.utf8),
                format: VersionFileFormat(path: name, pattern: pattern.flatMap(VersionTemplate.init))!)
            return nil
        } catch {
            return error
        }
    }

    /// The lines that differ after writing.
    static func changedLines(_ file: VersionFile, _ version: String, build: String? = nil) -> [String] {
        let after = file.written(version: ReleaseVersion(version)!, build: build)
        let old = String(decoding: file.bytes, as: UTF8.self).components(separatedBy: "\n")
        let new = String(decoding: after, as: UTF8.self).components(separatedBy: "\n")
        #expect(old.count == new.count)
        return zip(old, new).filter { $0 != $1 }.map(\.1)
    }

    @Test(arguments: [
        ("Inkwell.xcodeproj/project.pbxproj", "1.4.0", "41"), ("InkwellWidget/Info.plist", "1.4.0", "41"),
        ("Config/Version.xcconfig", "1.4.0", "41"), ("package.json", "1.4.0", nil), ("Cargo.toml", "1.4.0", nil),
        ("pyproject.toml", "1.4.0", nil),
    ])
    func readsTheVersionWhereTheFileKeepsIt(_ path: String, _ version: String, _ build: String?) throws {
        let file = try Self.file(path)
        #expect(file.version == version)
        #expect(file.build == build)
    }

    @Test func anXcodeProjectChangesEveryBuildConfigurationAndNothingElse() throws {
        let file = try Self.file("Inkwell.xcodeproj/project.pbxproj")
        #expect(file.versionPlaces.count == 2)
        let changed = Self.changedLines(file, "1.5.0", build: "42")
        #expect(
            changed == [
                "\t\t\t\tCURRENT_PROJECT_VERSION = 42;", "\t\t\t\tMARKETING_VERSION = 1.5.0;",
                "\t\t\t\tCURRENT_PROJECT_VERSION = 42;", "\t\t\t\tMARKETING_VERSION = 1.5.0;",
            ])
        // Apple's files take the numbers of a pre-release; the comment and the quoted text stay.
        let beta = String(decoding: file.written(version: ReleaseVersion("1.5.0-beta.1")!, build: nil), as: UTF8.self)
        #expect(beta.contains("MARKETING_VERSION = 1.5.0;") && beta.contains("MARKETING_VERSION = 0.9; an old value"))
        #expect(beta.contains("\"Inkwell — MARKETING_VERSION\""))
    }

    @Test func anXcodeProjectQuotesWhatItCannotWriteBare() throws {
        let text = "{ buildSettings = { MARKETING_VERSION = 1.4; }; }"
        let file = try VersionFile(bytes: Array(text.utf8), format: .xcodeProject)
        #expect(
            String(decoding: file.written(version: "2.0-rc", build: nil), as: UTF8.self).contains(
                "MARKETING_VERSION = \"2.0-rc\";"))
        let quoted = try VersionFile(bytes: Array("{ MARKETING_VERSION = \"1.4\"; }".utf8), format: .xcodeProject)
        #expect(quoted.version == "1.4")
        // A value written quoted stays quoted: a release changes the number, not the file's style.
        #expect(
            String(decoding: quoted.written(version: "1.5", build: nil), as: UTF8.self)
                == "{ MARKETING_VERSION = \"1.5\"; }")
    }

    /// A project whose targets differ: the app inherits the project's Release setting, its
    /// test bundle has a version of its own.
    static let twoTargets = """
        // !$*UTF8*$!
        {
        	objects = {
        		P1 = {isa = PBXProject; buildConfigurationList = L0; targets = (T1, T2, ); };
        		L0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
        		C0 = {isa = XCBuildConfiguration; buildSettings = { MARKETING_VERSION = 1.6.9; }; name = Release; };
        		T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = App; };
        		L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2, ); };
        		C1 = {isa = XCBuildConfiguration; buildSettings = { MARKETING_VERSION = 1.6.9; }; name = Debug; };
        		C2 = {isa = XCBuildConfiguration; buildSettings = { PRODUCT_NAME = App; }; name = Release; };
        		T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = "App Tests"; };
        		L2 = {isa = XCConfigurationList; buildConfigurations = (C3, ); };
        		C3 = {isa = XCBuildConfiguration; buildSettings = { MARKETING_VERSION = 1.0; }; name = Release; };
        	};
        	rootObject = P1;
        }

        """

    /// `targets:` moves the chosen targets' settings, and the project's where they inherit it;
    /// without it, the refusal names whose settings differ and how to choose.
    @Test func targetsChooseWhichSettingsMove() throws {
        let bytes = Array(Self.twoTargets.utf8)
        let problem = Self.problem(Self.twoTargets, "project.pbxproj")
        #expect(
            problem?.message
                == "`MARKETING_VERSION` differs between targets: 1.6.9 in App; 1.0 in App Tests; list the targets the release moves (`targets: [App]`), or give them one version first"
        )
        let app = try VersionFile(
            bytes: bytes,
            format: try #require(VersionFileFormat(path: "project.pbxproj", pattern: nil, targets: ["App"])))
        #expect(app.versionPlaces.map(\.owner) == ["the project (Release)", "target App (Debug)"])
        let written = String(decoding: app.written(version: ReleaseVersion("1.7.0")!, build: nil), as: UTF8.self)
        #expect(written == Self.twoTargets.replacing("MARKETING_VERSION = 1.6.9;", with: "MARKETING_VERSION = 1.7.0;"))
        #expect(throws: VersionFileProblem(at: nil, "no target `Nope` in this project; its targets are App, App Tests"))
        {
            try VersionFile(bytes: bytes, format: .xcodeTargets(["Nope"]))
        }
        #expect(
            (try? VersionFile(bytes: Array("{ MARKETING_VERSION = 1.4; ".utf8), format: .xcodeTargets(["App"]))) == nil)
        // One target's configurations that differ are no choice between targets.
        let split = Self.twoTargets.replacing(
            "C1 = {isa = XCBuildConfiguration; buildSettings = { MARKETING_VERSION = 1.6.9;",
            with: "C1 = {isa = XCBuildConfiguration; buildSettings = { MARKETING_VERSION = 1.6.8;")
        do {
            _ = try VersionFile(bytes: Array(split.utf8), format: .xcodeTargets(["App"]))
            Issue.record("1.6.8 and 1.6.9 in one target were read as one version")
        } catch {
            #expect(
                error.message.hasSuffix("; give every build configuration one version first")
                    && !error.message.contains("targets:"), "\(error.message)")
        }
    }

    /// Only the top dictionary's keys are the bundle's: an extension's or a document type's
    /// own `CFBundleShortVersionString` is not a second place of the version.
    @Test func aNestedDictionaryKeepsItsOwnVersion() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            	<key>CFBundleShortVersionString</key>
            	<string>1.4.0</string>
            	<key>NSExtension</key>
            	<dict>
            		<key>CFBundleShortVersionString</key>
            		<string>0.1</string>
            	</dict>
            	<key>CFBundleVersion</key>
            	<string>7</string>
            </dict>
            </plist>

            """
        let file = try VersionFile(bytes: Array(plist.utf8), format: .propertyList)
        #expect(file.version == "1.4.0" && file.build == "7")
        let written = String(decoding: file.written(version: "1.5.0", build: "8"), as: UTF8.self)
        #expect(
            written
                == plist.replacingOccurrences(of: "1.4.0", with: "1.5.0").replacingOccurrences(
                    of: "<string>7<", with: "<string>8<"))
    }

    /// A property list saved as UTF-16 is named for what it is, not read as one without a version.
    @Test func aUTF16PropertyListSaysSo() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist><dict><key>CFBundleShortVersionString</key><string>1.0</string></dict></plist>\n"
        let units = Array(text.utf16)
        let littleEndian: [UInt8] =
            [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let bigEndian: [UInt8] = units.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        for bytes in [littleEndian, bigEndian] {
            #expect {
                try VersionFile(bytes: bytes, format: .propertyList)
            } throws: { error in
                (error as? VersionFileProblem)?.message.contains("UTF-16") == true
            }
        }
    }

    @Test func theOtherFormatsChangeOneLine() throws {
        #expect(
            Self.changedLines(try Self.file("InkwellWidget/Info.plist"), "1.5.0", build: "42") == [
                "\t<string>1.5.0</string>", "\t<string>42</string>",
            ])
        #expect(
            Self.changedLines(try Self.file("Config/Version.xcconfig"), "1.5.0", build: "42") == [
                "MARKETING_VERSION = 1.5.0", "CURRENT_PROJECT_VERSION = 42 // the build number",
            ])
        #expect(Self.changedLines(try Self.file("package.json"), "1.5.0-beta.1") == [#"  "version": "1.5.0-beta.1","#])
        #expect(Self.changedLines(try Self.file("Cargo.toml"), "1.5.0") == [#"version = "1.5.0""#])
        #expect(Self.changedLines(try Self.file("pyproject.toml"), "1.5.0") == [#"version = "1.5.0""#])
        let swift = try Self.file("Sources/Version.swift", pattern: #"static let version = "{version}""#)
        #expect(Self.changedLines(swift, "1.5.0") == [#"    static let version = "1.5.0""#])
    }

    @Test func missingAmbiguousAndIndirectVersionsAreProblems() {
        // Missing.
        #expect(Self.problem("{ SDKROOT = iphoneos; }", "project.pbxproj")?.message.contains("no version here") == true)
        #expect(Self.problem(#"{"name": "x", "dependencies": {"version": "1.0.0"}}"#, "package.json") != nil)
        #expect(Self.problem("[dependencies]\nversion = \"1.0\"\n", "Cargo.toml") != nil)
        // Two values where one belongs, or two places where the file says it once.
        let configurations = "{ a = { MARKETING_VERSION = 1.4.0; }; b = { MARKETING_VERSION = 1.0; }; }"
        #expect(Self.problem(configurations, "project.pbxproj")?.message.contains("is 1.0 here but 1.4.0") == true)
        let twice = "let version = \"1.4.0\"\nlet version = \"1.4.0\"\n"
        #expect(
            Self.problem(twice, "Version.swift", pattern: #"let version = "{version}""#)?.message.contains("2 places")
                == true)
        #expect(Self.problem(#"{"version": "1.0.0", "version": "1.0.0"}"#, "package.json") != nil)
        // Taken from elsewhere.
        #expect(
            Self.problem("[package]\nname = \"a\"\nversion.workspace = true\n", "Cargo.toml")?.message.contains(
                "workspace") == true)
        #expect(
            Self.problem("[project]\nname = \"a\"\ndynamic = [\"version\"]\n", "pyproject.toml")?.message.contains(
                "dynamic") == true)
        #expect(Self.problem("bplist00\u{1}", "Info.plist")?.message.contains("binary") == true)
        // Where a problem is, by line and column.
        let problem = Self.problem(configurations, "project.pbxproj")
        #expect(problem?.diagnostic(path: "p", bytes: Array(configurations.utf8)).location.column == 65)
    }

    @Test func aPlistThatNamesTheBuildSettingFollowsIt() throws {
        let text = "<dict><key>CFBundleShortVersionString</key><string>$(MARKETING_VERSION)</string></dict>"
        let file = try VersionFile(bytes: Array(text.utf8), format: .propertyList)
        #expect(file.version == nil && file.references.count == 1)
        #expect(file.written(version: "2.0", build: nil) == file.bytes)
    }

    @Test func aWorkspaceRootKeepsTheVersionForItsMembers() throws {
        let text = "[workspace]\nmembers = [\"a\"]\n\n[workspace.package]\nversion = \"0.3.1\"\n"
        #expect(try VersionFile(bytes: Array(text.utf8), format: .cargo).version == "0.3.1")
    }

    @Test func unknownFilesNeedAPattern() {
        #expect(VersionFileFormat(path: "VERSION", pattern: nil) == nil)
        #expect(VersionFileFormat(path: "build.gradle", pattern: VersionTemplate("versionName \"{version}\"")) != nil)
        // `{version}` alone: a file that holds the version and nothing else.
        let bare = VersionFileFormat(path: "VERSION", pattern: VersionTemplate("{version}"))!
        let file = try? VersionFile(bytes: Array("1.4.0\n".utf8), format: bare)
        #expect(
            file.map { String(decoding: $0.written(version: ReleaseVersion("1.5.0")!, build: nil), as: UTF8.self) }
                == "1.5.0\n")
        #expect(
            Self.problem("version 1.4.0\n", "VERSION", pattern: "{version}")?.message.contains("nothing else") == true)
    }

    /// Found in review: byte-order marks, commented keys, a workspace root that inherits, Poetry 2.
    @Test func layoutsFoundInReview() throws {
        let bom = "\u{FEFF}"
        #expect(
            try VersionFile(bytes: Array((bom + "MARKETING_VERSION = 1.4.0\n").utf8), format: .xcconfig).version
                == "1.4.0")
        #expect(
            try VersionFile(bytes: Array((bom + "[project]\nversion = \"1.4.0\"\n").utf8), format: .pyproject)
                .versionPlaces.first?.key == "[project] version")
        let commented =
            "<dict><!-- <key>CFBundleShortVersionString</key><string>0.9</string> --><key>CFBundleShortVersionString</key><string>$(MARKETING_VERSION)</string></dict>"
        let plist = try VersionFile(bytes: Array(commented.utf8), format: .propertyList)
        #expect(plist.version == nil && plist.references.count == 1)
        let root = "[package]\nname = \"a\"\nversion.workspace = true\n\n[workspace.package]\nversion = \"0.3.1\"\n"
        #expect(try VersionFile(bytes: Array(root.utf8), format: .cargo).version == "0.3.1")
        let poetry = "[project]\nname = \"a\"\ndynamic = [\"version\"]\n\n[tool.poetry]\nversion = \"2.0.1\"\n"
        #expect(try VersionFile(bytes: Array(poetry.utf8), format: .pyproject).version == "2.0.1")
    }
}

/// Each ecosystem's form of a version: what the notes write, as the file's own tools accept it.
struct VersionFormTests {
    static func written(_ form: VersionForm, _ version: String, holding held: String? = nil) -> String? {
        try? form.text(of: ReleaseVersion(version)!, holding: held).get()
    }

    @Test func eachFileTakesTheFormItsEcosystemAccepts() {
        // Calendar versions, with and without a counter, a zero-padded month, a pre-release.
        let cases: [(notes: String, apple: String, semantic: String, python: String)] = [
            ("2026.5", "2026.5", "2026.5.0", "2026.5"),
            ("26.09", "26.09", "26.9.0", "26.9"),
            ("26.09.0-beta.1", "26.09.0", "26.9.0-beta.1", "26.9.0b1"),
            ("2024.10.15", "2024.10.15", "2024.10.15", "2024.10.15"),
            ("2.5.0-rc.1", "2.5.0", "2.5.0-rc.1", "2.5.0rc1"),
            ("2.5.0rc1", "2.5.0", "2.5.0-rc1", "2.5.0rc1"),
            ("2.5.0-alpha", "2.5.0", "2.5.0-alpha", "2.5.0a0"),
            ("2.5.0.dev0", "2.5.0", "2.5.0-dev0", "2.5.0.dev0"),
            ("1.0.0+build.7", "1.0.0", "1.0.0+build.7", "1.0.0+build.7"),
        ]
        for row in cases {
            #expect(Self.written(.apple, row.notes) == row.apple, "\(row.notes)")
            #expect(Self.written(.semantic, row.notes) == row.semantic, "\(row.notes)")
            #expect(Self.written(.python, row.notes) == row.python, "\(row.notes)")
            #expect(Self.written(.asWritten, row.notes) == row.notes)
        }
        // An app outside the store that already writes pre-releases goes on writing them.
        #expect(Self.written(.apple, "2.0.0-beta.2", holding: "2.0.0-beta.1") == "2.0.0-beta.2")
        // What an ecosystem has no form for is refused, with the reason.
        #expect(Self.written(.semantic, "1.2.3.4") == nil)
        #expect(Self.written(.semantic, "1.1.1w") == nil)
        #expect(Self.written(.semantic, "1.0.0-beta.01") == nil)
        #expect(Self.written(.python, "1.0.0-nightly") == nil)
        // A day's second calendar release has four numbers, which Apple's version strings cannot.
        #expect(Self.written(.apple, "2026.11.27.1") == nil)
        #expect(Self.written(.python, "2026.11.27.1") == "2026.11.27.1")
        if case .failure(let refusal) = VersionForm.semantic.text(of: ReleaseVersion("1.2.3.4")!, holding: nil) {
            #expect(refusal.reason.contains("three numbers"))
        } else {
            Issue.record("1.2.3.4 is no semantic version")
        }
    }

    @Test func theFormIsToldByTheFileNamePatternOrNot() throws {
        #expect(VersionForm(path: "App/Config/Version.xcconfig") == .apple)
        #expect(VersionForm(path: "Info.plist") == .apple)
        #expect(VersionForm(path: "crates/core/Cargo.toml") == .semantic)
        #expect(VersionForm(path: "pyproject.toml") == .python)
        #expect(VersionForm(path: "VERSION") == .asWritten)
        // A pattern in an Apple file writes the numbers alone, as the scanners do.
        let format = VersionFileFormat(path: "Version.xcconfig", pattern: VersionTemplate("VERSION_SHORT = {version}"))!
        let file = try VersionFile(
            bytes: Array("VERSION_SHORT = 7.77\n".utf8), format: format, form: VersionForm(path: "Version.xcconfig"))
        #expect(
            String(decoding: file.written(version: ReleaseVersion("7.78-beta.1")!, build: nil), as: UTF8.self)
                == "VERSION_SHORT = 7.78\n")
    }
}

/// Lock files: only the project's own entries, found by structure.
struct LockFileTests {
    @Test func cargoLockMovesTheWorkspacesOwnCrateOnly() {
        let lock =
            "version = 4\n\n[[package]]\nname = \"demo\"\nversion = \"0.1.0\"\ndependencies = [\n \"demo 0.1.0 (registry)\",\n]\n\n[[package]]\nname = \"demo\"\nversion = \"0.1.0\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n"
        let places = LockFile.cargoPlaces(in: Array(lock.utf8), package: "demo")
        #expect(places.count == 1)
        #expect(places.first.map { Array(lock.utf8)[$0.range].count } == 5)
        #expect(places.first?.range.lowerBound == Array(lock.utf8).firstIndex(of: UInt8(ascii: "0")))
    }

    @Test func packageLockMovesTheRootOrAWorkspaceMember() throws {
        let lock =
            #"{"name":"a","version":"1.0.0","packages":{"":{"version":"1.0.0","dependencies":{"version":"1.0.0"}},"packages/b":{"version":"2.0.0"},"node_modules/version":{"version":"1.0.0"}}}"#
        let root = try LockFile.npmPlaces(in: Array(lock.utf8), member: "")
        #expect(root.map(\.key) == ["version", "packages..version"])
        let member = try LockFile.npmPlaces(in: Array(lock.utf8), member: "packages/b")
        #expect(member.map(\.value) == ["2.0.0"])
        #expect(throws: VersionFileProblem.self) {
            try LockFile.npmPlaces(in: Array("{\"version\":\"1\"".utf8), member: "")
        }
    }
}

/// A workspace's crates pin each other's versions beside their paths.
struct PathDependencyTests {
    @Test func pinnedVersionsBesidePathsAreFoundInEveryDependenciesTable() {
        let manifest = """
            [package]
            name = "app"
            version.workspace = true

            [dependencies]
            core = { path = "../core", version = "2.13.1", features = ["a", "b"] }
            serde = { version = "2.13.1" }
            other = { path = "../other" }

            [dev-dependencies.core]
            path = "../core"
            version = "2.13.1"

            [target.'cfg(unix)'.build-dependencies]
            core = { version = "2.13.1", path = "../core" }

            """
        let places = TOMLManifest(bytes: Array(manifest.utf8)).pathDependencyVersions(on: ["core", "other"])
        #expect(places.map(\.value) == ["2.13.1", "2.13.1", "2.13.1"])
        #expect(places.map(\.key) == ["core version", "[dev-dependencies.core] version", "core version"])
        // A registry crate with the same version, or a path without a version, is left alone.
        #expect(!places.contains { String(decoding: Array(manifest.utf8)[$0.range], as: UTF8.self) != "2.13.1" })
    }
}
