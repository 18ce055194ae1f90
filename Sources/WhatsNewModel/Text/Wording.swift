extension StringProtocol {
    /// Whether the text says anything: at least one letter or digit, in any script. Spaces, a
    /// no-break space, zero-width characters, punctuation, marks and emoji alone say nothing,
    /// so a note made only of them (`\`, `&nbsp;`, a link with no text) is no note.
    package var hasWords: Bool {
        unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
