import Foundation
import Testing

/// `whatsnew export sparkle --appcast`: the descriptions of the items the notes know, and not
/// one other byte of the file.
struct AppcastTests {
    /// Three items: one with element versions and no description, one with the older
    /// attribute style and descriptions in two languages, one the notes do not know.
    static let appcast = """
        <?xml version="1.0" standalone="yes"?>
        <!-- Kept by hand; the & and <tags> in this comment stay as they are. -->
        <rss xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle" version="2.0">
            <channel>
                <title>Inkwell</title>
                <item>
                    <title>Version 1.4.0</title>
                    <pubDate>Thu, 02 May 2024 10:00:00 +0000</pubDate>
                    <sparkle:version>1300</sparkle:version>
                    <sparkle:shortVersionString>1.4.0</sparkle:shortVersionString>
                    <enclosure url="https://example.com/Inkwell-1.4.0.zip" length="1623481" type="application/octet-stream" sparkle:edSignature="WVyVJpOx+a5+vNWJ=="/>
                </item>
        \t\t<item>
        \t\t\t<title>Version 1.3.1 &amp; fixes</title>
        \t\t\t<description><![CDATA[<p>Old words</p>]]></description>
        \t\t\t<description xml:lang="fr"><![CDATA[<p>Vieux mots</p>]]></description>
        \t\t\t<enclosure url="https://example.com/Inkwell-1.3.1.zip" sparkle:version="1207" sparkle:shortVersionString="1.3.1" length="1" type="application/octet-stream"/>
        \t\t</item>
                <item>
                    <title>Version 0.9</title>
                    <sparkle:version>900</sparkle:version>
                    <enclosure url="https://example.com/Inkwell-0.9.zip" length="1" type="application/octet-stream"/>
                </item>
            </channel>
        </rss>

        """

    /// A project whose appcast is the three items with `text` put in place of `original`,
    /// which must be there.
    private func project(replacing original: String, with text: String) throws -> URL {
        let appcast = Self.appcast.replacingOccurrences(of: original, with: text)
        try #require(appcast != Self.appcast)
        return try project(appcast: appcast)
    }

    private func project(notes: String? = nil, appcast: String = AppcastTests.appcast) throws -> URL {
        let directory = try SharedFiles.scratchDirectory()
        let changelog =
            try notes ?? String(contentsOfFile: SharedFiles.fixture("examples", "keep-a-changelog"), encoding: .utf8)
        try changelog.write(to: directory.appendingPathComponent("CHANGELOG.md"), atomically: true, encoding: .utf8)
        try appcast.write(to: directory.appendingPathComponent("appcast.xml"), atomically: true, encoding: .utf8)
        return directory
    }

    /// Python's XML parser on the file: each item's title and its descriptions by language.
    private func parsed(_ file: URL) throws -> [[String: String]] {
        let script = """
            import json, sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            lang = '{http://www.w3.org/XML/1998/namespace}lang'
            print(json.dumps([{**{d.get(lang, ''): d.text for d in item.findall('description')}, 'title': item.findtext('title')} for item in root.iter('item')]))
            """
        let (status, output, errors) = try Tool.run(["python3", "-c", script, file.path])
        try #require(status == 0, "\(errors)")
        return try JSONDecoder().decode([[String: String]].self, from: Data(output.utf8))
    }

    /// The file without its descriptions in no language, each with the line break and
    /// indentation before it: what must be the same before and after.
    private func withoutDescriptions(_ text: String) -> String {
        var result = text
        while let start = result.range(of: "<description><![CDATA[") {
            let end = result.range(of: "]]></description>", range: start.upperBound..<result.endIndex)!
            var from = start.lowerBound
            while from > result.startIndex, [" ", "\t"].contains(result[result.index(before: from)]) {
                from = result.index(before: from)
            }
            if from > result.startIndex, result[result.index(before: from)] == "\n" {
                from = result.index(before: from)
            }
            result.removeSubrange(from..<end.upperBound)
        }
        return result
    }

