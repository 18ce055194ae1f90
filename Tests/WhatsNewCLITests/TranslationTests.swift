import Foundation
import Testing
import WhatsNew
import WhatsNewTestSupport

/// Release notes in other languages: translations found beside the notes, matched to them,
/// shown with fallbacks in every format, checked by lint, and whatsnew's own words and dates
/// in the locale.
@Suite(.serialized) struct TranslationTests {
    private let notes = SharedFiles.fixture("translations", "CHANGELOG")
    private let locales = ["de", "ja", "pt-BR", "ar"]

    private func golden(_ output: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        try SharedFiles.checkGolden(output, "translations/\(name)", sourceLocation: sourceLocation)
    }

    @Test func everyFormatInEveryLocaleMatchesItsGolden() throws {
        for locale in locales {
            for (format, ext) in [("text", "txt"), ("html", "html"), ("json", "json")] {
                var arguments = [notes, "--release", "all", "--locale", locale, "--format", format]
                if format == "text" { arguments += ["--width", "72", "--color", "never"] }
                if format == "html" { arguments += ["--style", "none"] }
                let run = try WhatsNewBinary.run(arguments)
                #expect(run.status == 0, "\(locale) \(format): \(run.stderr)")
                try golden(run.stdout, "\(locale).\(ext)")
            }
        }
    }

    @Test func fallbacksAreMarkedWithTheOriginalsLocale() throws {
        let run = try WhatsNewBinary.run([notes, "--release", "all", "--locale", "ja", "--format", "json"])
        let sheet = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let releases = try #require(sheet["releases"] as? [[String: Any]])
        // The empty Unreleased heading is not shown; the release the translation has, and one it lacks.
        #expect(releases.map { $0["locale"] as? String } == ["ja", "en"])
        let sections = try #require(releases[0]["sections"] as? [[String: Any]])
        #expect(sections.map { $0["locale"] as? String } == ["ja", "ja", "ja"])
        #expect(sections.first?["title"] as? String == "オフラインのルート")
        // A release the translation lacks keeps its words, its kinds' titles in Japanese.
        let old = try #require(releases[1]["sections"] as? [[String: Any]])
        #expect(old.map { $0["title"] as? String } == ["追加", "削除"])
        #expect(old.first?["summary"] as? String == "A dark map style that follows the system setting.")
        // Without --locale no release or section carries the key.
        let plain = try WhatsNewBinary.run([notes, "--release", "all", "--format", "json"])
        #expect(!plain.stdout.contains("\"locale\""))
    }

    @Test func lintComparesEveryTranslationWithTheOriginal() throws {
        let folder = URL(fileURLWithPath: notes).deletingLastPathComponent()
        let run = try WhatsNewBinary.run(["lint", "CHANGELOG.md"], in: folder)
        #expect(run.status == 0, "warnings only")
        try golden(run.stdout, "lint.txt")
        #expect(run.stdout.contains("[translation-missing-release]"))
        #expect(run.stdout.contains("[translation-missing-section]"))
        #expect(run.stdout.contains("[translation-extra-section]"))
        // Both sides named: the translation's file:line, and the original's place in the message.
        #expect(run.stdout.contains("CHANGELOG.pt-BR.md:9:1: warning: pt-BR lacks the section “Security”"))
        #expect(run.stdout.contains("(CHANGELOG.md:23)"))
        let strict = try WhatsNewBinary.run(["lint", "CHANGELOG.md", "--strict"], in: folder)
        #expect(strict.status == 1)
    }

