import Foundation
import Testing
import WhatsNewSchema

@testable import WhatsNewModel
@testable import WhatsNewRendering

struct JSONTextEncoderTests {
    private func json(_ value: some Encodable) throws -> String { try JSONTextEncoder().encode(value) }

    @Test func stringsAreEscapedAsRFC8259Asks() throws {
        #expect(
            try json("a\"b\\c\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F} !#é🚀/")
                == "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f\\u007f !#é🚀/\"\n")
        // DEL and the C1 controls are escaped too, so printed JSON carries no control; the
        // Latin-1 letters that share their first byte are not.
        #expect(try json("\u{80}a\u{9B}31m©\u{A0}\u{9F}") == "\"\\u0080a\\u009b31m©\u{A0}\\u009f\"\n")
    }

    @Test func emptyAndNestedContainersAndNulls() throws {
        struct Value: Encodable {
            enum CodingKeys: String, CodingKey { case a, b, c, d }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode([Int](), forKey: .a)
                try container.encode([String: Int](), forKey: .b)
                try container.encode([1, nil, 3] as [Int?], forKey: .c)
                try container.encode(true, forKey: .d)
            }
        }
        #expect(
            try json(Value())
                == "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [\n    1,\n    null,\n    3\n  ],\n  \"d\": true\n}\n")
    }

    /// Containers opened with `nestedContainer` close before the next member of theirs, as
    /// the values are written one after another.
    @Test func nestedContainersCloseBeforeTheNextMember() throws {
        struct Value: Encodable {
            enum CodingKeys: String, CodingKey { case inner, list, after }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                var inner = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .inner)
                try inner.encode("x", forKey: .after)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(1)
                try list.encodeNil()
                try container.encode(2, forKey: .after)
            }
        }
        let text = try json(Value())
        #expect(
            text
                == "{\n  \"inner\": {\n    \"after\": \"x\"\n  },\n  \"list\": [\n    1,\n    null\n  ],\n  \"after\": 2\n}\n"
        )
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    /// The schema's types come back whole through Foundation's decoder, with every key in the
    /// documented order and absent values written as null.
    @Test func schemaTypesRoundTrip() throws {
        let sheet = Sheet(
            title: nil,
            releases: [
                Sheet.Release(
                    version: "1.4.0", date: "2024-05-02", title: "1.4.0", summary: nil,
                    sections: [
                        Sheet.Section(
                            kind: .fixed, icon: "🐞", symbol: "ladybug.fill", color: "red", title: "Fixed",
                            summary: "A \"fix\"", html: "<ul>\n<li>A fix</li>\n</ul>\n", items: ["A fix"], line: 7)
                    ])
            ])
        let text = try json(sheet)
        #expect(try JSONDecoder().decode(Sheet.self, from: Data(text.utf8)) == sheet)
        let keys = ["schemaVersion", "title", "releases", "version", "date", "summary", "sections", "kind", "icon"]
        let offsets = keys.map { text.range(of: "\"\($0)\":")!.lowerBound }
        #expect(offsets == offsets.sorted())
        #expect(text.contains("\"title\": null") && text.contains("\"summary\": null"))

        let report = LintReport([
            Diagnostic(
                .duplicateVersion, at: SourceLocation(path: "a.md", line: 3, column: 1), "version 1.0 appears again"),
            Diagnostic(.inputTooLarge, at: SourceLocation(path: "b.md"), "too big"),
        ])
        #expect(report.errors == 2 && report.warnings == 0)
        #expect(try JSONDecoder().decode(LintReport.self, from: Data(report.json().utf8)) == report)
        #expect(report.json().contains("\"line\": null"))
    }
}