    @Test func theItemsTheNotesKnowGetTheirNotesAndNoOtherByteChanges() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("appcast.xml")
        let run = try WhatsNewBinary.run(
            ["export", "sparkle", "--appcast", "appcast.xml", "--build", "1.3.1=1207", "--history", "1"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote 2 of 3 items' descriptions in appcast.xml\n")
        #expect(run.stderr.contains("appcast.xml:19:1: note: this item (900) is no release of the notes"))
        let edited = try String(contentsOf: file, encoding: .utf8)
        // Byte for byte the same once the descriptions in no language are taken out of both.
        #expect(withoutDescriptions(edited) == withoutDescriptions(Self.appcast))
        #expect(edited.contains("\t\t\t<description xml:lang=\"fr\"><![CDATA[<p>Vieux mots</p>]]></description>\n"))
        // A new description takes the indentation of its item's children.
        #expect(edited.contains("sparkle:edSignature=\"WVyVJpOx+a5+vNWJ==\"/>\n            <description><![CDATA["))
        let items = try parsed(file)
        #expect(items.map { $0["title"] } == ["Version 1.4.0", "Version 1.3.1 & fixes", "Version 0.9"])
        let newest = try #require(items[0][""])
        #expect(sparkleVersions(newest) == ["1300", "1207"], "1.4.0 and one release before it")
        #expect(sparkleVersions(try #require(items[1][""])) == ["1207", "1.3.0"])
        #expect(items[1]["fr"] == "<p>Vieux mots</p>")
        #expect(items[2][""] == nil)
        #expect(newest.contains("Offline sync"))
        #expect(!newest.contains("<script") && !newest.contains("<img"))
        // Run again: the same file (descriptions replaced, not added twice).
        let again = try WhatsNewBinary.run(
            ["export", "sparkle", "--appcast", "appcast.xml", "--build", "1.3.1=1207", "--history", "1"], in: directory)
        #expect(again.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == edited)
    }

    /// By default a description is its item's own release: a table, whose icon column needs no
    /// style, and under a hundred bytes of it; a feed of many items stays near its size, and
    /// reads again byte for byte. With `--history` it holds the installed-version rule too.
    @Test func aDescriptionIsItsOwnReleaseWithLittleStyle() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("appcast.xml")
        let run = try WhatsNewBinary.run(
            ["export", "sparkle", "--appcast", "appcast.xml", "--build", "1.3.1=1207"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let edited = try String(contentsOf: file, encoding: .utf8)
        let items = try parsed(file)
        #expect(sparkleVersions(try #require(items[0][""])) == ["1300"])
        #expect(sparkleVersions(try #require(items[1][""])) == ["1207"])
        for description in [items[0][""], items[1][""]].compactMap({ $0 }) {
            let style = try #require(description.firstRange(of: /<style>[^<]*<\/style>/))
            #expect(description[style].utf8.count < 100, "\(description[style])")
            #expect(
                description.contains("<table class=\"whatsnew\"") && !description.contains(".sparkle-installed-version")
            )
        }
        #expect(edited.utf8.count < 3 * Self.appcast.utf8.count + 4_000)
        let again = try WhatsNewBinary.run(
            ["export", "sparkle", "--appcast", "appcast.xml", "--build", "1.3.1=1207"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == edited)
        let cumulative = try WhatsNewBinary.run(
            ["export", "sparkle", "--appcast", "appcast.xml", "--build", "1.3.1=1207", "--history", "1"], in: directory)
        #expect(cumulative.status == 0, "\(cumulative.stderr)")
        let newest = try #require(try parsed(file)[0][""])
        #expect(sparkleVersions(newest) == ["1300", "1207"])
        #expect(newest.contains(".sparkle-installed-version"))
    }

    /// Sparkle shows an item's `sparkle:releaseNotesLink` rather than its description: such
    /// items are left alone, said once with their count; `--prefer description` takes the link
    /// out (its line with it) and writes the description.
    @Test func anItemWithAReleaseNotesLinkIsLeftAloneUnlessTheDescriptionIsPreferred() throws {
        let directory = try project(
            replacing: "            <sparkle:version>1300</sparkle:version>\n",
            with:
                "            <sparkle:version>1300</sparkle:version>\n            <sparkle:releaseNotesLink>https://example.com/1.4.0.html</sparkle:releaseNotesLink>\n"
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("appcast.xml")
        let run = try WhatsNewBinary.run(
            ["export", "sparkle", "--appcast", "appcast.xml", "--build", "1.3.1=1207"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote 1 of 3 items' descriptions in appcast.xml\n")
        #expect(run.stderr.components(separatedBy: "sparkle:releaseNotesLink").count == 2, "one note: \(run.stderr)")
        #expect(run.stderr.contains("appcast.xml: note: 1 item the notes know carries a sparkle:releaseNotesLink"))
        #expect(try parsed(file)[0][""] == nil)

        let preferred = try WhatsNewBinary.run(
            ["export", "sparkle", "--appcast", "appcast.xml", "--build", "1.3.1=1207", "--prefer", "description"],
            in: directory)
        #expect(preferred.status == 0, "\(preferred.stderr)")
        #expect(preferred.stdout == "wrote 2 of 3 items' descriptions in appcast.xml\n")
        let edited = try String(contentsOf: file, encoding: .utf8)
        #expect(!edited.contains("releaseNotesLink"))
        #expect(withoutDescriptions(edited) == withoutDescriptions(Self.appcast))
        #expect(try parsed(file)[0][""]?.contains("Offline sync") == true)
        #expect(
            try WhatsNewBinary.run(
                ["export", "sparkle", "--archive", "App-1.4.0.zip", "--prefer", "description"], in: directory
            ).status == 2)
    }

    @Test func everyItemOfAVersionGetsItsNotes() throws {
        let directory = try project(
            replacing: "        <item>\n            <title>Version 0.9</title>",
            with:
                "        <item><title>1.4.0 for Intel</title><sparkle:shortVersionString>1.4.0</sparkle:shortVersionString></item>\n        <item>\n            <title>Version 0.9</title>"
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try WhatsNewBinary.run(["export", "sparkle", "--appcast", "appcast.xml"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote 3 of 4 items' descriptions in appcast.xml\n")
        let items = try parsed(directory.appendingPathComponent("appcast.xml"))
        #expect(items[2]["title"] == "1.4.0 for Intel")
        #expect(items[2][""] == items[0][""])
        #expect(items[2][""]?.contains("Offline sync") == true)
    }

    @Test func translationsGoInDescriptionsWithTheirLanguage() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixtures = SharedFiles.tests.appendingPathComponent("WhatsNewTests/Fixtures/translations")
        for file in ["CHANGELOG.md", "CHANGELOG.de.md"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(file), to: directory.appendingPathComponent(file))
        }
        let appcast = Self.appcast.replacingOccurrences(of: "1.4.0", with: "2.1.0").replacingOccurrences(
            of: "1.3.1", with: "2.0.0")
        try appcast.write(to: directory.appendingPathComponent("appcast.xml"), atomically: true, encoding: .utf8)
        let run = try WhatsNewBinary.run(
            ["export", "sparkle", "--appcast", "appcast.xml", "--locales", "de"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let items = try parsed(directory.appendingPathComponent("appcast.xml"))
        #expect(items[0]["de"]?.contains("lang=\"de\"") == true)
        #expect(items[0][""]?.contains("lang=\"de\"") == false)
        #expect(items[1]["fr"] == "<p>Vieux mots</p>")
        #expect(items[1]["de"] != nil)
    }

    @Test func cdataEndsInTheNotesCannotBreakTheFile() throws {
        let notes = """
            # Changelog

            ## [1.4.0] - 2024-05-02

            ### Fixed

            - Arrays like `a[b[0]]>1` and text ]]> no longer end the CDATA; neither does ]]]]>.

            """
        let directory = try project(notes: notes)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try WhatsNewBinary.run(["export", "sparkle", "--appcast", "appcast.xml"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let description = try #require(try parsed(directory.appendingPathComponent("appcast.xml"))[0][""])
        #expect(
            description.contains(
                "<code>a[b[0]]&gt;1</code> and text ]]&gt; no longer end the CDATA; neither does ]]]]&gt;."))
    }

    @Test func aSignedAppcastIsRefusedAndLeftAsItWas() throws {
        for signed in [
            Self.appcast + "<!-- sparkle-signatures:\nedSignature: AAAA\nlength: 1234\n-->\n",
            Self.appcast.replacingOccurrences(
                of: "<rss ",
                with: "<!-- sparkle-sign-warning:\nIMPORTANT: This file was signed by Sparkle.\n-->\n<rss "),
        ] {
            let directory = try project(appcast: signed)
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try WhatsNewBinary.run(["export", "sparkle", "--appcast", "appcast.xml"], in: directory)
            #expect(run.status == 1)
            #expect(run.stderr.contains("appcast.xml: error: this appcast is signed"))
            #expect(try String(contentsOf: directory.appendingPathComponent("appcast.xml"), encoding: .utf8) == signed)
        }
    }

    @Test func anAppcastThatIsNotWellFormedOrKnowsNoReleaseIsLeftAsItWas() throws {
        let cases = [
            (
                Self.appcast.replacingOccurrences(of: "</item>\n        <item>", with: "</itm>\n        <item>"),
                "appcast.xml:18:3: error: this appcast is not well-formed XML: `</itm>` closes `<item>`; it was left unchanged"
            ),
            (
                Self.appcast.replacingOccurrences(of: "<title>Inkwell</title>", with: "<title>Inkwell & Co</title>"),
                "appcast.xml:5:24: error: this appcast is not well-formed XML: an `&` that is no reference"
            ),
            (String(Self.appcast.dropLast(8)), "is never closed"),
            (
                Self.appcast.replacingOccurrences(of: "1.4.0", with: "7.0").replacingOccurrences(
                    of: "1.3.1", with: "7.1"), "no item of this appcast is a release the notes have"
            ),
        ]
        for (appcast, message) in cases {
            let directory = try project(appcast: appcast)
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try WhatsNewBinary.run(["export", "sparkle", "--appcast", "appcast.xml"], in: directory)
            #expect(run.status == 1, "\(message)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(try String(contentsOf: directory.appendingPathComponent("appcast.xml"), encoding: .utf8) == appcast)
        }
    }

    private func sparkleVersions(_ html: String) -> [String] {
        html.components(separatedBy: "data-sparkle-version=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}
