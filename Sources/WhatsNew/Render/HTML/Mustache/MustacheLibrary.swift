/// Named Mustache templates that use one another as partials, rendered with a typed context
/// straight into bytes.
struct MustacheLibrary: Sendable {
    private var sources: [String: String] = [:]
    private var templates: [String: MustacheTemplate] = [:]

    /// Lists at least this long (the releases of a large changelog) render on every core.
    static let parallelListLength = ParallelWork.streamedPartLength

    init() {}

    /// Parses `text` and files it under `name`, replacing any template of that name.
    mutating func register(_ text: String, named name: String) throws(MustacheSyntaxError) {
        var parser = MustacheParser(text)
        templates[name] = try parser.parse()
        sources[name] = text
    }

    func template(named name: String) -> MustacheTemplate? { templates[name] }

    /// Every name any template mentions.
    var names: Set<String> { templates.values.reduce(into: []) { $0.formUnion($1.names) } }

    /// A partial that leads back to the template it stands in — which would never finish
    /// rendering — as the template holding the tag that closes the loop, and where that tag is.
    func partialCycle() -> (template: String, partial: String, position: TextPosition)? {
        var finished: Set<String> = []
        for start in templates.keys.sorted() where !finished.contains(start) {
            // Depth-first, iteratively: each entry is a template and the partials still to visit.
            var path: [(name: String, pending: ArraySlice<(name: String, position: TextPosition)>)] = [
                (start, (templates[start]?.partials ?? [])[...])
            ]
            var onPath: Set<String> = [start]
            while let top = path.last {
                guard let next = top.pending.first else {
                    finished.insert(top.name)
                    onPath.remove(top.name)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].pending = top.pending.dropFirst()
                guard let template = templates[next.name], !finished.contains(next.name) else { continue }
                if onPath.contains(next.name) { return (top.name, next.name, next.position) }
                onPath.insert(next.name)
                path.append((next.name, template.partials[...]))
            }
        }
        return nil
    }

    /// The template `name` rendered with `context`; an unknown name renders as nothing.
    func render(_ name: String, context: TemplateValue, expectedSize: Int = 0) -> String {
        String(decoding: renderUTF8(name, context: context, expectedSize: expectedSize), as: UTF8.self)
    }

    /// The same as UTF-8 bytes.
    func renderUTF8(_ name: String, context: TemplateValue, expectedSize: Int = 0) -> [UInt8] {
        var output = ByteWriter(capacity: expectedSize)
        render(name, context: context, into: &output)
        return output.bytes
    }

    /// The template `name` rendered with `context` after what `output` holds.
    func render(_ name: String, context: TemplateValue, into output: inout ByteWriter) {
        guard let template = templates[name] else { return }
        var rendering = Rendering(library: self, output: consume output, stack: [context])
        rendering.render(template.nodes)
        output = rendering.output
    }

    /// A partial with the spec's indentation before each of its lines, parsed once per
    /// indentation.
    fileprivate func indented(_ name: String, by indentation: String) -> MustacheTemplate? {
        guard let source = sources[name] else { return nil }
        var parser = MustacheParser(MustacheParser.indenting(source, by: indentation))
        return try? parser.parse()
    }
}

/// One render: the output so far, the stack of contexts names are looked up in, and the
/// indented partials met so far.
private struct Rendering {
    let library: MustacheLibrary
    var output: ByteWriter
    var stack: [TemplateValue]
    /// A sheet indents two or three partials, so a search of a few short names beats making
    /// a key and hashing it for every release and row.
    var indentedPartials: [IndentedPartial] = []
    /// Set in the renderings a long list is shared out to, so they do not share out again.
    var isPart = false

