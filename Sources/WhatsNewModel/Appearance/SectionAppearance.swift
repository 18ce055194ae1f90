/// What a section's icon column shows once names are looked up.
public struct ResolvedIcon: Sendable, Hashable {
    /// The glyph the terminal and HTML draw.
    public var glyph: String
    /// The SF Symbol name, which apps and `data-symbol` carry; nil for a plain glyph or shortcode.
    public var symbol: String?
    /// False when the name is unknown and `glyph` is the neutral fallback.
    public var isKnown: Bool

    /// A resolved icon; known unless said otherwise.
    public init(glyph: String, symbol: String? = nil, isKnown: Bool = true) {
        self.glyph = glyph
        self.symbol = symbol
        self.isKnown = isKnown
    }
}

/// A section's icon and colour as the sheet shows them: its own, the sheet's for its category,
/// or its kind's default.
public struct SectionAppearance: Sendable, Hashable {
    /// The icon drawn in the icon column; nil leaves the column empty for this row.
    public var icon: ResolvedIcon?
    /// The colour the icon (and the HTML row's accent) takes; nil for the text colour.
    public var color: SheetColor?

    /// An appearance with the given icon and colour.
    public init(icon: ResolvedIcon? = nil, color: SheetColor? = nil) {
        self.icon = icon
        self.color = color
    }
}
