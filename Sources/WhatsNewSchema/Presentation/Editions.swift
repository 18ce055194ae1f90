/// Which of the editions whatsnew writes (`<locale>.lproj/WhatsNew.json`, one per locale) a
/// user reads: the first of their preferred languages that an edition serves.
public enum Editions {
    /// The locale in `available` (`de`, `pt-BR`, `zh-Hans`) that best serves `preferredLanguages`
    /// (as `Locale.preferredLanguages` lists them: `pt-PT`, `de-AT`, `en-US`), or nil when none
    /// does: then the app shows the edition of its development language.
    ///
    /// Each preferred language in turn: an edition of exactly that locale; then of it with its
    /// last part dropped, and again (`zh-Hant-TW`, `zh-Hant`, `zh`); then the edition of its
    /// language that shares most of its script and region (`zh-TW` over `zh-Hans` for
    /// `zh-Hant-TW`), or any (`pt-BR` for `pt-PT`). Case, and `_` for `-`, do not matter. A
    /// language the user put after another is only read when no edition serves the one before.
    public static func best(of available: [String], for preferredLanguages: [String]) -> String? {
        let editions = available.map { (name: $0, parts: parts(of: $0)) }
        for preferred in preferredLanguages {
            var wanted = parts(of: preferred)
            guard let language = wanted.first else { continue }
            while !wanted.isEmpty {
                if let edition = editions.first(where: { $0.parts == wanted }) { return edition.name }
                wanted.removeLast()
            }
            let sameLanguage = editions.filter { $0.parts.first == language }
            let subtags = Set(parts(of: preferred).dropFirst())
            let shared = { (edition: [String]) in edition.dropFirst().filter { subtags.contains($0) }.count }
            if let edition = sameLanguage.enumerated().max(by: { left, right in
                // The most subtags in common; among equals, the first listed.
                (shared(left.element.parts), right.offset) < (shared(right.element.parts), left.offset)
            }) {
                return edition.element.name
            }
        }
        return nil
    }

    /// `pt_BR` → `["pt", "br"]`.
    private static func parts(of tag: String) -> [String] {
        tag.split { $0 == "-" || $0 == "_" }.map { $0.lowercased() }
    }
}