    mutating func render(_ nodes: [MustacheTemplate.Node]) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.write(text)
            case .value(let path, let escaped):
                switch lookUp(path) {
                case .text(let text): escaped ? output.writeEscapingHTML(text[...]) : output.write(text)
                case .pieces(let pieces):
                    for text in pieces { escaped ? output.writeEscapingHTML(text) : output.write(text) }
                case .number(let number): output.write(number)
                case .bool(let value): output.write(value ? "true" : "false")
                case .list, .generated, .object, nil: break
                }
            case .section(let path, let inverted, let body):
                let value = lookUp(path)
                guard !inverted else {
                    if !(value?.isShown ?? false) { render(body) }
                    continue
                }
                guard let value, value.isShown else { continue }
                switch value {
                case .list(let items):
                    render(body, forEachOf: items.count) { items[$0] }
                case .generated(let count, let item):
                    render(body, forEachOf: count, item)
                case .bool:
                    render(body)
                case .text, .pieces, .number, .object:
                    stack.append(value)
                    render(body)
                    stack.removeLast()
                }
            case .partial(let name, let indentation, _):
                guard let partial = partial(name, indentation: indentation) else { continue }
                render(partial.nodes)
            }
        }
    }

    /// A section's body once for each of a list's `count` items, the item innermost on the
    /// stack; a long list in parts on every core.
    private mutating func render(
        _ body: [MustacheTemplate.Node], forEachOf count: Int, _ item: @Sendable (Int) -> TemplateValue
    ) {
        let parts = isPart ? [0..<count] : ParallelWork.streamingRanges(of: count)
        if parts.count > 1 {
            renderInParts(parts, body, item)
        } else {
            render(body, for: 0..<count, item)
        }
    }

    private mutating func render(
        _ body: [MustacheTemplate.Node], for indices: Range<Int>, _ item: @Sendable (Int) -> TemplateValue
    ) {
        for index in indices {
            stack.append(item(index))
            render(body)
            stack.removeLast()
        }
    }

    /// Each part of a long list rendered into its own buffer on a core, the buffers added to
    /// the output in order as they are done: each item's output depends only on the item and
    /// the stack around it.
    private mutating func renderInParts(
        _ parts: [Range<Int>], _ body: [MustacheTemplate.Node], _ item: @Sendable (Int) -> TemplateValue
    ) {
        findPartials(in: body)
        let (library, stack, partials) = (library, stack, indentedPartials)
        ParallelWork.forEach(parts: parts.count, into: &output) { part in
            var rendering = Rendering(
                library: library, output: ByteWriter(), stack: stack, indentedPartials: partials, isPart: true)
            rendering.render(body, for: parts[part], item)
            return rendering.output
        } inOrder: { output, part in
            output.write(part)
        }
    }

    /// The spec's look-up: the first part of a dotted name in the innermost context that has
    /// it, the rest inside that value only.
    private func lookUp(_ path: MustacheTemplate.Path) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        for frame in stack.reversed() {
            guard var value = frame.member(first) else { continue }
            for key in path.dropFirst() {
                guard let inner = value.member(key) else { return nil }
                value = inner
            }
            return value
        }
        return nil
    }

    /// Parses every indented partial `nodes` can reach, once, before a list is shared out:
    /// each part starts from a copy of what is known, and would otherwise parse them again.
    private mutating func findPartials(in nodes: [MustacheTemplate.Node], depth: Int = 0) {
        for node in nodes {
            switch node {
            case .section(_, _, let body):
                findPartials(in: body, depth: depth)
            case .partial(let name, let indentation, _):
                // An indented partial is looked into when first parsed, and only a few partials
                // deep: one that includes itself (the sheet's templates refuse those; the library
                // alone does not) is met at a new indentation every time. Deeper ones a part
                // parses for itself, as before.
                let known = indentedPartials.count
                guard depth < 4, let template = partial(name, indentation: indentation),
                    indentation.isEmpty || indentedPartials.count > known
                else { continue }
                findPartials(in: template.nodes, depth: depth + 1)
            case .text, .value:
                break
            }
        }
    }

    private mutating func partial(_ name: String, indentation: String) -> MustacheTemplate? {
        guard !indentation.isEmpty else { return library.template(named: name) }
        for known in indentedPartials where known.name == name && known.indentation == indentation {
            return known.template
        }
        let template = library.indented(name, by: indentation)
        indentedPartials.append(IndentedPartial(name: name, indentation: indentation, template: template))
        return template
    }
}

/// A partial parsed with the indentation of the tag that includes it.
private struct IndentedPartial {
    let name: String
    let indentation: String
    /// Nil when there is no partial of that name.
    let template: MustacheTemplate?
}
