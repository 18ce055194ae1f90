import WhatsNewModel

/// The sheet's title from the notes' first heading. `# Changelog` names the document, not the
/// product, so it is no title; `# Inkwell Changelog` and `# Changelog for Inkwell` name
/// Inkwell; any other heading is the title as written (changesets' `# @scope/package`).
enum DocumentTitle {
    static func productName(in heading: String) -> String? {
        let (named, product) = split(heading)
        // `Changelog for v1.2` names a version, which is no product.
        if named, let product, ReleaseVersion(product) != nil { return nil }
        return product
    }

    /// Whether `heading` names the document around a product or version: `Changelog for
    /// v1.2`, `Inkwell release notes`; not `1.2.0` or `Changelog` alone.
    static func namesDocument(_ heading: String) -> Bool {
        let (named, product) = split(heading)
        return named && product != nil
    }

    /// Whether the heading names the document, and what else it names (the whole heading when
    /// it names no document).
    private static func split(_ heading: String) -> (namesDocument: Bool, rest: String?) {
        let trimmed = heading.trimmingCharacters(from: " \t:")
        let key = SectionKind.normalized(trimmed)
        if key.isEmpty || documentWords.contains(key) { return (true, nil) }
        let words = trimmed.split(separator: " ")
        for phrase in documentPhrases {
            let count = phrase.split(separator: " ").count
            guard words.count > count else { continue }
            if SectionKind.normalized(words.suffix(count).joined(separator: " ")) == phrase {
                return (true, cleaned(words.dropLast(count)))
            }
            let lead = SectionKind.normalized(words.prefix(count + 1).joined(separator: " "))
            if lead == phrase + " for" || lead == phrase + " of" {
                return (true, cleaned(words.dropFirst(count + 1)))
            }
        }
        return (false, trimmed)
    }

    private static func cleaned(_ words: ArraySlice<Substring>) -> String? {
        var name = words.joined(separator: " ")
        for possessive in ["'s", "’s"] where name.hasSuffix(possessive) { name.removeLast(2) }
        name = name.trimmingCharacters(from: " -–—:·|")
        return name.isEmpty ? nil : name
    }

    /// Names of the document itself, normalized.
    private static let documentWords: Set<String> = [
        "changelog", "change log", "changes", "changelog md", "release notes", "releasenotes", "history", "news",
        "releases", "release history", "version history", "revision history", "what's new", "whats new",
        "changelogs", "release log", "project changelog", "recent changes", "notable changes", "updates",
        // The same in the languages translations are most often written in.
        "änderungen", "änderungsprotokoll", "versionshinweise", "neuigkeiten", "versionsgeschichte",
        "journal des modifications", "notes de version", "nouveautés", "historique des versions",
        "registro de cambios", "notas de la versión", "novedades", "historial de cambios", "novità",
        "note di rilascio", "registro delle modifiche", "notas de versão", "novidades", "histórico de alterações",
        "список изменений", "история изменений", "更新日志", "变更日志", "更新記錄", "更新履歴", "変更履歴",
        "リリースノート", "변경 로그", "릴리스 노트", "wijzigingen", "versiegeschiedenis",
    ]

    /// Phrases that name the document after or before a product: `Inkwell Changelog`,
    /// `Release notes for Inkwell`.
    private static let documentPhrases = [
        "changelog", "change log", "release notes", "changes", "history", "news", "release history",
        "version history",
    ]
}
