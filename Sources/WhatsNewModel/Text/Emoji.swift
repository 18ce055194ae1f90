extension Character {
    /// An emoji glyph; `#`, digits, `©` and `®` are emoji only with a variation selector.
    package var isEmoji: Bool {
        let scalars = unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        return first.value >= 0x2000 || scalars.contains { $0.value == 0xFE0F }
    }
}
