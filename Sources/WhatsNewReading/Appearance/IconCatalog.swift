import WhatsNewModel

/// Turns what a section names as its icon into the glyph the sheet shows: SF Symbol names
/// through the built-in table (a variant falls back to its base), `:shortcodes:` through
/// GitHub's set, and the user's own names and category icons on top.
public struct IconCatalog: Sendable {
    /// What stands in for a name no table knows, so a raw name never reaches the icon column.
    public static let fallbackGlyph = "•"

    /// The built-in tables and nothing else.
    public static let builtIn = IconCatalog()

    /// Names the user added; consulted before the built-in tables.
    private var extraNames = IconTable()
    private var extraShortcodes = IconTable()
    /// Category icons, the most specific source first.
    private(set) var categories: [IconOverride] = []

    private init() {}

    /// This catalog with an `icons:` map on top: its names and category icons win over ours.
    public func adding(_ overrides: [IconOverride]) -> IconCatalog {
        guard !overrides.isEmpty else { return self }
        var catalog = self
        catalog.categories = overrides + categories
        for override in overrides where SectionKind(frontMatter: override.key) == nil {
            let glyph = resolve(override.icon).glyph
            if let name = Self.shortcodeName(override.key) {
                catalog.extraShortcodes.add(IconTable.Entry(name: name, glyph: glyph))
            } else {
                catalog.extraNames.add(IconTable.Entry(name: override.key, glyph: glyph))
            }
        }
        return catalog
    }

    /// The glyph for an icon; unknown names get the fallback glyph and `isKnown == false`.
    public func resolve(_ icon: Icon) -> ResolvedIcon {
        switch icon {
        case .glyph(let glyph):
            return ResolvedIcon(glyph: glyph)
        case .symbol(let name):
            if let glyph = symbolGlyph(name) { return ResolvedIcon(glyph: glyph, symbol: name) }
            if let glyph = shortcodeGlyph(name) { return ResolvedIcon(glyph: glyph) }
            // A name no table knows is no symbol for apps either: a typo would draw nothing there.
            return ResolvedIcon(glyph: Self.fallbackGlyph, isKnown: false)
        case .shortcode(let name):
            if let glyph = shortcodeGlyph(name) { return ResolvedIcon(glyph: glyph) }
            return ResolvedIcon(glyph: Self.fallbackGlyph, isKnown: false)
        }
    }

    /// The icon the user's `icons:` maps give a section, by its title and then by its kind.
    func categoryIcon(title: String?, kind: SectionKind?) -> Icon? {
        guard !categories.isEmpty else { return nil }  // most projects map none: no title normalized
        if let title {
            let key = SectionKind.normalized(title)
            if let match = categories.first(where: { SectionKind.normalized($0.key) == key }) { return match.icon }
        }
        guard let kind else { return nil }
        return categories.first { SectionKind(frontMatter: $0.key) == kind }?.icon
    }

    /// The known names closest to an unknown one, for "did you mean" diagnostics.
    public func suggestions(for icon: Icon, limit: Int = 3) -> [String] {
        let (name, candidates, wrap): (String, [String], (String) -> String) =
            switch icon {
            case .glyph: ("", [], { $0 })
            case .symbol(let name): (name.lowercased(), allNames(IconTable.symbols, extraNames), { $0 })
            case .shortcode(let name):
                (name.lowercased(), allNames(IconTable.shortcodes, extraShortcodes), { ":\($0):" })
            }
        return Suggestion.closest(to: name, among: candidates, limit: .max).sorted().prefix(limit).map(wrap)
    }

    /// Every listed name with a word starting with the query (`star` finds `star.fill` and
    /// `list.star`, not `restart`), case-insensitively: SF Symbol names, then shortcodes.
    public func search(_ query: String) -> (symbols: [IconTable.Entry], shortcodes: [IconTable.Entry]) {
        let query = query.lowercased()
        func matches(_ tables: IconTable...) -> [IconTable.Entry] {
            var seen = Set<String>()
            return tables.flatMap(\.entries).filter { entry in
                let name = entry.name.lowercased()
                return Self.hasWord(startingWith: query, in: name) && seen.insert(name).inserted
            }
        }
        return (matches(extraNames, .symbols), matches(extraShortcodes, .shortcodes))
    }

    /// Whether the query starts the name or follows a `.`, `_` or `-` in it.
    static func hasWord(startingWith query: String, in name: String) -> Bool {
        guard !query.isEmpty else { return true }
        var searchStart = name.startIndex
        while let match = name[searchStart...].firstRange(of: query) {
            if match.lowerBound == name.startIndex || ".-_".contains(name[name.index(before: match.lowerBound)]) {
                return true
            }
            searchStart = name.index(after: match.lowerBound)
        }
        return false
    }

    private func symbolGlyph(_ name: String) -> String? {
        if let glyph = extraNames[name] ?? IconTable.glyph(name, inTable: PackageResources.sf_symbols_tsv) {
            return glyph
        }
        for base in Self.variantBases(of: name.lowercased()) {
            if let glyph = extraNames[base] ?? IconTable.glyph(base, inTable: PackageResources.sf_symbols_tsv) {
                return glyph
            }
        }
        return nil
    }

    private func shortcodeGlyph(_ name: String) -> String? {
        extraShortcodes[name] ?? IconTable.glyph(name, inTable: PackageResources.shortcodes_tsv)
    }

    private func allNames(_ tables: IconTable...) -> [String] {
        tables.flatMap(\.entries).map { $0.name.lowercased() }
    }

    /// Words that only restyle a symbol: dropping them from the end leaves the symbol it varies.
    private static let variantWords: Set<Substring> = [
        "fill", "filled", "circle", "square", "slash", "rectangle", "inverse", "portrait", "landscape",
    ]

    /// `bell.badge.fill` → `bell`; `star.circle.fill` → `star.circle`, `star`.
    static func variantBases(of name: String) -> [String] {
        var parts = name.split(separator: ".", omittingEmptySubsequences: false)
        var bases: [String] = []
        if let badge = parts.firstIndex(of: "badge"), badge > 0 {
            parts.removeSubrange(badge...)
            bases.append(parts.joined(separator: "."))
        }
        while parts.count > 1, let last = parts.last, variantWords.contains(last) {
            parts.removeLast()
            bases.append(parts.joined(separator: "."))
        }
        return bases
    }

    /// SF Symbol names are lowercase words and digits joined by dots: the shape every name in
    /// the table has (a test checks).
    static func isSymbolShaped(_ name: String) -> Bool {
        name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
        }
    }

    /// `:inkwell:` → `inkwell`.
    private static func shortcodeName(_ key: String) -> String? {
        guard key.count > 2, key.hasPrefix(":"), key.hasSuffix(":") else { return nil }
        return String(key.dropFirst().dropLast())
    }
}
