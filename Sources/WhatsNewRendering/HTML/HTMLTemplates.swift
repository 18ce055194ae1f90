import WhatsNewModel
import WhatsNewTemplates

/// The Mustache templates the HTML sheet is rendered with: the built-in ones from Templates/,
/// or a user's `--template FILE` in place of `sheet`, with any other `*.mustache` files next
/// to it as partials (so `section.mustache` there replaces the built-in row).
public struct HTMLTemplates: Sendable {
    /// nil for the built-in templates, which are parsed at their first use: a text or JSON
    /// sheet never needs them.
    private let ownLibrary: MustacheLibrary?
    /// The file each user template came from, by template name, for diagnostics.
    private let files: [String: String]

    init(library: MustacheLibrary?, files: [String: String] = [:]) {
        self.ownLibrary = library
        self.files = files
    }

    /// The templates this renders with.
    var library: MustacheLibrary { ownLibrary ?? Self.builtInLibrary }

    /// The templates compiled into the binary.
    public static let builtIn = HTMLTemplates(library: nil)

    private static let builtInLibrary: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, text) in BuiltInTemplates.all {
            // The built-in templates are tested; one that did not parse would render as empty.
            try? library.register(text, named: name)
        }
        return library
    }()

    /// The built-in templates with the user's sheet template, and the `*.mustache` files beside it
    /// (the sheet's own file not among them) as partials, each named by its file (`section.mustache`
    /// replaces the built-in row). The project layer reads the files; this only parses them.
    public static func custom(sheet: SourceFile, partials: [SourceFile] = []) throws(Diagnostic) -> HTMLTemplates {
        var library = builtIn.library
        var files: [String: String] = [:]
        for partial in partials {
            let name = String(partial.path.split(separator: "/").last?.dropLast(".mustache".count) ?? "")
            try register(partial, as: name, in: &library)
            files[name] = partial.path
        }
        try register(sheet, as: "sheet", in: &library)
        files["sheet"] = sheet.path
        return HTMLTemplates(library: library, files: files)
    }

    private static func register(_ source: SourceFile, as name: String, in library: inout MustacheLibrary)
        throws(Diagnostic)
    {
        do {
            try library.register(String(decoding: source.bytes, as: UTF8.self), named: name)
        } catch {
            throw Diagnostic(
                .template,
                at: SourceLocation(path: source.path, line: error.position.line, column: error.position.column),
                "this Mustache template does not parse: \(error.message)")
        }
    }

    func render(_ context: TemplateValue, template: String, write: ([UInt8]) -> Void) throws(Diagnostic) {
        do {
            try library.render(template, context: context, write: write)
        } catch {
            let file = files[error.template] ?? "Templates/\(error.template).mustache"
            throw Diagnostic(
                .template, at: SourceLocation(path: file, line: error.position.line, column: error.position.column),
                "`\(error.tag)` nests more than \(MustacheLibrary.maximumDepth) deep: the templates keep including "
                    + "one another and the data never ends it")
        }
    }
}
