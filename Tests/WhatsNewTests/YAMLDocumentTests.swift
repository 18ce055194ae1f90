import Testing
import WhatsNewReading

/// YAML composed from libyaml's events (no Foundation): the nodes and their places, and every
/// way a text can be refused, each one line with where.
struct YAMLDocumentTests {
    @Test func nodesKeepTheirShapeTextAndPlace() throws {
        let root = try #require(
            try YAMLDocument.compose("title: Ink\nlist: [a, 'b']\nmap:\n  strict: yes\n  quoted: \"true\"\nempty:\n"))
        let mapping = try #require(root.mapping)
        #expect(mapping.keys.compactMap(\.string) == ["title", "list", "map", "empty"])
        #expect(mapping["title"]?.string == "Ink")
        #expect(mapping["title"]?.mark.map { [$0.line, $0.column] } == [1, 8])
        #expect(mapping["list"]?.sequence?.compactMap(\.string) == ["a", "b"])
        #expect(mapping["list"]?.sequence?[1].scalar?.style == .singleQuoted)
        // YAML 1.1's booleans when plain; a quoted one is text.
        #expect(mapping["map"]?.mapping?["strict"]?.bool == true)
        #expect(mapping["map"]?.mapping?["quoted"]?.bool == nil)
        #expect(mapping["empty"]?.isNull == true)
        #expect(try YAMLDocument.compose("") == nil)
        #expect(try YAMLDocument.compose("# only a comment\n") == nil)
    }

    @Test func aliasesNameWhatTheirAnchorsDo() throws {
        let root = try #require(try YAMLDocument.compose("a: &x [1, 2]\nb: *x\n"))
        #expect(root.mapping?["b"]?.sequence?.compactMap(\.string) == ["1", "2"])
        // Nine times nine times nine… shares one node rather than copying it.
        let laughs =
            "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
        #expect(try YAMLDocument.compose(laughs)?.mapping?["d"]?.sequence?.count == 9)
    }

    @Test(arguments: [
        ("title: \"unterminated\n", "2:1: found unexpected end of stream (while scanning a quoted scalar)"),
        ("a: 1\na: 2\n", "2:1: duplicate key `a`"),
        ("c: *nope\n", "1:4: found undefined alias"),
        ("a:\n\t- b\n", "2:1: found character that cannot start any token (while scanning for the next token)"),
        ("a: 1\n---\nb: 2\n", "2:1: a second document starts here; the text holds one"),
        ("a: b\nc: \u{1}\n", "2:4: control characters are not allowed"),
        ("key: [a, b\n", "2:1: did not find expected ',' or ']' (while parsing a flow sequence)"),
        ("a: b: c\n", "1:5: mapping values are not allowed in this context"),
    ])
    func aTextThatIsNoYAMLIsRefusedSayingWhere(text: String, said: String) {
        #expect(throws: YAMLError.self) { try YAMLDocument.compose(text) }
        do {
            _ = try YAMLDocument.compose(text)
        } catch {
            #expect(error.description == said)
        }
    }

    @Test func nestingIsBoundedSoNothingOverflowsTheStack() throws {
        let deep = "a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try YAMLDocument.compose(deep)
            Issue.record("composed 100,000 levels")
        } catch {
            #expect(error.problem == "collections nest deeper than 256 levels")
        }
        let fine = "a: " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(try YAMLDocument.compose(fine) != nil)
        // An alias is as deep as what it names: 200 levels named inside 100 more are refused.
        let named = "a: &deep " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "\n"
        let aliased =
            named + "b: " + String(repeating: "[", count: 100) + "*deep" + String(repeating: "]", count: 100) + "\n"
        do {
            _ = try YAMLDocument.compose(aliased)
            Issue.record("an alias nested 300 levels deep")
        } catch {
            #expect(error.description == "2:104: collections nest deeper than 256 levels")
        }
        #expect(try YAMLDocument.compose(named + "b: [[*deep]]\n") != nil)
    }

    /// A mapping of many keys is checked for duplicates in one pass (a quadratic check of
    /// 100,000 keys would take minutes).
    @Test func manyKeysAreCheckedInLinearTime() throws {
        let keys = (0..<100_000).map { "key\($0): \($0)" }.joined(separator: "\n")
        #expect(try YAMLDocument.compose(keys)?.mapping?.count == 100_000)
        do {
            _ = try YAMLDocument.compose(keys + "\nkey5: again\n")
            Issue.record("a duplicate among 100,000 keys")
        } catch {
            #expect(error.description == "100001:1: duplicate key `key5`")
        }
    }
}
