import Testing

@testable import WhatsNewEditing
@testable import WhatsNewModel

/// The appcast reader on the XML people write by hand: only what it must find, nothing it must not.
struct AppcastScannerTests {
    private func appcast(_ xml: String) throws(Diagnostic) -> Appcast {
        try Appcast(bytes: Array(xml.utf8), path: "appcast.xml")
    }

    @Test func itFindsItemsAndVersionsWhereverTheXMLMayHideLookAlikes() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE rss [ <!ELEMENT rss ANY> ]>
            <rss version="2.0" xmlns:sp="http://www.andymatuschak.org/xml-namespaces/sparkle">
            <!-- <item><sp:shortVersionString>9.9</sp:shortVersionString></item> -->
            <channel>
              <title>Look-alikes &amp; <![CDATA[<item>not one</item>]]></title>
              <item>
                <title a='x > y'>One</title>
                <sp:shortVersionString>1.&#50;.0</sp:shortVersionString>
                <sp:version>120</sp:version>
                <description/>
              </item>
              <item><enclosure url="u" sp:shortVersionString="1.1.0" sp:version="110"/></item>
            </channel>
            </rss>
            """
        let found = try appcast(xml)
        #expect(found.items.map(\.shortVersion) == ["1.2.0", "1.1.0"])
        #expect(found.items.map(\.build) == ["120", "110"])
        #expect(found.items.map(\.line) == [7, 13])
        #expect(found.items[0].descriptions.count == 1)
        // The self-closing description is replaced; the second item gets one after its enclosure.
        let edited = String(
            decoding: found.settingDescriptions([0: [(nil, "<p>A</p>")], 1: [("de", "<p>B</p>")]]), as: UTF8.self)
        #expect(edited.contains("    <description><![CDATA[<p>A</p>]]></description>\n  </item>"))
        #expect(
            edited.contains(
                "sp:version=\"110\"/>\n<description xml:lang=\"de\"><![CDATA[<p>B</p>]]></description></item>"))
        #expect(
            edited.replacingOccurrences(of: "<description><![CDATA[<p>A</p>]]></description>", with: "<description/>")
                .replacingOccurrences(of: "\n<description xml:lang=\"de\"><![CDATA[<p>B</p>]]></description>", with: "")
                == xml)
    }

    @Test func whatIsAddedEndsItsLinesAsTheFileDoes() throws {
        let xml =
            "<rss xmlns:sparkle=\"http://www.andymatuschak.org/xml-namespaces/sparkle\">\r\n<channel>\r\n  <item>\r\n    <sparkle:version>1.0</sparkle:version>\r\n  </item>\r\n</channel>\r\n</rss>\r\n"
        let edited = try appcast(xml).settingDescriptions([0: [(nil, "<ul>\n<li>A</li>\n</ul>\n")]])
        let text = String(decoding: edited, as: UTF8.self)
        #expect(
            text.contains(
                "</sparkle:version>\r\n    <description><![CDATA[<ul>\r\n<li>A</li>\r\n</ul>\r\n]]></description>\r\n  </item>"
            ), "\(text.debugDescription)")
        #expect(!edited.indices.contains { edited[$0] == 0x0A && ($0 == 0 || edited[$0 - 1] != 0x0D) }, "no bare LF")
        let plain = try appcast(xml.replacingOccurrences(of: "\r\n", with: "\n")).settingDescriptions([
            0: [(nil, "<p>A</p>\n")]
        ])
        #expect(!plain.contains(0x0D), "an LF file stays LF")
    }

    @Test func aCDATAEndInTheTextIsSplitSoItCannotEndTheSection() {
        let element = String(decoding: Appcast.description("a]]>b\u{1}c", language: "de"), as: UTF8.self)
        #expect(element == "<description xml:lang=\"de\"><![CDATA[a]]]]><![CDATA[>bc]]></description>")
    }

    @Test(arguments: [
        ("<rss><channel><item></channel></rss>", 1, "`</channel>` closes `<item>`"),
        ("<rss>\n<channel>&custom;</channel></rss>", 2, "`&custom;` is no reference XML knows"),
        ("<rss><channel>\n\n<item a=b></item></channel></rss>", 3, "without quotes"),
        ("<rss><channel><!-- open </channel></rss>", 1, "a comment that never ends"),
        ("<rss/>\n<rss/>", 2, "a second root element"),
        ("", 1, "there is no element"),
    ])
    func whatItCannotReadSafelyIsAnErrorWithItsPlace(xml: String, line: Int, message: String) {
        #expect(throws: Diagnostic.self) { try appcast(xml) }
        do {
            _ = try appcast(xml)
        } catch {
            #expect(error.rule == .appcast)
            #expect(error.location.line == line)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func aSignedAppcastIsRefused() {
        let signed = "<rss><channel></channel></rss>\n<!-- sparkle-signatures:\nedSignature: AAAA\nlength: 30\n-->\n"
        do {
            _ = try appcast(signed)
            Issue.record("a signed appcast was read")
        } catch {
            #expect(error.message.hasPrefix("this appcast is signed"))
        }
    }
}
