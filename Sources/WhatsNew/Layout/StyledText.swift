/// How a run of text looks on a terminal; the plain renderer ignores all of it.
public struct TextStyle: Sendable, Hashable {
    public var bold = false
    public var italic = false
    public var dim = false
    public var underline = false
    /// A code span or block.
    public var code = false
    public var color: SheetColor?
    /// An OSC 8 hyperlink target.
    public var link: String?

    public init() {}

    public static let plain = TextStyle()

    static var bold: TextStyle {
        var style = TextStyle()
        style.bold = true
        return style
    }

    static var dim: TextStyle {
        var style = TextStyle()
        style.dim = true
        return style
    }
}

/// A run of text in one style.
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One output line: what stands in the icon column, then the text, all measured in cells.
public struct StyledLine: Sendable, Hashable {
    /// The icon drawn at the start of the line, if this line opens a row.
    public var icon: Span?
    /// Cells before the text: the icon column and gap, plus any indent of its own.
    public var indent: Int
    public var spans: [Span]

    public init(icon: Span? = nil, indent: Int = 0, spans: [Span] = []) {
        self.icon = icon
        self.indent = indent
        self.spans = spans
    }

    static let blank = StyledLine()
}
