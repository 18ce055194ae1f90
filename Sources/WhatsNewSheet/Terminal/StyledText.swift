import WhatsNewModel

/// How a run of text looks on a terminal; the plain renderer ignores all of it.
package struct TextStyle: Sendable, Hashable {
    package var bold = false
    package var italic = false
    package var dim = false
    package var underline = false
    /// A code span or block.
    package var code = false
    package var color: SheetColor?
    /// An OSC 8 hyperlink target.
    package var link: String?

    package init() {}

    package static let plain = TextStyle()

    package static var bold: TextStyle {
        var style = TextStyle()
        style.bold = true
        return style
    }

    package static var dim: TextStyle {
        var style = TextStyle()
        style.dim = true
        return style
    }
}

/// A run of text in one style.
package struct Span: Sendable, Hashable {
    package var text: String
    package var style: TextStyle

    package init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One output line: what stands in the icon column, then the text, all measured in cells.
package struct StyledLine: Sendable, Hashable {
    /// The icon drawn at the start of the line, if this line opens a row.
    package var icon: Span?
    /// Cells before the text: the icon column and gap, plus any indent of its own.
    package var indent: Int
    package var spans: [Span]

    package init(icon: Span? = nil, indent: Int = 0, spans: [Span] = []) {
        self.icon = icon
        self.indent = indent
        self.spans = spans
    }

    package static let blank = StyledLine()
}
