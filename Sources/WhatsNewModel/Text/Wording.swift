extension StringProtocol {
    /// Whether the text says anything: at least one letter or digit that shows, in any script.
    /// Spaces, a no-break space, zero-width and other ignorable characters (the Hangul fillers
    /// are letters that draw nothing), marks on their own, punctuation and emoji say nothing,
    /// so a note made only of them (`\`, `&nbsp;`, a link with no text) is no note.
    package var hasWords: Bool {
        unicodeScalars.contains(where: \.isShownLetterOrDigit)
    }
}

extension Unicode.Scalar {
    /// A letter or digit that draws something: not an ignorable one, not a mark on its own.
    package var isShownLetterOrDigit: Bool {
        let properties = properties
        guard properties.isAlphabetic || properties.numericType != nil, !properties.isDefaultIgnorableCodePoint else {
            return false
        }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: return true
        }
    }
}
