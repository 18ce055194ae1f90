import WhatsNewModel

/// A paragraph that stands in for a category heading: `**Closed issues:**`, `**Deprecations**:`,
/// or a short label line ending in a colon right before a list (`Fixes:`, `Platform support:`).
package enum PseudoHeading {
    /// The title the paragraph announces, or nil for ordinary prose.
    package static func title(of block: Block, followedBy next: Block?) -> String? {
        guard case .paragraph(let inlines) = block.content else { return nil }
        let meaningful = inlines.filter { inline in
            if case .text(let text) = inline { return !text.trimmedWhitespace().isEmpty }
            return true
        }
        if case .strong(let children)? = meaningful.first {
            let rest = meaningful.dropFirst().map { PlainText.of([$0]) }.joined().trimmedWhitespace()
            guard rest.isEmpty || rest == ":" else { return nil }
            let text = PlainText.of(children).trimmedWhitespace()
            // `**Binary detection output has changed.**` is a sentence set in bold, not a label.
            guard let last = text.last, !".!?".contains(last) else { return nil }
            return cleaned(text)
        }
        // A plain line is a label when it is short, ends in a colon and a list follows it:
        // `Platform support:`, `BACKWARDS INCOMPATIBILITIES / NOTES:`. Before code or prose
        // (`To use this plugin:`) it is a sentence.
        guard meaningful.count == 1, case .text(let text) = meaningful[0], text.hasSuffix(":"),
            let next, case .list = next.content, let title = cleaned(text), isLabel(title)
        else { return nil }
        return title
    }

    /// A known category, or a few words with no sentence's full stop in them.
    private static func isLabel(_ title: String) -> Bool {
        if SectionKind.named(title) != nil { return true }
        let words = title.lowercased().split { !$0.isLetter && !$0.isNumber }
        guard let first = words.first, !sentenceOpeners.contains(String(first)) else { return false }
        return title.count <= 50 && words.count <= 7 && !title.contains(text: ". ")
    }

    /// Words that open a sentence leading into an example (`For example:`, `To enable it:`).
    private static let sentenceOpeners: Set<String> = [
        "for", "e", "eg", "i", "ie", "namely", "such", "including", "like", "see", "example", "examples", "to",
        "if", "when", "as", "this", "that", "it", "you", "we", "use", "run", "then", "so", "and", "but", "or",
    ]

    private static func cleaned(_ text: String) -> String? {
        let title = text.trimmingCharacters(from: " :").collapsingWhitespace()
        guard !title.isEmpty, title.count <= 60, !title.contains(text: "\n") else { return nil }
        return title
    }
}
