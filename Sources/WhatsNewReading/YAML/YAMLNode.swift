/// One node of a YAML document as libyaml composed it: a scalar, a mapping or a sequence, each
/// with where it starts. Front matter, `.whatsnew.yml`, icon maps and fragments are read
/// through these; no value is typed until the reader asks (``string``, ``bool``).
package enum YAMLNode: Sendable, Hashable {
    case scalar(YAMLScalar)
    case mapping(YAMLMapping)
    case sequence(YAMLSequence)

    /// Where the node starts (1-based; columns count Unicode scalars, as libyaml does).
    package var mark: YAMLMark? {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .mapping(let mapping): mapping.mark
        case .sequence(let sequence): sequence.mark
        }
    }

    package var scalar: YAMLScalar? {
        if case .scalar(let scalar) = self { scalar } else { nil }
    }

    package var mapping: YAMLMapping? {
        if case .mapping(let mapping) = self { mapping } else { nil }
    }

    package var sequence: YAMLSequence? {
        if case .sequence(let sequence) = self { sequence } else { nil }
    }

    /// A scalar's text, whatever it would resolve to (`true`, `1.0` and `~` are text too).
    package var string: String? { scalar?.string }

    /// Whether the node is a plain scalar YAML reads as null (`~`, `null`, or nothing at all);
    /// a quoted `'null'` or `''` is text.
    package var isNull: Bool {
        guard let scalar, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// A scalar YAML 1.1 reads as a boolean (`true`, `yes`, `on`, `false`, `no`, `off` in their
    /// three casings), when it is plain and untagged, or tagged `!!bool`; a quoted `"true"` is text.
    package var bool: Bool? {
        guard let scalar else { return nil }
        guard (scalar.style == .plain && scalar.tag == nil) || scalar.tag == YAMLScalar.boolTag else { return nil }
        switch scalar.string {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }
}

/// A scalar's text, how it was written and its explicit tag, if any.
package struct YAMLScalar: Sendable, Hashable {
    package enum Style: Sendable, Hashable { case plain, singleQuoted, doubleQuoted, literal, folded }

    static let boolTag = "tag:yaml.org,2002:bool"

    package var string: String
    package var style: Style
    /// The tag written on the node (`!!str` as `tag:yaml.org,2002:str`); nil when none was.
    package var tag: String?
    package var mark: YAMLMark?
}

/// A mapping's pairs in the order written (duplicate keys are refused when composed).
package struct YAMLMapping: Sendable, Hashable, RandomAccessCollection {
    package typealias Element = (key: YAMLNode, value: YAMLNode)

    private var keys_: [YAMLNode]
    private var values: [YAMLNode]
    package var mark: YAMLMark?

    init(pairs: [(YAMLNode, YAMLNode)], mark: YAMLMark?) {
        keys_ = pairs.map(\.0)
        values = pairs.map(\.1)
        self.mark = mark
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { keys_.count }
    package subscript(position: Int) -> Element { (keys_[position], values[position]) }

    /// The keys, in the order written.
    package var keys: [YAMLNode] { keys_ }

    /// The value of the scalar key `key`.
    package subscript(key: String) -> YAMLNode? {
        keys_.firstIndex { $0.string == key }.map { values[$0] }
    }

    package static func == (left: Self, right: Self) -> Bool {
        left.keys_ == right.keys_ && left.values == right.values
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(keys_)
        hasher.combine(values)
    }
}

/// A sequence's items in order.
package struct YAMLSequence: Sendable, Hashable, RandomAccessCollection {
    private var items: [YAMLNode]
    package var mark: YAMLMark?

    init(_ items: [YAMLNode], mark: YAMLMark?) {
        self.items = items
        self.mark = mark
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { items.count }
    package subscript(position: Int) -> YAMLNode { items[position] }

    package static func == (left: Self, right: Self) -> Bool { left.items == right.items }
    package func hash(into hasher: inout Hasher) { hasher.combine(items) }
}

/// A place in the YAML text: 1-based line and column (Unicode scalars, as libyaml counts).
package struct YAMLMark: Sendable, Hashable {
    package var line: Int
    package var column: Int
}
