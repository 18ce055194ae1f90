import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

extension Notes {
    /// The fragments with, when any names its authors, a contributors row crediting each of
    /// them once, in the order the notes name them: the release's "Contributors".
    static func credited(_ fragments: [Fragment], reader: FragmentReader) -> [Fragment] {
        var names: [String] = []
        for name in fragments.flatMap(\.authors) where !names.contains(name) { names.append(name) }
        guard !names.isEmpty else { return fragments }
        var text = FragmentText(kind: SectionKind.contributors.rawValue)
        text.packages = Array(Set(fragments.flatMap(\.packages))).sorted()
        text.body = names.map { "- " + MarkdownWriter.text(keepingCode: $0) }.joined(separator: "\n")
        // Named to sort after every written note, as the rows a release makes are.
        guard let source = try? SourceFile(path: "~contributors.md", bytes: Array(text.text.utf8)),
            var row = reader.read(source).fragment
        else { return fragments }
        row.isFile = false
        return fragments + [row]
    }
}
