import CYAML

/// A YAML text composed into nodes by libyaml's parser: one document (or none, for an empty
/// text), aliases replaced by what their anchors name, duplicate keys refused. libyaml's
/// pointers stay in this file.
package enum YAMLDocument {
    /// How deeply collections may nest: deeper is refused rather than risking the stack when
    /// the nodes are later walked or freed.
    package static let maximumDepth = 256

    /// The document's root node; nil when the text holds no document (empty, or comments only).
    package static func compose(_ text: String) throws(YAMLError) -> YAMLNode? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [0x0A] }  // libyaml reads an empty string as no stream
        var composer = Composer()
        let result: Result<YAMLNode?, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                return .failure(YAMLError(kind: .memory, problem: "libyaml could not start"))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    var error = YAMLError(parser)
                    // A reader's error is placed by byte; say the line and column.
                    if error.kind == .reader { error.mark = YAMLMark(offset: parser.problem_offset, in: buffer) }
                    return .failure(error)
                }
                defer { yaml_event_delete(&event) }
                do throws(YAMLError) {
                    if try composer.take(event) { return .success(composer.root) }
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }
}

/// Builds nodes from libyaml's events without recursion: open collections wait on a stack.
private struct Composer {
    /// A collection being read: what it holds so far, the scalar keys it has (a set, so a
    /// mapping of a million keys is checked in linear time) and the height of its tallest item.
    private struct Open {
        var isMapping: Bool
        var items: [YAMLNode] = []
        var pairs: [(YAMLNode, YAMLNode)] = []
        var key: YAMLNode?
        var keys: Set<String> = []
        var height = 0
        var mark: YAMLMark
        var anchor: String?
    }

    private(set) var root: YAMLNode?
    private var open: [Open] = []
    /// Each anchor's node and its height (0 for a scalar): an alias is as deep as what it names.
    private var anchors: [String: (node: YAMLNode, height: Int)] = [:]
    private var documents = 0

    /// Takes one event; true once the stream has ended.
    mutating func take(_ event: yaml_event_t) throws(YAMLError) -> Bool {
        let mark = YAMLMark(event.start_mark)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw YAMLError(
                    kind: .composer, problem: "a second document starts here; the text holds one", mark: mark)
            }
        case YAML_ALIAS_EVENT:
            let name = Self.text(event.data.alias.anchor) ?? ""
            guard let (node, height) = anchors[name] else {
                throw YAMLError(kind: .composer, problem: "found undefined alias", mark: mark)
            }
            // Aliases nest what they name: the depth they reach is bounded as written depth is.
            guard open.count + height <= YAMLDocument.maximumDepth else { throw Self.tooDeep(at: mark) }
            try add(node, height: height)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value =
                scalar.value.map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
                } ?? ""
            let node = YAMLNode.scalar(
                YAMLScalar(string: value, style: Self.style(scalar.style), tag: Self.text(scalar.tag), mark: mark))
            if let anchor = Self.text(scalar.anchor) { anchors[anchor] = (node, 0) }
            try add(node, height: 0)
        case YAML_SEQUENCE_START_EVENT:
            guard open.count < YAMLDocument.maximumDepth else { throw Self.tooDeep(at: mark) }
            open.append(Open(isMapping: false, mark: mark, anchor: Self.text(event.data.sequence_start.anchor)))
        case YAML_MAPPING_START_EVENT:
            guard open.count < YAMLDocument.maximumDepth else { throw Self.tooDeep(at: mark) }
            open.append(Open(isMapping: true, mark: mark, anchor: Self.text(event.data.mapping_start.anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let done = open.removeLast()
            let node: YAMLNode =
                done.isMapping
                ? .mapping(YAMLMapping(pairs: done.pairs, mark: done.mark))
                : .sequence(YAMLSequence(done.items, mark: done.mark))
            if let anchor = done.anchor { anchors[anchor] = (node, done.height + 1) }
            try add(node, height: done.height + 1)
        default:
            break
        }
        return false
    }

    private static func tooDeep(at mark: YAMLMark) -> YAMLError {
        YAMLError(
            kind: .composer, problem: "collections nest deeper than \(YAMLDocument.maximumDepth) levels", mark: mark)
    }

    /// A finished node of `height`, as the root, an item or a mapping's key or value.
    private mutating func add(_ node: YAMLNode, height: Int) throws(YAMLError) {
        guard !open.isEmpty else {
            root = node
            return
        }
        let last = open.count - 1
        open[last].height = max(open[last].height, height)
        guard open[last].isMapping else {
            open[last].items.append(node)
            return
        }
        guard let key = open[last].key else {
            open[last].key = node
            return
        }
        if let name = key.string, !open[last].keys.insert(name).inserted {
            var error = YAMLError(kind: .duplicateKeys, problem: "duplicate key `\(name)`", mark: key.mark)
            error.duplicates = [name]
            throw error
        }
        open[last].pairs.append((key, node))
        open[last].key = nil
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}

extension YAMLMark {
    /// libyaml's 0-based mark, 1-based.
    fileprivate init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// The line and column (in scalars, as libyaml counts) of the byte at `offset`.
    fileprivate init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(offset, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[0..<end] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column)
    }
}

extension YAMLError {
    /// The error libyaml's parser stopped on, in its words.
    fileprivate init(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML could not be read"
        let context = parser.context.map { (String(cString: $0), YAMLMark(parser.context_mark)) }
        switch parser.error {
        case YAML_READER_ERROR: self.init(kind: .reader, problem: problem)
        case YAML_SCANNER_ERROR:
            self.init(kind: .scanner, problem: problem, mark: YAMLMark(parser.problem_mark), context: context)
        case YAML_PARSER_ERROR:
            self.init(kind: .parser, problem: problem, mark: YAMLMark(parser.problem_mark), context: context)
        case YAML_COMPOSER_ERROR:
            self.init(kind: .composer, problem: problem, mark: YAMLMark(parser.problem_mark), context: context)
        default: self.init(kind: .memory, problem: problem)
        }
    }

    init(kind: Kind, problem: String, mark: YAMLMark? = nil, context: (text: String, mark: YAMLMark)? = nil) {
        self.kind = kind
        self.problem = problem
        self.mark = mark
        self.context = context
    }
}
