/// A parsed Mustache template: text, interpolations, sections and partials as a tree.
struct MustacheTemplate: Sendable {
    /// A dotted name split once: `sheet.title` → `["sheet", "title"]`; `.` → `[]`.
    typealias Path = [String]

    enum Node: Sendable {
        case text(String)
        case value(Path, escaped: Bool)
        case section(Path, inverted: Bool, [Node])
        /// `indentation`: the spaces before a partial tag standing alone on its line, which the
        /// spec puts before every line of the partial.
        case partial(String, indentation: String, at: TextPosition)
    }

    var nodes: [Node]
    /// Every name and name part the template mentions, so a context can skip what no template
    /// reads.
    var names: Set<String>

    /// The partials this template names, wherever they stand.
    var partials: [(name: String, position: TextPosition)] {
        var found: [(String, TextPosition)] = []
        var pending = nodes[...]
        var stack: [ArraySlice<Node>] = []
        while true {
            guard let node = pending.popFirst() else {
                guard let outer = stack.popLast() else { return found }
                pending = outer
                continue
            }
            switch node {
            case .partial(let name, _, let position): found.append((name, position))
            case .section(_, _, let body):
                stack.append(pending)
                pending = body[...]
            case .text, .value: break
            }
        }
    }
}

/// A template that does not parse, and where.
struct MustacheSyntaxError: Error, Sendable {
    var message: String
    var position: TextPosition
}
