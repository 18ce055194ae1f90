import Foundation
import Testing
import WhatsNewSchema

/// What a second app developer's trial of the schema found, each from input of its shape: JSON
/// written before the release's day, versions as the platforms write them, JSON an app or a
/// server writes by hand, and what an app needs to draw a row without copying tables.
struct AppTrialTests {
    /// JSON as `whatsnew --format json --release all --today 2024-11-01` writes it for notes
    /// whose 2.1.0 is dated 2024-11-02: the day CI cut the build, before the release's date.
    static let cutTheDayBefore = Data(
        """
        {"schemaVersion":1,"title":"Lantern","releases":[
          {"version":"2.1.0","date":"2024-11-02","title":"2.1.0","scheduled":true,"summary":null,"sections":[
            {"kind":"added","icon":"✨","symbol":"sparkles","color":"green","title":"Added","summary":"Offline maps",
             "html":"<ul>\\n<li>Offline maps</li>\\n</ul>\\n","items":["Offline maps"],"line":5}]},
          {"version":"2.0.0","date":"2024-10-01","title":"2.0.0","summary":null,"sections":[
            {"kind":"added","icon":"✨","symbol":"sparkles","color":"green","title":"Added","summary":"Sync",
             "html":"<ul>\\n<li>Sync</li>\\n</ul>\\n","items":["Sync"],"line":10}]}]}
        """.utf8)

    @Test func theRunningReleasesOwnNotesShowThoughTheJSONCallsThemScheduled() throws {
        let sheet = try JSONDecoder().decode(Sheet.self, from: Self.cutTheDayBefore)
        #expect(sheet.releases[0].scheduled)
        let policy = PresentationPolicy()
        let update = policy.decide(
            for: sheet, current: SeenVersion(version: "2.1.0"), lastSeen: SeenVersion(version: "2.0.0"),
            isFreshInstall: false)
        #expect(update.description == "shows 2.1.0 (new releases)")
        let firstLook = policy.decide(
            for: sheet, current: SeenVersion(version: "2.1.0"), lastSeen: nil, isFreshInstall: false)
        #expect(firstLook.shown == ["2.1.0"])
        // A user still on 2.0.0 does not have it: its notes wait for the build.
        let waiting = policy.decide(
            for: sheet, current: SeenVersion(version: "2.0.0"), lastSeen: SeenVersion(version: "1.9.0"),
            isFreshInstall: false)
        #expect(waiting.shown == ["2.0.0"])
    }

    @Test(
        arguments: [
            ("1.4.0\n", nil, "1.4.0", nil), ("1.4.0 (42)", nil, "1.4.0", "42"), ("1.4.0 (42)", "42", "1.4.0", "42"),
            ("\t1.4.0 ( 42 )\r\n", nil, "1.4.0", "42"), ("1.4.0 (42)", "43", "1.4.0", "43"),
            ("2.0 (beta)", nil, "2.0 (beta)", nil),
            ("1.4.0(42)", nil, "1.4.0(42)", nil), ("dev", " ", "dev", nil), ("1.4.0\t(42)", nil, "1.4.0", "42"),
            ("1.4.0\u{00A0}(42)", nil, "1.4.0", "42"), ("1.4.0 ()", nil, "1.4.0", nil),
            ("1.4.0 (42", nil, "1.4.0 (42", nil),
        ] as [(String, String?, String, String?)])
    func versionsReadAsThePlatformsWriteThem(version: String, build: String?, read: String, readBuild: String?) {
        #expect(SeenVersion(version: version, build: build).normalized == SeenVersion(version: read, build: readBuild))
    }

    @Test func aVersionWithItsBuildInBracketsIsThatVersion() throws {
        let sheet = try JSONDecoder().decode(Sheet.self, from: Self.cutTheDayBefore)
        let running = try #require(SeenVersion(info: ["CFBundleShortVersionString": "2.1.0 (42)"]))
        #expect(running == SeenVersion(version: "2.1.0", build: "42"))
        #expect(SeenVersion(info: ["CFBundleShortVersionString": " \n"]) == nil, "a blank version is none")
        let decision = PresentationPolicy().decide(
            for: sheet, current: SeenVersion(version: "2.1.0 (42)"), lastSeen: SeenVersion(version: "2.0.0"),
            isFreshInstall: false)
        #expect(decision.shown == ["2.1.0"])
        #expect(decision.record.lastSeen == SeenVersion(version: "2.1.0", build: "42"))
    }

    /// What a server or an app writes by hand: a title, a version, rows of icon, title and summary.
    static let handWritten = Data(
        """
        {"title": "Lantern", "releases": [{"version": "2.1.0", "sections": [
          {"symbol": "map", "title": "Offline maps", "summary": "Take your maps anywhere."},
          {"image": "SyncBadge", "icon": "🔄", "title": "Sync", "color": "#3366CC"}]}]}
        """.utf8)

