import WhatsNewModel
import WhatsNewReading

/// What a featured note says of its look (kind, symbol, colour) that its row, as the notes
/// will read it back, does not: notes without front matter write the row as a heading
/// (`### ⭐ Orange star`), which keeps a glyph and a title and nothing else.
struct UnkeptAppearance {
    let fragment: Fragment
    let kinds: ChangeKinds

    /// One warning naming everything lost, or nil when the row keeps it all.
    func warning(in release: Release?, notes: String) -> Diagnostic? {
        guard let title = fragment.title else { return nil }
        let written = CategoryHeading(title).title
        guard let row = release?.sections.first(where: { $0.title == title || $0.title == written }) else { return nil }
        var lost: [String] = []
        if let kind = fragment.isBreaking ? .breaking : fragment.kind.builtIn, row.kind != kind {
            lost.append("kind \(kind.rawValue) (read as \(row.kind?.rawValue ?? "none"))")
        }
        if let spec = fragment.icon, let icon = Icon(spec), !Self.isGlyph(icon), row.icon != icon {
            lost.append("symbol \(spec)" + (row.appearance.icon.map { " (shown as \($0.glyph))" } ?? ""))
        }
        if let spec = fragment.color, let color = SheetColor(spec), row.appearance.color != color {
            lost.append("colour \(spec)" + (row.appearance.color.map { " (shown \($0.description))" } ?? ""))
        }
        guard !lost.isEmpty else { return nil }
        let position = fragment.positions[.title]
        return Diagnostic(
            .unkeptAppearance,
            at: SourceLocation(path: fragment.path, line: position?.line ?? 1, column: position?.column ?? 1),
            "\(notes) keeps featured rows as headings, which cannot keep this note's "
                + lost.joined(separator: ", ")
                + "; the release is written without them (notes with front matter keep them all)")
    }

    /// A glyph is what a heading keeps; a symbol or shortcode name is not.
    private static func isGlyph(_ icon: Icon) -> Bool {
        if case .glyph = icon { return true }
        return false
    }
}
