import Testing

@testable import WhatsNewEditing
@testable import WhatsNewModel
@testable import WhatsNewReading

/// One change's note: its front matter checked key by key, its body kept as written.
struct FragmentReaderTests {
    private func read(_ text: String, kinds: ChangeKinds = .builtIn) throws -> (Fragment?, [String]) {
        let (fragment, diagnostics) = FragmentReader(kinds: kinds).read(
            try SourceFile(path: ".changes/note.md", bytes: Array(text.utf8)))
        return (fragment, diagnostics.map(\.description))
    }

    @Test func anItemWithItsReferences() throws {
        let (fragment, diagnostics) = try read(
            "---\nkind: fix\nissue: [212, \"#213\"]\npr: https://example.com/o/r/pull/9\n---\n\nSaving no longer hangs.\n"
        )
        #expect(diagnostics.isEmpty)
        let note = try #require(fragment)
        #expect(note.kind.builtIn == .fixed)
        #expect(!note.isFeatured && !note.isBreaking)
        #expect(note.references.map(\.number) == [212, 213, 9])
        #expect(note.body.lines == ["Saving no longer hangs."])
        #expect(note.body.firstLine == 7)
        #expect(
            note.references[0].markdown(repository: RepositoryAddress("o/r"))
                == "[#212](https://github.com/o/r/issues/212)")
        #expect(note.references[2].markdown(repository: nil) == "[#9](https://example.com/o/r/pull/9)")
        #expect(
            RepositoryAddress("https://gitlab.com/o/r/")?.address(of: .pullRequest, number: 4)
                == "https://gitlab.com/o/r/-/merge_requests/4")
    }

    @Test func aWrongKindIsRefusedWithTheNearest() throws {
        let (fragment, diagnostics) = try read("---\nkind: fixd\n---\nText.\n")
        #expect(fragment == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].hasPrefix(".changes/note.md:2:7: error: unknown kind `fixd`; did you mean `fixed`?"))
        let (missing, said) = try read("---\ntitle: Night Mode\n---\nText.\n")
        #expect(missing == nil)
        #expect(
            said == [
                ".changes/note.md:2:1: error: a fragment names its kind, such as `kind: fixed`; kinds are breaking, added, changed, deprecated, removed, fixed, security, performance, docs, dependencies, internal, known-issues, other, pull-requests, contributors"
            ])
        let project = ChangeKinds.builtIn.adding([ChangeKind(name: "ui", title: "Interface")])
        #expect(try read("---\nkind: ui\n---\nText.\n", kinds: project).0?.kind.headingTitle == "Interface")
    }

    @Test func everyProblemIsPointedAt() throws {
        let (_, diagnostics) = try read(
            "---\nkind: added\ntitel: Oops\nissue: \"1)](javascript:alert(1)\"\nbreaking: maybe\n---\n\n## A heading\n")
        #expect(
            diagnostics == [
                ".changes/note.md:3:1: warning: unknown key `titel` in a fragment's front matter; did you mean `title`?",
                ".changes/note.md:4:8: error: `1)](javascript:alert(1)` is neither a number nor an http or https address",
                ".changes/note.md:5:11: error: `breaking` is true or false, not `maybe`",
                ".changes/note.md:8:1: error: a heading in a fragment would start a row of its own in the release; use **bold** text or a list",
            ])
        #expect(
            try read("---\nkind: added\n---\n\n<!-- nothing yet -->\n").1 == [
                ".changes/note.md:3:1: error: this fragment says nothing yet; write the change under the front matter, as a sentence or a list"
            ])
        #expect(try read("---\nkind: added\ntitle: Widgets\nsummary: On the home screen.\n---\n").1.isEmpty)
        #expect(
            try read("No front matter.\n").1 == [
                ".changes/note.md:1:1: error: a fragment starts with front matter naming its kind: `---`, `kind: fixed`, `---`, then the note"
            ])
        #expect(try read("---\nkind: [added\n---\nText.\n").1.count == 1)
    }

    @Test func featuredTitlesAreOnePerRelease() throws {
        let first = try #require(try read("---\nkind: added\ntitle: Widgets\nicon: star.filll\n---\nText.\n").0)
        var second = first
        second.path = ".changes/other.md"
        second.name = "other.md"
        let found = FragmentLinter().check([first, second]).map(\.description)
        #expect(
            found.contains(
                ".changes/other.md:3:8: error: the featured row `Widgets` is also in .changes/note.md; one release shows each title once"
            ))
        #expect(found.contains { $0.hasPrefix(".changes/note.md:4:7: warning: unknown icon `star.filll`") })
    }

    @Test func versionsAreFoundWhole() {
        #expect(
            VersionText.replacing("1.4.0", with: "X", in: "[1.4.0]: https://e.com/compare/v1.3.0...v1.4.0")
                == "[X]: https://e.com/compare/v1.3.0...vX")
        #expect(
            VersionText.replacing("1.4.0", with: "X", in: "1.4.0-beta 11.4.0 1.4.01 1.4.0.1 v1.4.0.")
                == "1.4.0-beta 11.4.0 1.4.01 1.4.0.1 vX.")
        let date = ReleaseDate(year: 2024, month: 12, day: 6)!
        for written in [
            "2024-12-06", "December 6, 2024", "6th December, 2024", "06.12.2024", "Dec 6, 2024", "6 December 2024",
        ] {
            #expect(
                DateStyle(written: written, date: date)?.text(ReleaseDate(year: 2025, month: 1, day: 2)!) != nil,
                "\(written)")
        }
        #expect(
            DateStyle(written: "6th December, 2024", date: date)?.text(ReleaseDate(year: 2025, month: 1, day: 2)!)
                == "2nd January, 2025")
        // SDWebImage's headings: `5.21 Patch on Dec 3rd 2025`.
        #expect(
            DateStyle(written: "Dec 6th 2024", date: date)?.text(ReleaseDate(year: 2026, month: 11, day: 29)!)
                == "Nov 29th 2026")
        #expect(
            DateStyle(written: "Dec 6 2024", date: date)?.text(ReleaseDate(year: 2026, month: 11, day: 3)!)
                == "Nov 3 2026")
    }

    @Test func frontMatterValuesReadBackAsWritten() {
        for value in [
            "Night Mode", "Night: Mode", "- dash", "#tag", "yes", "123", "null", "🌙 Moon", "It's \"quoted\"", "a\nb",
            "`code`", "  lead",
        ] {
            #expect(YAMLScalar.reads(YAMLScalar.text(value), as: value), "\(value) → \(YAMLScalar.text(value))")
        }
        #expect(YAMLScalar.text("🌙 Moon") == "🌙 Moon")
        #expect(YAMLScalar.text("Night Mode") == "Night Mode")
    }
}
