import Testing

@testable import WhatsNewModel
@testable import WhatsNewRendering

/// The Mustache engine the HTML templates run on, case by case against the spec's rules.
struct MustacheTests {
    private func render(
        _ template: String, _ context: TemplateValue, partials: [String: String] = [:]
    ) throws -> String {
        var library = MustacheLibrary()
        for (name, text) in partials { try library.register(text, named: name) }
        try library.register(template, named: "main")
        return try library.render("main", context: context)
    }

    private func syntaxError(_ template: String) -> MustacheSyntaxError? {
        var parser = MustacheParser(template)
        do {
            _ = try parser.parse()
            return nil
        } catch {
            return error
        }
    }

    private let person: TemplateValue = .object([
        ("name", .text("Ada <& \"Lovelace\" 'A'>")), ("age", .number(36)), ("admin", .bool(true)),
        ("address", .object([("city", .text("London"))])), ("tags", .list([.text("a"), .text("b")])),
        ("none", .list([])), ("off", .bool(false)),
    ])

    @Test func interpolationEscapesUnlessTripleOrAmpersand() throws {
        #expect(try render("{{name}}", person) == "Ada &lt;&amp; &quot;Lovelace&quot; &#39;A&#39;&gt;")
        #expect(try render("{{{name}}}|{{& name}}", person) == "Ada <& \"Lovelace\" 'A'>|Ada <& \"Lovelace\" 'A'>")
        #expect(try render("{{age}} {{admin}} {{ missing }}.", person) == "36 true .")
    }

    @Test func listsRenderEachItemWithTheNamesAroundIt() throws {
        // Nested lists, an outer name and an indented partial inside each item.
        let items = (0..<7).map { index in
            TemplateValue.object([
                ("n", .number(index)), ("inner", .list((0..<(index % 3)).map { .text("<\($0)>") })),
            ])
        }
        let context = TemplateValue.object([("title", .text("T")), ("items", .list(items))])
        let rendered = try render(
            "{{#items}}\n  {{> row}}\n{{/items}}", context,
            partials: ["row": "{{title}}{{n}}:{{#inner}}{{.}},{{/inner}}\n"])
        let expected = (0..<items.count).map { index in
            "  T\(index):" + (0..<(index % 3)).map { "&lt;\($0)&gt;," }.joined() + "\n"
        }.joined()
        #expect(rendered == expected)
    }

    /// The spec allows a partial to include itself; the data ends the recursion.
    @Test func partialsMayRecurseWhileTheDataGoesDeeper() throws {
        // The leaf's own empty list ends the recursion: without it, `children` is found further out.
        let leaf = TemplateValue.object([("name", .text("leaf")), ("children", .list([]))])
        let middle = TemplateValue.object([("name", .text("middle")), ("children", .list([leaf, leaf]))])
        let tree = TemplateValue.object([("name", .text("root")), ("children", .list([middle]))])
        let rendered = try render(
            "{{#items}}\n  {{> node}}\n{{/items}}", .object([("items", .list([tree, tree]))]),
            partials: ["node": "{{name}}\n{{#children}}\n  {{> node}}\n{{/children}}\n"])
        let one = "  root\n    middle\n      leaf\n      leaf\n"
        #expect(rendered == one + one)
    }

    /// A partial whose data never ends the recursion stops at the depth limit with an error
    /// that names the tag, its template and where it stands, instead of exhausting the stack.
    @Test func recursionTheDataNeverEndsIsAnError() throws {
        var library = MustacheLibrary()
        try library.register("a {{#x}}{{> b}}{{/x}}", named: "a")
        try library.register("b {{> c}}", named: "b")
        try library.register("\n  {{> a}}", named: "c")
        let context = TemplateValue.object([("x", .bool(true))])
        #expect(throws: MustacheRenderError.self) { try library.render("a", context: context) }
        var alone = MustacheLibrary()
        try alone.register("x\n{{#a}}{{> self}}{{/a}}", named: "self")
        do {
            _ = try alone.render("self", context: .object([("a", .bool(true))]))
            Issue.record("a partial that always includes itself rendered")
        } catch {
            #expect(error.template == "self" && error.tag == "{{> self}}")
            #expect(error.position == TextPosition(line: 2, column: 7))
        }
        // A partial that names itself where the data is false renders at once.
        #expect(try alone.render("self", context: .object([("a", .bool(false))])) == "x\n")
    }

