/// Which file of a package holds its notes: CHANGELOG, CHANGES, HISTORY, NEWS or RELEASES, in
/// any case, with any extension or none (`CHANGELOG.md`, `History.rst`, `NEWS`), Markdown
/// first. The one rule for every ecosystem's package.
enum ChangelogName {
    private static let stems = [
        "changelog", "changes", "history", "news", "releases", "release-notes", "release_notes",
    ]

    /// The best of `names` (a folder's entries), or nil when none is a changelog.
    static func best(of names: [String]) -> String? {
        names.compactMap { name -> (String, Int)? in
            guard let rank = rank(name) else { return nil }
            return (name, rank)
        }
        .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    /// Lower is better: the stem's place, then Markdown before any other extension.
    private static func rank(_ name: String) -> Int? {
        let lowered = name.lowercased()
        let dot = lowered.firstIndex(of: ".") ?? lowered.endIndex
        guard let stem = stems.firstIndex(of: String(lowered[..<dot])) else { return nil }
        let suffix = lowered[dot...]
        let markdown = [".md", ".markdown", ".mdown", ""].contains(String(suffix)) ? 0 : 1
        return stem * 2 + markdown
    }
}
