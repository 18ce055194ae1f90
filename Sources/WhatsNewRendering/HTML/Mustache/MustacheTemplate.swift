import WhatsNewModel

/// A parsed Mustache template: text, interpolations, sections and partials as a tree.
struct MustacheTemplate: Sendable {
    /// A dotted name split once: `sheet.title` → `["sheet", "title"]`; `.` → `[]`.
    typealias Path = [TemplateKey]

    enum Node: Sendable {
        case text(String)
        case value(Path, escaped: Bool)
        case section(Path, inverted: Bool, [Node])
        /// `indentation`: the spaces before a partial tag standing alone on its line, which the
        /// spec puts before every line of the partial.
        case partial(String, indentation: String, at: TextPosition)
    }

    var nodes: [Node]
}

/// A template that does not parse, and where.
struct MustacheSyntaxError: Error, Sendable {
    var message: String
    var position: TextPosition
}