    @Test func dottedNamesLookInsideTheFirstMatchOnly() throws {
        #expect(try render("{{address.city}}", person) == "London")
        // `address` is found, so a missing `address.name` is empty, not the outer `name`.
        #expect(
            try render("{{#address}}{{name}}{{/address}}", .object([("name", .text("x")), ("address", .object([]))]))
                == "x")
        #expect(try render("{{address.name}}", person) == "")
    }

    @Test func sectionsIterateListsPushObjectsAndTestBooleans() throws {
        #expect(try render("{{#tags}}[{{.}}]{{/tags}}", person) == "[a][b]")
        #expect(try render("{{#address}}{{city}} {{age}}{{/address}}", person) == "London 36")
        #expect(
            try render(
                "{{#admin}}yes{{/admin}}{{#off}}no{{/off}}{{#none}}no{{/none}}{{#missing}}no{{/missing}}", person)
                == "yes")
        #expect(try render("{{#name}}<{{.}}>{{/name}}", .object([("name", .text("x"))])) == "<x>")
        #expect(
            try render(
                "{{^off}}a{{/off}}{{^none}}b{{/none}}{{^missing}}c{{/missing}}{{^admin}}d{{/admin}}{{^tags}}e{{/tags}}",
                person) == "abc")
    }

    @Test func standaloneTagsTakeTheirLine() throws {
        let template = "<ul>\n  {{#tags}}\n  <li>{{.}}</li>\n  {{/tags}}\n  {{! a comment }}\n</ul>\n"
        #expect(try render(template, person) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        #expect(try render("a\r\n{{#admin}}\r\nb\r\n{{/admin}}\r\n", person) == "a\r\nb\r\n")
        #expect(try render("  {{#admin}}x{{/admin}}\n", person) == "  x\n")
        #expect(try render("{{#admin}}\n#{{/admin}}", person) == "#")
    }

    @Test func partialsAreIndentedLineByLine() throws {
        let partials = ["row": "<li>\n{{{name}}}\n</li>\n"]
        // The partial's own lines take the indentation; an interpolated value does not.
        let out = try render("<ul>\n  {{> row}}\n</ul>\n", .object([("name", .text("a\nb"))]), partials: partials)
        #expect(out == "<ul>\n  <li>\n  a\nb\n  </li>\n</ul>\n")
        #expect(try render("[{{> row}}]", .object([("name", .text("x"))]), partials: partials) == "[<li>\nx\n</li>\n]")
        #expect(try render("[{{> nowhere}}]", person) == "[]")
    }

    @Test func delimitersCanBeChanged() throws {
        #expect(
            try render(
                "{{=<% %>=}}<% name %> {{name}} <%={{ }}=%>{{age}}",
                .object([("name", .text("x")), ("age", .number(1))])) == "x {{name}} 1")
    }

    @Test func syntaxErrorsSayWhereTheyAre() {
        let unclosed = syntaxError("a\n{{#releases}}\nb")
        #expect(unclosed?.position == TextPosition(line: 2, column: 1))
        #expect(unclosed?.message.contains("never closed") == true)
        let mismatched = syntaxError("{{#releases}}\n  {{/sections}}\n")
        #expect(mismatched?.position == TextPosition(line: 2, column: 3))
        #expect(syntaxError("{{/x}}")?.message.contains("never opened") == true)
        #expect(syntaxError("ab {{name")?.position == TextPosition(line: 1, column: 4))
        #expect(syntaxError("{{}}")?.message.contains("names nothing") == true)
        #expect(syntaxError("{{<parent}}{{/parent}}")?.message.contains("inheritance") == true)
        #expect(syntaxError("{{=<%>=}}")?.message.contains("delimiter") == true)
        let deep = String(repeating: "{{#a}}", count: 101) + String(repeating: "{{/a}}", count: 101)
        #expect(syntaxError(deep)?.message.contains("nest more than 100") == true)
        #expect(syntaxError(String(repeating: "{{#a}}", count: 100) + String(repeating: "{{/a}}", count: 100)) == nil)
    }
}
