import Foundation
import Testing
import WhatsNewSchema
import WhatsNewSeenStores

/// What an app reads from its own bundle: the running version from `Info.plist`, and the notes
/// in the user's language from the editions whatsnew writes, in a bundle laid out as macOS lays
/// out an app (`Contents/Info.plist`, `Contents/Resources/<locale>.lproj`).
struct AppBundleTests {
    private static func sheet(_ title: String) -> Sheet {
        Sheet(
            title: title,
            releases: [Sheet.Release(version: "1.4.0", date: nil, title: "1.4.0", summary: nil, sections: [])])
    }

    private static func write(_ sheet: Sheet, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(sheet).write(to: url)
    }

    @Test func anAppReadsItsVersionAndTheNotesInItsUsersLanguage() throws {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent(
            "whatsnew-\(UUID().uuidString)/Lantern.app")
        defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
        let contents = app.appendingPathComponent("Contents")
        try FileManager.default.createDirectory(at: contents, withIntermediateDirectories: true)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleShortVersionString</key><string>1.4.0
            </string><key>CFBundleVersion</key><string>42</string></dict></plist>
            """
        try plist.write(to: contents.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let resources = contents.appendingPathComponent("Resources")
        try Self.write(Self.sheet("Lantern"), to: resources.appendingPathComponent("WhatsNew.json"))
        try Self.write(Self.sheet("Laterne"), to: resources.appendingPathComponent("de.lproj/WhatsNew.json"))
        try Self.write(Self.sheet("Lanterna"), to: resources.appendingPathComponent("pt-BR.lproj/WhatsNew.json"))
        // A folder for a locale without the notes in it is no edition.
        try FileManager.default.createDirectory(
            at: resources.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)

        let bundle = try #require(Bundle(path: app.path))
        #expect(SeenVersion.current(bundle: bundle) == SeenVersion(version: "1.4.0", build: "42"))
        #expect(try Sheet.bundled(in: bundle, preferredLanguages: ["de-AT", "en"])?.title == "Laterne")
        #expect(try Sheet.bundled(in: bundle, preferredLanguages: ["pt-PT"])?.title == "Lanterna")
        #expect(try Sheet.bundled(in: bundle, preferredLanguages: ["fr-FR", "ja"])?.title == "Lantern")
        #expect(try Sheet.bundled(named: "Missing", in: bundle, preferredLanguages: ["de"]) == nil)
        // As `--locales all` writes them: an edition per locale, the notes' own among them, and
        // nothing beside the folders. A reader of another language gets English's, else the first.
        try FileManager.default.removeItem(at: resources.appendingPathComponent("WhatsNew.json"))
        #expect(try Sheet.bundled(in: bundle, preferredLanguages: ["ja"])?.title == "Laterne")
        try Self.write(Self.sheet("Lantern"), to: resources.appendingPathComponent("en.lproj/WhatsNew.json"))
        #expect(try Sheet.bundled(in: bundle, preferredLanguages: ["ja"])?.title == "Lantern")
        #expect(
            try Sheet.edition(in: resources, preferredLanguages: ["ja"], developmentLanguage: "pt-BR")?.title
                == "Lanterna")
    }
}
