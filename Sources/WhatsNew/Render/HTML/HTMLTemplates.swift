import Mustache
import WhatsNewTemplates

/// The Mustache templates the HTML sheet is rendered with: the built-in ones from Templates/,
/// or a user's `--template FILE` in place of `sheet`, with any other `*.mustache` files next
/// to it as partials (so `section.mustache` there replaces the built-in row).
public struct HTMLTemplates: @unchecked Sendable {
    // MustacheLibrary is a value holding parsed templates; it is never mutated once built.
    let library: MustacheLibrary

    /// The templates compiled into the binary.
    public static let builtIn: HTMLTemplates = {
        var library = MustacheLibrary()
        for (name, text) in BuiltInTemplates.all {
            // The built-in templates are tested; one that did not parse would render as empty.
            if let template = try? MustacheTemplate(string: text) { library.register(template, named: name) }
        }
        return HTMLTemplates(library: library)
    }()

    /// The built-in templates with the user's sheet template, and its neighbours as partials.
    public static func custom(path: String, neighbours: [String] = []) throws(Diagnostic) -> HTMLTemplates {
        var library = builtIn.library
        for file in neighbours where file != path {
            let name = String(file.split(separator: "/").last?.dropLast(".mustache".count) ?? "")
            library.register(try parse(file), named: name)
        }
        library.register(try parse(path), named: "sheet")
        return HTMLTemplates(library: library)
    }

    private static func parse(_ path: String) throws(Diagnostic) -> MustacheTemplate {
        let source = try SourceFile.load(path: path)
        do {
            return try MustacheTemplate(string: String(decoding: source.bytes, as: UTF8.self))
        } catch let error as MustacheTemplate.ParserError {
            throw Diagnostic(
                .template,
                at: SourceLocation(
                    path: source.path, line: error.context.lineNumber, column: error.context.columnNumber),
                "this Mustache template does not parse: \(error.error)")
        } catch {
            throw Diagnostic(
                .template, at: SourceLocation(path: source.path, line: 1, column: 1),
                "this Mustache template does not parse: \(error)")
        }
    }

    func render(_ context: [String: Any], template: String) -> String {
        library.render(context, withTemplate: template) ?? ""
    }
}
