/// A category heading's title and the icon a leading emoji or `:shortcode:` gives it:
/// `### ✨ Added` is titled `Added` with the icon ✨.
struct CategoryHeading {
    var title: String
    var icon: Icon?

    init(_ text: String) {
        var title = text.trimmedWhitespace()
        if let first = title.first, Self.isEmoji(first) {
            icon = .glyph(String(first))
            title = String(title.dropFirst())
        } else if title.hasPrefix(":"), let end = title.dropFirst().firstIndex(of: ":"),
            title[title.index(after: title.startIndex)..<end].allSatisfy({
                $0.isLetter || $0.isNumber || "_+-".contains($0)
            })
        {
            icon = Icon(String(title[...end]))
            title = String(title[title.index(after: end)...])
        }
        self.title = title.trimmingCharacters(from: " :").collapsingWhitespace()
    }

    /// An emoji glyph; `#`, digits, `©` and `®` are emoji only with a variation selector.
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        return first.value >= 0x2000 || scalars.contains { $0.value == 0xFE0F }
    }
}
