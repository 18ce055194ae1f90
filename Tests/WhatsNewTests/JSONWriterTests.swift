import Testing

@testable import WhatsNew

struct JSONWriterTests {
    @Test func stringsAreEscapedAsRFC8259Asks() {
        let text = JSONValue.string("a\"b\\c\n\r\t\u{8}\u{C}\u{1}\u{1F} !#é🚀").text()
        #expect(text == "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f !#é🚀\"\n")
    }

    @Test func emptyAndNestedContainers() {
        let value = JSONValue.object([
            ("a", .array([])), ("b", .object([])), ("c", .array([.int(1), .null, .bool(true)])),
        ])
        #expect(value.text() == "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [\n    1,\n    null,\n    true\n  ]\n}\n")
    }

    @Test func aStringInPiecesIsWrittenAsTheWholeString() {
        let pieces = ["<p>\"a\"</p>\n", "", "<ul>\n", "<li>\u{1}b\\</li>\n", "</ul>\n"]
        var whole = JSONWriter()
        whole.value(pieces.joined())
        var inPieces = JSONWriter()
        inPieces.value(pieces: pieces)
        #expect(inPieces.finish().bytes == whole.finish().bytes)
    }
}
