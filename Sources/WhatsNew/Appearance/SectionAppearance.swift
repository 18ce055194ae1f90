/// What a section's icon column shows once names are looked up.
public struct ResolvedIcon: Sendable, Hashable {
    /// The glyph the terminal and HTML draw.
    public var glyph: String
    /// The SF Symbol name, which apps and `data-symbol` carry; nil for a plain glyph or shortcode.
    public var symbol: String?
    /// False when the name is unknown and `glyph` is the neutral fallback.
    public var isKnown: Bool

    public init(glyph: String, symbol: String? = nil, isKnown: Bool = true) {
        self.glyph = glyph
        self.symbol = symbol
        self.isKnown = isKnown
    }
}

/// A section's icon and colour as the sheet shows them: its own, the sheet's for its category,
/// or its kind's default.
public struct SectionAppearance: Sendable, Hashable {
    public var icon: ResolvedIcon?
    public var color: SheetColor?

    public init(icon: ResolvedIcon? = nil, color: SheetColor? = nil) {
        self.icon = icon
        self.color = color
    }
}