    @Test func aHandWrittenSheetDecodesWithTheDocumentedDefaults() throws {
        let sheet = try JSONDecoder().decode(Sheet.self, from: Self.handWritten)
        #expect(sheet.schemaVersion == 1)
        #expect(sheet.archives.isEmpty)
        let release = try #require(sheet.releases.first)
        #expect(release.title == "2.1.0")
        #expect(release.date == nil && !release.unreleased && !release.scheduled)
        #expect(release.sections.map(\.title) == ["Offline maps", "Sync"])
        let maps = release.sections[0]
        #expect(maps.html == "" && maps.items.isEmpty && maps.line == 0 && maps.kind == nil)
        #expect(maps.artwork == .symbol("map"))
        #expect(release.sections[1].artwork == .image("SyncBadge"))
        #expect(release.sections[1].sheetColor == .rgb(RGB(0x33, 0x66, 0xCC)))
        // The policy reads it as it reads whatsnew's own.
        let decision = PresentationPolicy().decide(
            for: sheet, current: SeenVersion(version: "2.1.0"), lastSeen: SeenVersion(version: "2.0.0"),
            isFreshInstall: false)
        #expect(decision.shown == ["2.1.0"])
        // A release that names nothing is titled as whatsnew titles it.
        let unnamed = try JSONDecoder().decode(
            Sheet.self, from: Data(#"{"releases":[{"unreleased":true},{"version":"1.0"}]}"#.utf8))
        #expect(unnamed.releases.map(\.title) == ["Unreleased", "1.0"])
        #expect(unnamed.releases.allSatisfy { $0.sections.isEmpty })
        // Rows written by hand, with no line, are told apart by their words, as SwiftUI's lists need.
        let rows = try JSONDecoder().decode(
            Sheet.self,
            from: Data(
                #"{"releases":[{"version":"1.0","sections":[{"kind":"added","summary":"A"},{"kind":"added","summary":"B"}]}]}"#
                    .utf8))
        #expect(Set(rows.releases[0].sections.map(\.id)).count == 2)
    }

    @Test func aSchemaThisLibraryDoesNotReadIsRefusedWithOneClearError() throws {
        let later = Data(#"{"schemaVersion": 2, "title": "Lantern", "releases": []}"#.utf8)
        #expect(throws: UnsupportedSchema(schemaVersion: 2)) { try JSONDecoder().decode(Sheet.self, from: later) }
        do {
            _ = try JSONDecoder().decode(Sheet.self, from: later)
        } catch {
            #expect(
                "\(error)"
                    == "What's New JSON of schema 2: this WhatsNewSchema reads schema 1; update the whatsnew package, "
                    + "or write the JSON with the whatsnew the app builds with")
        }
        // Not a sheet at all is still a decoding error, not an empty sheet; nor is a release that
        // names itself in no way (a GitHub release's JSON).
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Sheet.self, from: Data(#"{"title":"x"}"#.utf8)) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Sheet.self, from: Data(#"{"releases":[{"tag_name":"v1","body":"x"}]}"#.utf8))
        }
        // The widget's timeline and lint's report are held to their schema too.
        #expect(throws: UnsupportedSchema(schemaVersion: 3)) {
            try JSONDecoder().decode(Timeline.self, from: Data(#"{"schemaVersion":3,"title":null,"entries":[]}"#.utf8))
        }
        #expect(throws: UnsupportedSchema(schemaVersion: 2)) {
            try JSONDecoder().decode(
                LintReport.self, from: Data(#"{"schemaVersion":2,"errors":0,"warnings":0,"diagnostics":[]}"#.utf8))
        }
    }

    @Test func aRowsArtworkIsTheMostSpecificItNames() {
        func row(icon: String?, symbol: String?, image: String?) -> Sheet.Section {
            Sheet.Section(
                kind: nil, icon: icon, symbol: symbol, color: nil, title: "Row", summary: nil, html: "", items: [],
                line: 1, image: image)
        }
        #expect(row(icon: "★", symbol: "star", image: "Hero").artwork == .image("Hero"))
        #expect(row(icon: "★", symbol: "star", image: nil).artwork == .symbol("star"))
        #expect(row(icon: "★", symbol: nil, image: "").artwork == .glyph("★"))
        #expect(row(icon: nil, symbol: nil, image: nil).artwork == nil)
    }

    @Test(arguments: SystemColor.allCases) func everySystemColourReadsTyped(_ color: SystemColor) {
        let row = Sheet.Section(
            kind: nil, icon: nil, symbol: nil, color: color.rawValue, title: nil, summary: nil, html: "", items: [],
            line: 1)
        #expect(row.sheetColor == .system(color))
        #expect(row.sheetColor?.light == color.light)
    }

    @Test func coloursNoSchemaWritesAreNone() {
        for text in ["#12345", "ultraviolet", ""] {
            let row = Sheet.Section(
                kind: nil, icon: nil, symbol: nil, color: text, title: nil, summary: nil, html: "", items: [], line: 1)
            #expect(row.sheetColor == nil, "\(text)")
        }
        #expect(SheetColor("Grey") == .system(.gray))
    }
}
