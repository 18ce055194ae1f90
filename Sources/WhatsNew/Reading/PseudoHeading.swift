/// A paragraph that stands in for a category heading: `**Closed issues:**`, `**Deprecations**:`,
/// or a short `Fixes:` line right before a list.
enum PseudoHeading {
    /// The title the paragraph announces, or nil for ordinary prose.
    static func title(of block: Block, followedBy next: Block?) -> String? {
        guard case .paragraph(let inlines) = block.content else { return nil }
        let meaningful = inlines.filter { inline in
            if case .text(let text) = inline { return !text.trimmedWhitespace().isEmpty }
            return true
        }
        if case .strong(let children)? = meaningful.first {
            let rest = meaningful.dropFirst().map { PlainText.of([$0]) }.joined().trimmedWhitespace()
            guard rest.isEmpty || rest == ":" else { return nil }
            return cleaned(PlainText.of(children))
        }
        // A plain line counts only when it names a category (`Fixes:`, not `Namely:`) and a
        // list follows it.
        guard meaningful.count == 1, case .text(let text) = meaningful[0], text.hasSuffix(":"),
            let next, case .list = next.content, let title = cleaned(text), SectionKind.named(title) != nil
        else { return nil }
        return title
    }

    private static func cleaned(_ text: String) -> String? {
        let title = text.trimmingCharacters(from: " :").collapsingWhitespace()
        guard !title.isEmpty, title.count <= 60, !title.contains("\n") else { return nil }
        return title
    }
}