    @Test func aFileNamedForNoLanguageIsReported() throws {
        let directory = try SharedFiles.scratchDirectory()
        try "## 1.0.0\n\n### Added\n\n- One.\n".write(
            to: directory.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        for name in ["CHANGELOG.xx.md", "CHANGELOG.old.md", "CHANGELOG.de.md"] {
            try "## 1.0.0\n\n### Hinzugefügt\n\n- Eins.\n".write(
                to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let run = try WhatsNewBinary.run(["lint", "CHANGELOG.md"], in: directory)
        #expect(
            run.stdout
                == "CHANGELOG.xx.md:1:1: warning: `xx` names no language (BCP 47, such as de, pt-BR or zh-Hans), so this is not read as a translation of CHANGELOG.md [translation-unknown-locale]\n"
        )
        let folder = directory.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "## 1.0.0\n\n### Ajouté\n\n- Un.\n".write(
            to: folder.appendingPathComponent("fr.md"), atomically: true, encoding: .utf8)
        let listed = try WhatsNewBinary.run(["locales", "CHANGELOG.md", "--locales-dir", "notes"], in: directory)
        #expect(listed.status == 0)
        #expect(
            listed.stdout.components(separatedBy: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
                == ["en", "de", "fr", ""])
        let french = try WhatsNewBinary.run(
            ["CHANGELOG.md", "--locale", "fr", "--locales-dir", "notes", "--color", "never"], in: directory)
        #expect(french.stdout.contains("Ajouté") && french.stdout.contains("Un."))
        let missing = try WhatsNewBinary.run(["CHANGELOG.md", "--locale", "ko"], in: directory)
        #expect(missing.status == 1)
        #expect(
            missing.stderr.hasPrefix(
                "CHANGELOG.md:1:1: error: no ko translation of these notes: looked for CHANGELOG.ko.md"))
        let bad = try WhatsNewBinary.run(["CHANGELOG.md", "--locale", "not a tag"], in: directory)
        #expect(bad.status == 2)
    }

    /// The dates whatsnew writes are Foundation's own long form for the locale, and its own
    /// words come from the table, for more than ten locales.
    @Test func datesAndWordsInTwelveLocales() throws {
        let directory = try SharedFiles.scratchDirectory()
        try "## [Unreleased]\n\n### Added\n\n- Soon.\n\n## [1.4.0] - 2024-05-02\n\n### Fixed\n\n- One.\n".write(
            to: directory.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        let expectedUnreleased = [
            "de": "Unveröffentlicht", "fr": "Non publié", "es": "Sin publicar", "it": "Non pubblicato",
            "ja": "未リリース", "ko": "출시 예정", "zh-Hans": "未发布", "zh-Hant": "尚未發佈", "ru": "Не выпущено",
            "pt-BR": "Não lançado", "ar": "غير منشور", "he": "טרם פורסם", "nl": "Nog niet uitgebracht",
        ]
        for (locale, unreleased) in expectedUnreleased {
            // The same notes serve as their own translation: only whatsnew's words change.
            try FileManager.default.copyItem(
                at: directory.appendingPathComponent("CHANGELOG.md"),
                to: directory.appendingPathComponent("CHANGELOG.\(locale).md"))
            let run = try WhatsNewBinary.run(
                ["CHANGELOG.md", "--release", "all", "--locale", locale, "--color", "never", "--width", "100"],
                in: directory)
            #expect(run.status == 0, "\(locale): \(run.stderr)")
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.dateStyle = .long
            formatter.timeZone = TimeZone(identifier: "UTC")
            var components = DateComponents()
            (components.year, components.month, components.day) = (2024, 5, 2)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let date = formatter.string(from: try #require(calendar.date(from: components)))
            #expect(run.stdout.contains(date), "\(locale): \(date) not in\n\(run.stdout)")
            #expect(run.stdout.contains(unreleased), "\(locale)")
            #expect(run.stdout.contains("1.4.0 · \(date)"), "\(locale)")
        }
    }

    /// Arabic reads right to left: the sheet mirrors, icons on the right, every title's right
    /// edge in line.
    @Test(.needs(.chromium)) func aRightToLeftSheetMirrorsInChromium() throws { try mirrors(.chromium) }
    @Test(.needs(.webkit)) func aRightToLeftSheetMirrorsInWebKit() throws { try mirrors(.webkit) }
    @Test(.needs(.firefox)) func aRightToLeftSheetMirrorsInFirefox() throws { try mirrors(.firefox) }

    private func mirrors(_ engine: BrowserEngine) throws {
        let file = try SharedFiles.scratchDirectory().appendingPathComponent("ar.html")
        let run = try WhatsNewBinary.run(
            [notes, "--release", "all", "--locale", "ar", "--format", "html", "--standalone", "-o", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(page.contains("<html lang=\"ar\" dir=\"rtl\">"))
        guard let report = try Browser.check(engine, "mirrored", file) else { return }
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.count == 2)
        for run in runs {
            let rights = try #require(run["titleRights"] as? [Double])
            #expect(rights.count == 5)
            #expect((rights.max()! - rights.min()!) <= 0.5, "\(engine) \(run["width"]!)px: \(rights)")
            #expect(run["direction"] as? String == "rtl")
            #expect(run["iconsRightOfTitles"] as? Bool == true, "\(run["width"]!)px")
            #expect((run["scrollWidth"] as? Int ?? 0) <= (run["clientWidth"] as? Int ?? 0))
        }
    }

    /// A copy of the translation fixtures to export from.
    private func fixtureCopy() throws -> URL {
        let directory = try SharedFiles.scratchDirectory()
        let folder = URL(fileURLWithPath: notes).deletingLastPathComponent()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        return directory
    }

    private func files(under directory: URL) -> [String] {
        let root = directory.path + "/"
        return (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? [])
            .filter { !$0.hasSuffix(".md") }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: root + path, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }.sorted()
    }

    @Test func fastlaneExportWritesEveryLocaleUnderEachStoresCode() throws {
        let directory = try fixtureCopy()
        let run = try WhatsNewBinary.run(
            ["export", "fastlane", "--locales", "all", "--release", "2.1.0", "--version-code", "7"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            files(under: directory) == [
                "fastlane/metadata/android/ar/changelogs/7.txt", "fastlane/metadata/android/de-DE/changelogs/7.txt",
                "fastlane/metadata/android/en-US/changelogs/7.txt", "fastlane/metadata/android/ja-JP/changelogs/7.txt",
                "fastlane/metadata/android/pt-BR/changelogs/7.txt", "fastlane/metadata/ar-SA/release_notes.txt",
                "fastlane/metadata/de-DE/release_notes.txt", "fastlane/metadata/en-US/release_notes.txt",
                "fastlane/metadata/ja/release_notes.txt", "fastlane/metadata/pt-BR/release_notes.txt",
            ])
        let german = try String(
            contentsOf: directory.appendingPathComponent("fastlane/metadata/de-DE/release_notes.txt"), encoding: .utf8)
        #expect(german.hasPrefix("🗺️ Routen ohne Netz\nPlane Wanderungen ohne Empfang"))
        // pt-BR lacks the security section: its text keeps the original's.
        let portuguese = try String(
            contentsOf: directory.appendingPathComponent("fastlane/metadata/pt-BR/release_notes.txt"), encoding: .utf8)
        #expect(portuguese.contains("🛡️ Segurança\n• Downloaded tile packs are checked before they are opened."))
    }

    @Test func oneLocaleOverItsLimitLeavesEveryFileAsItWas() throws {
        let directory = try fixtureCopy()
        let german = directory.appendingPathComponent("CHANGELOG.de.md")
        let long = String(repeating: "Eine sehr lange Erklärung. ", count: 25)
        try (try String(contentsOf: german, encoding: .utf8)).replacingOccurrences(
            of: "- Der Kompass driftet nach einem Anruf nicht mehr.", with: "- Der Kompass driftet nicht mehr. " + long
        ).write(to: german, atomically: true, encoding: .utf8)
        let first = try WhatsNewBinary.run(
            ["export", "fastlane", "--locales", "en,ja", "--release", "2.1.0", "--version-code", "7"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let before = files(under: directory)
        let contents = try before.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
        let run = try WhatsNewBinary.run(
            ["export", "fastlane", "--locales", "all", "--release", "2.1.0", "--version-code", "7"], in: directory)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("CHANGELOG.md:9:1: error: in de: the Google Play text is "))
        #expect(run.stdout.isEmpty)
        #expect(files(under: directory) == before)
        let after = try before.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
        #expect(after == contents)
        let unknown = try WhatsNewBinary.run(["export", "fastlane", "--locales", "de,xx-QQ"], in: directory)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("error: neither store takes the locale xx-QQ"))
    }

    @Test func jsonForEachLocaleInLprojFolders() throws {
        let directory = try fixtureCopy()
        let run = try WhatsNewBinary.run(["export", "json", "--release", "all", "--dir", "App"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            files(under: directory) == [
                "App/ar.lproj/WhatsNew.json", "App/de.lproj/WhatsNew.json", "App/en.lproj/WhatsNew.json",
                "App/ja.lproj/WhatsNew.json", "App/pt-BR.lproj/WhatsNew.json",
            ])
        let japanese = try String(
            contentsOf: directory.appendingPathComponent("App/ja.lproj/WhatsNew.json"), encoding: .utf8)
        let direct = try WhatsNewBinary.run(
            ["CHANGELOG.md", "--release", "all", "--locale", "ja", "--format", "json"], in: directory)
        #expect(japanese == direct.stdout)
        let english = try String(
            contentsOf: directory.appendingPathComponent("App/en.lproj/WhatsNew.json"), encoding: .utf8)
        #expect(!english.contains("\"locale\""))
        // The same from the render command: --format json --locales all --output DIR.
        let rendered = try WhatsNewBinary.run(
            ["CHANGELOG.md", "--release", "all", "--format", "json", "--locales", "all", "--output", "Out"],
            in: directory)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        for locale in ["en", "ar", "de", "ja", "pt-BR"] {
            let exported = try String(
                contentsOf: directory.appendingPathComponent("App/\(locale).lproj/WhatsNew.json"), encoding: .utf8)
            let written = try String(
                contentsOf: directory.appendingPathComponent("Out/\(locale).lproj/WhatsNew.json"), encoding: .utf8)
            #expect(exported == written, "\(locale)")
        }
        let misuse = try WhatsNewBinary.run(["CHANGELOG.md", "--locales", "all"], in: directory)
        #expect(misuse.status == 2)
    }

    /// Every App Store locale has whatsnew's words and a folder in both stores.
    @Test func everyAppStoreLocaleIsCovered() throws {
        let appStore = [
            "ar-SA", "ca", "cs", "da", "de-DE", "el", "en-AU", "en-CA", "en-GB", "en-US", "es-ES", "es-MX", "fi",
            "fr-CA", "fr-FR", "he", "hi", "hr", "hu", "id", "it", "ja", "ko", "ms", "nl-NL", "no", "pl", "pt-BR",
            "pt-PT", "ro", "ru", "sk", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant",
        ]
        for code in appStore {
            let tag = try #require(LocaleTag(code), "\(code)")
            #expect(SheetWords.builtIn(for: tag, formatDate: { $0.iso }) != nil, "\(code): no words")
            let folders = try #require(StoreLocales.codes(for: tag), "\(code): no store folders")
            #expect(
                folders.appStore == code || (code == "en-US" && folders.appStore == "en-US"), "\(code) → \(folders)")
        }
    }

    /// Notes whose own name carries their locale, with a sibling per translation, as Ant Design
    /// keeps `CHANGELOG.en-US.md` and `CHANGELOG.zh-CN.md`.
    @Test func notesNamedByTheirOwnLocale() throws {
        let directory = try SharedFiles.scratchDirectory()
        try "## 5.0.7\n\n`2022-12-13`\n\n- 🐞 Fix the slider's tooltip.\n- 💄 Optimize the switch colour.\n".write(
            to: directory.appendingPathComponent("CHANGELOG.en-US.md"), atomically: true, encoding: .utf8)
        try "## 5.0.7\n\n`2022-12-13`\n\n- 🐞 修复滑块的提示。\n- 💄 优化开关的颜色。\n".write(
            to: directory.appendingPathComponent("CHANGELOG.zh-CN.md"), atomically: true, encoding: .utf8)
        let listed = try WhatsNewBinary.run(["locales", "CHANGELOG.en-US.md"], in: directory)
        #expect(listed.stdout.hasPrefix("en-US\tCHANGELOG.en-US.md\t"))
        #expect(listed.stdout.contains("zh-CN\tCHANGELOG.zh-CN.md\t1 of 1 releases, 2 of 2 sections translated"))
        let run = try WhatsNewBinary.run(
            ["CHANGELOG.en-US.md", "--locale", "zh-CN", "--color", "never", "--width", "60"], in: directory)
        #expect(
            run.stdout == "新功能\n版本 5.0.7 · 2022年12月13日\n\n🐞  修复\n    • 修复滑块的提示。\n\n💄  更改\n    • 优化开关的颜色。\n")
        let lint = try WhatsNewBinary.run(["lint", "CHANGELOG.en-US.md"], in: directory)
        #expect(lint.stdout.isEmpty && lint.status == 0)
    }

    /// A translator who reorders the categories: each pairs with its own kind, named in the
    /// translation's language, not with whatever stands in its place.
    @Test func reorderedCategoriesPairByKind() throws {
        let directory = try SharedFiles.scratchDirectory()
        try "## 1.0.0\n\n### Fixed\n\n- The compass.\n\n### Security\n\n- The tile packs.\n".write(
            to: directory.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        try "## 1.0.0\n\n### Sicherheit\n\n- Die Kartenpakete.\n\n### Behoben\n\n- Der Kompass.\n".write(
            to: directory.appendingPathComponent("CHANGELOG.de.md"), atomically: true, encoding: .utf8)
        let run = try WhatsNewBinary.run(["CHANGELOG.md", "--locale", "de", "--color", "never"], in: directory)
        #expect(
            run.stdout
                == "Neuigkeiten\nVersion 1.0.0\n\n🐞  Behoben\n    • Der Kompass.\n\n🛡️  Sicherheit\n    • Die Kartenpakete.\n"
        )
        let lint = try WhatsNewBinary.run(["lint", "CHANGELOG.md"], in: directory)
        #expect(lint.stdout.isEmpty)
    }
}
