import WhatsNewModel

/// Whether an item of the notes says it breaks something users rely on, by one rule for every
/// reader of items. A marker, not a mention: a label that opens the item (`BREAKING: …`,
/// `**breaking** …`, `⚠️ BREAKING …`, `Breaking change: …`, `Backwards incompatible: …`), or
/// such a word in brackets as git-cliff and others write it (`[**breaking**]`, `(breaking)`,
/// `(backwards incompatible)`). `Handle BREAKING_CHANGE notes`, `stop parsing BREAKING CHANGE`
/// and "after a backwards incompatible change slipped in" mention it.
package enum BreakingMark {
    /// Whether the list item carries the mark.
    package static func marks(_ item: ListItem) -> Bool {
        if case .paragraph(let inlines)? = item.blocks.first?.content, let first = inlines.first {
            switch first {
            case .strong(let children), .emphasis(let children):
                // `**breaking** …`, `**BREAKING CHANGE:** …`, `*Breaking*: …`
                if isLabel(letters(of: PlainText.of(children))) { return true }
            default: break
            }
        }
        return marks(PlainText.of(item))
    }

    /// Whether an item's plain text carries the mark.
    package static func marks(_ text: String) -> Bool {
        let opening = text.drop { !$0.isLetter }
        let emojiLed = opening.startIndex != text.startIndex && text.first.map { !$0.isASCII } == true
        // `BREAKING: …`, `Breaking change: …`, and after a warning sign, `⚠️ BREAKING …`.
        if let colon = opening.prefix(20).firstIndex(of: ":"), isLabel(String(opening[..<colon]).lowercased()) {
            return true
        }
        if emojiLed, opening.hasPrefix("BREAKING"),
            opening.dropFirst(8).first.map({ !$0.isLetter && $0 != "_" }) ?? true
        {
            return true
        }
        let lowered = text.lowercased()
        // Marks in brackets (`(backwards incompatible)`), not the words in a sentence; looked
        // for among the bytes, as the standard search built a table for each of the ten.
        return bracketedMarks.contains { lowered.contains(text: $0) }
            || KindWords.incompatibleLabels.contains(
                String(lowered.drop { !$0.isLetter }.prefix { $0 != ":" }))
    }

    /// `[breaking]`, `(breaking)`, `[backwards incompatible]` and the other spellings.
    private static let bracketedMarks = KindWords.breakingMarks.flatMap { ["[\($0)]", "(\($0))"] }

    /// `breaking`, `breaking change`, `breaking changes`, in lower case.
    private static func isLabel(_ text: String) -> Bool {
        KindWords.breakingLabels.contains(text.trimmedWhitespace())
    }

    /// The text in lower case without what stands around its words (`**BREAKING:**` → `breaking`).
    private static func letters(of text: String) -> String {
        let trimmed = text.drop { !$0.isLetter }.reversed().drop { !$0.isLetter }.reversed()
        return String(trimmed).lowercased()
    }
}
