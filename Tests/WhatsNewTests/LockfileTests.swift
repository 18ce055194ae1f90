import Testing

@testable import WhatsNewProject

/// Every lockfile `whatsnew deps` reads, each read as data: the packages pinned and their
/// versions, the project's own packages left out, and a file of another shape refused.
struct LockfileTests {
    private func pins(_ format: LockfileFormat, _ text: String) throws -> [String] {
        try format.dependencies(in: Array(text.utf8)).map { "\($0.name) \($0.version)" }
    }

    @Test func packageResolvedInEveryVersion() throws {
        let one = """
            {"object": {"pins": [
              {"package": "Yams", "repositoryURL": "https://github.com/jpsim/Yams.git",
               "state": {"branch": null, "revision": "01835dc202670b5bb90d07f3eae41867e9ed29f6", "version": "5.0.1"}},
              {"package": "Lantern", "repositoryURL": "https://example.com/lantern",
               "state": {"branch": "main", "revision": "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00", "version": null}}
            ]}, "version": 1}
            """
        #expect(try pins(.swiftPM, one) == ["Yams 5.0.1", "lantern c0ffee00c0ff"])
        let three = """
            {"originHash": "abc", "pins": [
              {"identity": "swift-nio", "kind": "remoteSourceControl", "location": "https://github.com/apple/swift-nio.git",
               "state": {"revision": "aaaa", "version": "2.101.3"}}
            ], "version": 3}
            """
        let read = try LockfileFormat.swiftPM.dependencies(in: Array(three.utf8))
        #expect(read.map(\.name) == ["swift-nio"] && read[0].revision == "aaaa")
        #expect(throws: LockfileProblem.self) { try pins(.swiftPM, "{\"pins\": 3}") }
        #expect(throws: LockfileProblem.self) { try pins(.swiftPM, "[1, 2") }
    }

    @Test func cargoLockLeavesTheWorkspaceOut() throws {
        let lock = """
            version = 3

            [[package]]
            name = "app"
            version = "0.1.0"
            dependencies = ["serde"]

            [[package]]
            name = "serde"
            version = "1.0.210"
            source = "registry+https://github.com/rust-lang/crates.io-index"
            checksum = "00"

            [[package]]
            name = "syn"
            version = "1.0.109"
            source = "registry+https://github.com/rust-lang/crates.io-index"

            [[package]]
            name = "syn"
            version = "2.0.77"
            source = "registry+https://github.com/rust-lang/crates.io-index"
            """
        #expect(try pins(.cargo, lock) == ["serde 1.0.210", "syn 1.0.109", "syn 2.0.77"])
    }

    @Test func packageLockVersionsOneToThree() throws {
        let three = """
            {"name": "app", "version": "1.0.0", "lockfileVersion": 3, "packages": {
              "": {"name": "app", "version": "1.0.0"},
              "node_modules/@babel/core": {"version": "7.25.2", "resolved": "https://registry.npmjs.org/@babel/core/-/core-7.25.2.tgz"},
              "node_modules/left-pad": {"version": "1.3.0"},
              "node_modules/left-pad/node_modules/tiny": {"version": "0.0.1"},
              "packages/member": {"name": "member", "version": "0.2.0"},
              "node_modules/member": {"resolved": "packages/member", "link": true}
            }}
            """
        #expect(try pins(.npm, three) == ["@babel/core 7.25.2", "left-pad 1.3.0", "tiny 0.0.1"])
        let one = """
            {"name": "app", "lockfileVersion": 1, "dependencies": {
              "left-pad": {"version": "1.2.0", "dependencies": {"tiny": {"version": "0.0.1"}}},
              "lodash": {"version": "4.17.21"}
            }}
            """
        #expect(Set(try pins(.npm, one)) == ["left-pad 1.2.0", "tiny 0.0.1", "lodash 4.17.21"])
        #expect(throws: LockfileProblem.self) { try pins(.npm, "{\"name\": \"app\"}") }
    }

