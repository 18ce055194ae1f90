import WhatsNewModel

/// The grid measure: one icon column for every row shown, as wide as the widest icon over all
/// of them, a two-cell gap, and the text column taking the rest of the line.
package struct SheetLayout: Sendable, Hashable {
    /// The whole line, in cells.
    package var width: Int
    /// The widest icon shown; 0 when no row has one.
    package var iconColumn: Int
    /// The narrowest text column, however narrow the terminal, so words stay readable.
    static let minimumMeasure = 8

    init(width: Int, iconColumn: Int) {
        self.width = width
        self.iconColumn = iconColumn
    }

    /// Measures every icon the releases show.
    package init(releases: Presentation.Releases, width: Int, displayWidth: DisplayWidth) {
        // Each distinct glyph measured once: a long changelog shows the same few thousands of times.
        var glyphs: Set<String> = []
        releases.forEachSection { section in
            if let icon = section.appearance.icon { glyphs.insert(icon.glyph) }
        }
        self.init(glyphs: glyphs, width: width, displayWidth: displayWidth)
    }

    /// Measures every icon the rows show: the column is as wide as the widest of them.
    package init(sections: some Sequence<Section>, width: Int, displayWidth: DisplayWidth) {
        self.init(
            glyphs: Set(sections.compactMap { $0.appearance.icon?.glyph }), width: width, displayWidth: displayWidth)
    }

    private init(glyphs: Set<String>, width: Int, displayWidth: DisplayWidth) {
        self.init(width: width, iconColumn: glyphs.map { Self.cells(of: $0, displayWidth) }.max() ?? 0)
    }

    /// The cells an icon takes, as the terminal draws it: whatever the notes put in a glyph,
    /// only what is safe to print is measured (and printed).
    package static func cells(of glyph: String, _ displayWidth: DisplayWidth) -> Int {
        displayWidth.of(TerminalSanitizer.clean(glyph))
    }

    /// Cells between the icon column and the text; none when there is no icon column.
    var gap: Int { iconColumn > 0 ? 2 : 0 }

    /// The column (0-based) where every title and summary line starts.
    package var textColumn: Int { iconColumn + gap }

    /// How wide the text column is.
    package var measure: Int { max(Self.minimumMeasure, width - textColumn) }
}
