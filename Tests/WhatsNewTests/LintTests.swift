import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading

/// Each lint rule on a fixture that breaks it, with the lines it must point at.
struct LintTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var fixture: String
        /// `line:column rule` per finding.
        var findings: [String]
        var testDescription: String { fixture }
    }

    static let cases: [Case] = [
        Case(fixture: "front-matter-syntax", findings: ["6:1 front-matter-syntax"]),
        Case(
            fixture: "front-matter-unknown-key",
            findings: ["3:1 front-matter-unknown-key", "11:1 front-matter-unknown-key"]),
        Case(
            fixture: "front-matter-value",
            findings: ["2:8 front-matter-value", "3:8 front-matter-value", "9:7 unknown-kind"]),
        Case(fixture: "front-matter-unclosed", findings: ["3:1 front-matter-unclosed"]),
        Case(fixture: "section-missing-title", findings: ["3:1 section-missing-title"]),
        Case(fixture: "section-outside-release", findings: ["3:1 section-outside-release"]),
        Case(fixture: "build-outside-release", findings: ["3:1 build-outside-release"]),
        Case(fixture: "duplicate-version", findings: ["5:1 duplicate-version"]),
        Case(fixture: "version-order", findings: ["9:1 version-order"]),
        Case(fixture: "invalid-date", findings: ["3:7 invalid-date", "6:1 invalid-date", "12:1 invalid-date"]),
        Case(fixture: "empty-release", findings: ["3:1 empty-release"]),
        Case(fixture: "ambiguous-date", findings: ["3:1 ambiguous-date", "7:1 ambiguous-date"]),
        Case(fixture: "unread-release-heading", findings: ["7:1 unread-release-heading"]),
        Case(fixture: "content-outside-release", findings: ["11:1 content-outside-release"]),
        Case(fixture: "raw-html", findings: ["10:1 raw-html"]),
        Case(
            fixture: "unknown-icon",
            findings: ["4:10 unknown-icon", "10:7 unknown-icon", "15:1 unknown-icon"]),
        Case(fixture: "unknown-color", findings: ["3:9 unknown-color", "10:8 unknown-color"]),
        Case(fixture: "misspelled-category", findings: ["5:1 misspelled-category", "13:1 misspelled-category"]),
    ]

    private func findings(_ fixture: String) throws -> [Diagnostic] {
        let reading = try Fixtures.read("lint", fixture)
        let path = Fixtures.path("lint", fixture)
        return (reading.diagnostics + Linter().check(reading.document, path: path)).sorted(by: Diagnostic.inFileOrder)
    }

    @Test(arguments: cases)
    func rule(_ example: Case) throws {
        let found = try findings(example.fixture).map {
            "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.rule.rawValue)"
        }
        #expect(found == example.findings)
    }

    @Test func everyFixtureIsChecked() {
        #expect(Set(Fixtures.names(in: "lint")) == Set(Self.cases.map(\.fixture)))
    }

    @Test func aMisspelledCategorySaysWhichItMeant() throws {
        let found = try findings("misspelled-category").map(\.message)
        #expect(found.first == "`Fxied` names no category, so its changes show as Other; did you mean `Fixed`?")
        #expect(found.last?.hasSuffix("did you mean `Added`?") == true)
    }

    @Test func messagesSayWhatToDo() throws {
        let yaml = try #require(try findings("front-matter-syntax").first)
        #expect(
            yaml.description.hasSuffix(
                "front-matter-syntax.md:6:1: error: front matter is not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence)"
            ))
        let unknown = try findings("front-matter-unknown-key")
        #expect(unknown[1].message == "unknown key `sumary` in a section's front matter; did you mean `summary`?")
        #expect(unknown.allSatisfy { $0.severity == .warning })
        let duplicate = try #require(try findings("duplicate-version").first)
        #expect(duplicate.message == "version 1.1.0 appears again; it was first on line 1")
        let icons = try findings("unknown-icon").map(\.message)
        #expect(
            icons[1]
                == "unknown icon `strar.circle.fill`, shown as • and not given to apps as a symbol; did you mean `star.circle.fill`?"
        )
        #expect(
            icons[0] == "unknown icon `lady.bug`, shown as • and not given to apps as a symbol; did you mean `ladybug`?"
        )
        let color = try #require(try findings("unknown-color").last)
        #expect(color.message.hasPrefix("`golden` is not a colour; use red, orange, yellow"))
        #expect(color.severity == .error)
    }

    @Test func releasesOldestFirstAreOneFinding() throws {
        let reading = try Fixtures.read("## 1.0.0\n\n- a\n\n## 1.1.0\n\n- b\n\n## 1.2.0\n\n- c\n")
        let found = Linter().check(reading.document, path: "notes.md")
        #expect(found.map(\.message) == ["releases run oldest first; put the newest release at the top"])
    }

    /// Notes every render refuses (`no release with any changes listed`) are a finding, so
    /// `lint --strict` fails where the docs build would.
    @Test(arguments: ["", "# Changelog\n", "# Changelog\n\n## [Unreleased]\n\n### Added\n\n### Fixed\n"])
    func notesWithNoChangesAreAFinding(notes: String) throws {
        let reading = try Fixtures.read(notes)
        let found = Linter().check(reading.document, path: "CHANGELOG.md")
        #expect(found.map(\.rule) == [.emptyRelease])
        #expect(found.first?.severity == .warning)
        #expect(Linter().check(try Fixtures.read("## [Unreleased]\n\n- A change.\n").document, path: "x").isEmpty)
    }

    @Test func datesJustifyInterleavedRelease() throws {
        // Two maintained release lines, newest date first: in order.
        let reading = try Fixtures.read(
            "## 2.1.0 - 2024-03-02\n\n- a\n\n## 1.9.4 - 2024-03-01\n\n- b\n\n## 2.0.0 - 2024-02-01\n\n- c\n")
        #expect(Linter().check(reading.document, path: "notes.md").isEmpty)
    }

    @Test func cleanNotesHaveNoFindings() throws {
        var checked = 0
        for group in ["examples", "dialects"] {
            for name in Fixtures.names(in: group) {
                let reading = try Fixtures.read(group, name)
                #expect(reading.diagnostics + Linter().check(reading.document, path: name) == [], "\(name)")
                checked += 1
            }
        }
        #expect(checked >= 20, "the clean fixtures were found")
        // The same check finds what a broken file breaks, so an empty answer above means clean.
        let broken = try Fixtures.read("lint", "version-order")
        #expect(Linter().check(broken.document, path: "version-order").map(\.rule) == [.versionOrder])
    }
}
