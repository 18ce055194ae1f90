// A row's icon and colour as values an app switches over, not strings it parses.
extension Sheet {
    /// What an app draws in a row's icon column, most specific first: the app's own image, an
    /// SF Symbol, or the glyph every other format shows.
    public enum Artwork: Sendable, Hashable {
        /// An image in the app's own assets, by name: `Image(name)`.
        case image(String)
        /// An SF Symbol, by name: `Image(systemName: name)`. whatsnew writes only names it
        /// knows; JSON written by hand is taken at its word.
        case symbol(String)
        /// An emoji or text glyph: `Text(glyph)`.
        case glyph(String)
    }
}

extension Sheet.Section {
    /// What to draw in the icon column: ``image``, else ``symbol``, else ``icon``; nil for a
    /// row with none.
    public var artwork: Sheet.Artwork? {
        if let image, !image.isEmpty { return .image(image) }
        if let symbol, !symbol.isEmpty { return .symbol(symbol) }
        if let icon, !icon.isEmpty { return .glyph(icon) }
        return nil
    }

    /// ``color`` read: a named system colour, with its light and dark values, or an exact
    /// colour; nil when the row has none, or a value no version of the schema writes.
    public var sheetColor: SheetColor? { color.flatMap(SheetColor.init) }
}
