import WhatsNewModel

/// Named Mustache templates that use one another as partials, rendered with a typed context.
struct MustacheLibrary: Sendable {
    private var sources: [String: String] = [:]
    private var templates: [String: MustacheTemplate] = [:]

    /// How deep sections and partials may nest when a partial is included. A partial may
    /// include itself, as the spec allows, when the data ends the recursion (a list of lists);
    /// one that never ends stops here with an error instead of running out of stack.
    static let maximumDepth = 200

    init() {}

    /// Parses `text` and files it under `name`, replacing any template of that name.
    mutating func register(_ text: String, named name: String) throws(MustacheSyntaxError) {
        var parser = MustacheParser(text)
        templates[name] = try parser.parse()
        sources[name] = text
    }

    func template(named name: String) -> MustacheTemplate? { templates[name] }

    /// The template `name` rendered with `context`; an unknown name renders as nothing.
    func render(_ name: String, context: TemplateValue) throws(MustacheRenderError) -> String {
        var output: [UInt8] = []
        try render(name, context: context) { output += $0 }
        return String(decoding: output, as: UTF8.self)
    }

    /// The template `name` rendered with `context`, handed to `write` a piece at a time as
    /// UTF-8 bytes, each piece whole characters.
    func render(_ name: String, context: TemplateValue, write: ([UInt8]) -> Void) throws(MustacheRenderError) {
        guard let template = templates[name] else { return }
        try withoutActuallyEscaping(write) { (write) throws(MustacheRenderError) in
            var rendering = Rendering(library: self, stack: [context], templateNames: [name], sink: write)
            try rendering.render(template.nodes)
            rendering.flush()
        }
    }

    /// A partial with the spec's indentation before each of its lines.
    fileprivate func indented(_ name: String, by indentation: String) -> MustacheTemplate? {
        guard let source = sources[name] else { return nil }
        var parser = MustacheParser(MustacheParser.indenting(source, by: indentation))
        return try? parser.parse()
    }
}

/// A render that went too deep: the tag that crossed the limit, and the template holding it.
struct MustacheRenderError: Error, Sendable {
    var template: String
    var tag: String
    var position: TextPosition
}

/// One render: the output not yet handed on, the stack of contexts names are looked up in, and
/// the templates being rendered, innermost last.
private struct Rendering {
    let library: MustacheLibrary
    /// Whole characters only: every append is a whole string, so a flush never splits one.
    var output: [UInt8] = []
    /// Where gathered output is handed on.
    let sink: ([UInt8]) -> Void
    var stack: [TemplateValue]
    var templateNames: [String]
    var depth = 0
    /// Partials parsed with the indentation of the tag that includes them, by name and indentation.
    var indentedPartials: [String: MustacheTemplate?] = [:]

    init(library: MustacheLibrary, stack: [TemplateValue], templateNames: [String], sink: @escaping ([UInt8]) -> Void) {
        self.library = library
        self.stack = stack
        self.templateNames = templateNames
        self.sink = sink
    }

    mutating func flush() {
        guard !output.isEmpty else { return }
        sink(output)
        output.removeAll(keepingCapacity: true)
    }

    mutating func render(_ nodes: [MustacheTemplate.Node]) throws(MustacheRenderError) {
        if output.count >= StreamedOutput.chunkSize { flush() }
        for node in nodes {
            switch node {
            case .text(let text):
                MarkupText.appendUTF8(text, to: &output)
            case .value(let path, let escaped):
                switch lookUp(path) {
                case .text(let text):
                    escaped
                        ? MarkupText.appendEscapedForTemplate(text, to: &output)
                        : MarkupText.appendUTF8(text, to: &output)
                case .number(let number): MarkupText.appendUTF8(String(number), to: &output)
                case .bool(let value): MarkupText.appendUTF8(value ? "true" : "false", to: &output)
                case .list, .generated, .object, nil: break
                }
            case .section(let path, let inverted, let body):
                let value = lookUp(path)
                guard !inverted else {
                    if !(value?.isShown ?? false) { try nested(body) }
                    continue
                }
                guard let value, value.isShown else { continue }
                switch value {
                case .list(let items):
                    for item in items {
                        stack.append(item)
                        try nested(body)
                        stack.removeLast()
                    }
                case .generated(let count, let element):
                    for index in 0..<count {
                        stack.append(element(index))
                        try nested(body)
                        stack.removeLast()
                    }
                case .bool:
                    try nested(body)
                case .text, .number, .object:
                    stack.append(value)
                    try nested(body)
                    stack.removeLast()
                }
            case .partial(let name, let indentation, let position):
                guard let partial = partial(name, indentation: indentation) else { continue }
                try descend(tag: "{{> \(name)}}", at: position)
                templateNames.append(name)
                try render(partial.nodes)
                templateNames.removeLast()
                depth -= 1
            }
        }
    }

    /// A section's body, one level deeper. Sections alone cannot go too deep: a template
    /// nests at most `MustacheParser.maximumDepth` of them, so only partials are checked.
    private mutating func nested(_ nodes: [MustacheTemplate.Node]) throws(MustacheRenderError) {
        depth += 1
        try render(nodes)
        depth -= 1
    }

    /// One level deeper into a partial, or the error naming the partial's tag and the template
    /// holding it.
    private mutating func descend(tag: String, at position: TextPosition) throws(MustacheRenderError) {
        guard depth < MustacheLibrary.maximumDepth else {
            throw MustacheRenderError(template: templateNames.last ?? "", tag: tag, position: position)
        }
        depth += 1
    }

    /// The spec's look-up: the first part of a dotted name in the innermost context that has
    /// it, the rest inside that value only.
    private func lookUp(_ path: MustacheTemplate.Path) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        for index in stack.indices.reversed() {
            guard var value = stack[index].member(first) else { continue }
            for key in path.dropFirst() {
                guard let inner = value.member(key) else { return nil }
                value = inner
            }
            return value
        }
        return nil
    }

    private mutating func partial(_ name: String, indentation: String) -> MustacheTemplate? {
        guard !indentation.isEmpty else { return library.template(named: name) }
        let key = indentation + "\u{0}" + name
        if let known = indentedPartials[key] { return known }
        let template = library.indented(name, by: indentation)
        indentedPartials[key] = template
        return template
    }
}
