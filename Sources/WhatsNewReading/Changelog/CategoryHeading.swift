import WhatsNewModel

/// A category heading's title and the icon a leading emoji or `:shortcode:` gives it:
/// `### ✨ Added` is titled `Added` with the icon ✨.
package struct CategoryHeading {
    package var title: String
    var icon: Icon?

    package init(_ text: String) {
        var title = text.trimmedWhitespace()
        if let first = title.first, first.isEmoji {
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

    /// The title without its release's own version and date, which a row never repeats:
    /// `v1.9.0 (2021-12-31) Changes` under `## v1.9.0` is `Changes`.
    func dropping(version: ReleaseVersion) -> CategoryHeading {
        let tokens = HeadingToken.tokenize(title)
        let text = tokens.map(\.text)
        guard let start = text.indices.first(where: { text[$0...].joined().hasPrefix(version.text) }) else {
            return self
        }
        // Only the version whole: `1.7.0-RC` in `relative to version 1.7.0-RC` is another one.
        var length = 0
        var next = start
        while next < text.count, length < version.text.count {
            length += text[next].count
            next += 1
        }
        if length != version.text.count
            || next < text.count
                && (text[next].first.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "+" } ?? false)
        {
            return self
        }
        let dates = DateScanner(tokens: tokens).matches().map(\.range)
        let bracketed = HeadingToken.enclosure(of: tokens, opening: ["(", "["], closing: [")", "]"])
        var kept = ""
        var consumed = 0
        for index in tokens.indices {
            if index >= start, consumed < version.text.count {
                consumed += text[index].count
                continue
            }
            if dates.contains(where: { $0.contains(index) }) || bracketed[index] { continue }
            if index == start - 1, text[index] == "v" || text[index] == "V" { continue }
            kept += text[index]
        }
        var copy = self
        let cleaned = kept.trimmingCharacters(from: " :-–—,").collapsingWhitespace()
        copy.title = cleaned.isEmpty ? SheetWords.english.changes : cleaned
        return copy
    }

}
