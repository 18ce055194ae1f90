/// How a run of text looks on a terminal; the plain renderer ignores all of it.
struct TextStyle: Sendable, Hashable {
    var bold = false
    var italic = false
    var dim = false
    var underline = false
    /// A code span or block.
    var code = false
    var color: SheetColor?
    /// An OSC 8 hyperlink target.
    var link: String?

    init() {}

    static let plain = TextStyle()

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
struct Span: Sendable, Hashable {
    var text: String
    var style: TextStyle

    init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One output line: what stands in the icon column, then the text, all measured in cells.
struct StyledLine: Sendable, Hashable {
    /// The icon drawn at the start of the line, if this line opens a row.
    var icon: Span?
    /// Cells before the text: the icon column and gap, plus any indent of its own.
    var indent: Int
    var spans: [Span]

    init(icon: Span? = nil, indent: Int = 0, spans: [Span] = []) {
        self.icon = icon
        self.indent = indent
        self.spans = spans
    }

    static let blank = StyledLine()
}
