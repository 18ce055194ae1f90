import WhatsNewTemplates

/// The Mustache templates the HTML sheet is rendered with: the built-in ones from Templates/,
/// or a user's `--template FILE` in place of `sheet`, with any other `*.mustache` files next
/// to it as partials (so `section.mustache` there replaces the built-in row).
public struct HTMLTemplates: Sendable {
    let library: MustacheLibrary
    /// Every name some template reads, so the context can leave out the rest.
    let names: Set<String>

    init(library: MustacheLibrary) {
        self.library = library
        names = library.names
    }

    /// The templates compiled into the binary.
    public static let builtIn: HTMLTemplates = {
        var library = MustacheLibrary()
        for (name, text) in BuiltInTemplates.all {
            // The built-in templates are tested; one that did not parse would render as empty.
            try? library.register(text, named: name)
        }
        return HTMLTemplates(library: library)
    }()

    /// The built-in templates with the user's sheet template, and its neighbours as partials.
    public static func custom(path: String, neighbours: [String] = []) throws(Diagnostic) -> HTMLTemplates {
        var library = builtIn.library
        var files: [String: String] = [:]
        for file in neighbours where file != path {
            let name = String(file.split(separator: "/").last?.dropLast(".mustache".count) ?? "")
            try register(file, as: name, in: &library)
            files[name] = file
        }
        try register(path, as: "sheet", in: &library)
        files["sheet"] = path
        if let cycle = library.partialCycle() {
            // A loop closed inside a built-in template is reported at the top of the user's file.
            let (file, position) =
                files[cycle.template].map { ($0, cycle.position) } ?? (path, TextPosition(line: 1, column: 1))
            throw Diagnostic(
                .template, at: SourceLocation(path: file, line: position.line, column: position.column),
                "`{{> \(cycle.partial)}}` leads back to this template, so the sheet would never finish")
        }
        return HTMLTemplates(library: library)
    }

    private static func register(_ path: String, as name: String, in library: inout MustacheLibrary) throws(Diagnostic)
    {
        let source = try SourceFile.load(path: path)
        do {
            try library.register(String(decoding: source.bytes, as: UTF8.self), named: name)
        } catch {
            throw Diagnostic(
                .template,
                at: SourceLocation(path: source.path, line: error.position.line, column: error.position.column),
                "this Mustache template does not parse: \(error.message)")
        }
    }

    /// Whether any template reads `name`.
    func reads(_ name: String) -> Bool { names.contains(name) }

    func render(_ context: TemplateValue, template: String, into output: inout ByteWriter) {
        library.render(template, context: context, into: &output)
    }
}