    @Test func pnpmLockKeysOfEveryVersion() throws {
        #expect(PNPMLockfile.nameAndVersion("/react/18.2.0") ?? ("", "") == ("react", "18.2.0"))
        #expect(
            PNPMLockfile.nameAndVersion("/@types/node/20.1.0_typescript@5.0.0") ?? ("", "") == ("@types/node", "20.1.0")
        )
        #expect(PNPMLockfile.nameAndVersion("/react-dom@18.2.0(react@18.2.0)") ?? ("", "") == ("react-dom", "18.2.0"))
        #expect(
            PNPMLockfile.nameAndVersion("@vitejs/plugin-react@4.3.1(vite@5.4.2)") ?? ("", "") == (
                "@vitejs/plugin-react", "4.3.1"
            ))
        #expect(PNPMLockfile.nameAndVersion("/@scope") == nil)
        let nine = """
            lockfileVersion: '9.0'
            importers:
              .:
                dependencies:
                  react:
                    specifier: ^18.2.0
                    version: 18.3.1
            packages:
              react@18.3.1:
                resolution: {integrity: sha512-x}
              '@types/node@20.14.0':
                resolution: {integrity: sha512-y}
            snapshots:
              react@18.3.1: {}
            """
        #expect(try pins(.pnpm, nine) == ["react 18.3.1", "@types/node 20.14.0"])
    }

    @Test func goModuleRequiresAndReplacements() throws {
        let module = """
            module example.com/app

            go 1.22

            require github.com/spf13/cobra v1.8.0

            require (
            \tgolang.org/x/text v0.14.0 // indirect
            \tgithub.com/BurntSushi/toml v1.3.2
            )

            replace github.com/spf13/cobra => github.com/spf13/cobra v1.8.1
            replace example.com/local => ../local
            """
        #expect(
            try pins(.goModule, module) == [
                "github.com/spf13/cobra v1.8.1", "golang.org/x/text v0.14.0", "github.com/BurntSushi/toml v1.3.2",
            ])
        let sum = """
            golang.org/x/text v0.13.0/go.mod h1:a=
            golang.org/x/text v0.14.0 h1:b=
            golang.org/x/text v0.14.0/go.mod h1:c=
            """
        #expect(try pins(.goSum, sum) == ["golang.org/x/text v0.14.0"])
        #expect(DependencyCaches.goEscaped("BurntSushi") == "!burnt!sushi")
    }

    @Test func pubspecLockLeavesPathAndSDKOut() throws {
        let lock = """
            packages:
              http:
                dependency: "direct main"
                description:
                  name: http
                  url: "https://pub.dev"
                source: hosted
                version: "1.2.2"
              flutter:
                dependency: "direct main"
                description: flutter
                source: sdk
                version: "0.0.0"
              local_thing:
                dependency: "direct main"
                description:
                  path: "../local_thing"
                  relative: true
                source: path
                version: "0.1.0"
            sdks:
              dart: ">=3.4.0 <4.0.0"
            """
        #expect(try pins(.pub, lock) == ["http 1.2.2"])
        #expect(throws: LockfileProblem.self) { try pins(.pub, "sdks: {}\n") }
    }

    @Test func mixLockHexAndGit() throws {
        let lock = """
            %{
              "jason": {:hex, :jason, "1.4.4", "b9226785a9aa77b6857ca22832cffa5d5011a667207eb2a0ad56adb5db443b8a", [:mix], [{:decimal, "~> 1.0 or ~> 2.0", [hex: :decimal, repo: "hexpm", optional: true]}], "hexpm", "c5eb0cab91f094599f94d55bc63409236a8ec69a21a67814529e8d5f6cc90b3b"},
              "plug": {:hex, :plug, "1.16.1", "40c74619c12f82736d2214557dedec2e9762029b2438d6d175c5074c933edc9d", [:mix], [], "hexpm", "a13ff6b9006b03d7e33874945b2755253841b238c34071ed85b0e86057f8cddc"},
              "mylib": {:git, "https://github.com/example/mylib.git", "0123456789abcdef0123456789abcdef01234567", [branch: "main"]},
            }
            """
        #expect(try pins(.mix, lock) == ["jason 1.4.4", "plug 1.16.1", "mylib 0123456789ab"])
        #expect(throws: LockfileProblem.self) { try pins(.mix, "%{\n  \"jason\": {:hex, :jason, \"1.4") }
        #expect(throws: LockfileProblem.self) { try pins(.mix, "[]") }
    }

    @Test func updatesBetweenTwoLockfiles() {
        func pin(_ name: String, _ version: String) -> LockedDependency {
            LockedDependency(name: name, version: version)
        }
        let updates = DependencyUpdate.between(
            [
                pin("a", "1.2.0"), pin("b", "0.3.1"), pin("c", "2.0.0"), pin("d", "1.0.0"), pin("syn", "1.0.1"),
                pin("syn", "2.0.1"),
            ],
            [
                pin("a", "2.0.0"), pin("b", "0.4.0"), pin("c", "1.9.0"), pin("e", "1.0.0"), pin("syn", "1.0.1"),
                pin("syn", "2.0.5"),
            ])
        #expect(updates.map(\.name) == ["a", "b", "c", "d", "e", "syn"])
        #expect(updates.map(\.step) == [.major, .minor, .downgrade, .removed, .added, .patch])
        // Below 1.0.0 the first number that is not 0 is the major one; a downgrade takes back.
        #expect(updates.map(\.crossesMajor) == [true, true, true, false, false, false])
        #expect(updates[5].versions == "2.0.1 → 2.0.5")
    }

    @Test func changelogNames() {
        #expect(ChangelogName.best(of: ["README.md", "CHANGELOG.md", "changes.txt"]) == "CHANGELOG.md")
        #expect(ChangelogName.best(of: ["History.rst", "NEWS"]) == "History.rst")
        #expect(ChangelogName.best(of: ["history.rst", "HISTORY.md"]) == "HISTORY.md")
        #expect(ChangelogName.best(of: ["README.md", "CHANGELOG-tools.py.bak", "LICENSE"]) == nil)
        #expect(ChangelogName.best(of: ["Changelog"]) == "Changelog")
    }
}

extension LockfileTests {
    @Test func aNewerCopyBesideAnOldOneIsAnUpdateAndACommitIsNoVersion() {
        func pin(_ name: String, _ version: String, _ revision: String? = nil) -> LockedDependency {
            LockedDependency(name: name, version: version, revision: revision)
        }
        // acorn 5.7.3 → 6.2.1 at the top, while a nested copy keeps 5.7.3.
        let moved = DependencyUpdate.between([pin("acorn", "5.7.3")], [pin("acorn", "6.2.1"), pin("acorn", "5.7.3")])
        #expect(moved.map(\.versions) == ["5.7.3 → 6.2.1"] && moved[0].step == .major)
        let older = DependencyUpdate.between([pin("a", "2.0.0")], [pin("a", "2.0.0"), pin("a", "1.0.0")])
        #expect(older.isEmpty, "an older copy beside is no update")
        let git = DependencyUpdate.between(
            [pin("hex_core", "4b13880e3d00", "4b13880e3d00aa")], [pin("hex_core", "95e09e71638c", "95e09e71638cbb")])
        #expect(git.map(\.step) == [.other] && git[0].crossesMajor == false)
    }
}
