/// Gives every section the glyph and colour the sheet shows: its own icon and colour, else the
/// sheet's icon for its category, else its kind's default.
struct AppearanceResolver: Sendable {
    let catalog: IconCatalog

    /// `catalog` with the sheet's own `icons:` added.
    init(catalog: IconCatalog, sheetIcons: [IconOverride]) {
        self.catalog = catalog.adding(sheetIcons)
    }

    /// Resolves a run of releases; the reader calls it on each part it reads, while the part's
    /// releases are its own and in the cache.
    func resolve(_ releases: inout [Release]) {
        // A changelog repeats a handful of categories thousands of times: each distinct one is
        // looked up once.
        var known: [Inputs: SectionAppearance] = [:]
        for releaseIndex in releases.indices {
            for sectionIndex in releases[releaseIndex].sections.indices {
                let section = releases[releaseIndex].sections[sectionIndex]
                let inputs = Inputs(icon: section.icon, title: section.title, kind: section.kind, color: section.color)
                let appearance: SectionAppearance
                if let seen = known[inputs] {
                    appearance = seen
                } else {
                    appearance = self.appearance(of: section, catalog)
                    known[inputs] = appearance
                }
                releases[releaseIndex].sections[sectionIndex].appearance = appearance
            }
        }
    }

    /// All of a section that its appearance depends on.
    private struct Inputs: Hashable {
        var icon: Icon?
        var title: String?
        var kind: SectionKind?
        var color: String?
    }

    private func appearance(of section: Section, _ catalog: IconCatalog) -> SectionAppearance {
        let icon =
            section.icon ?? catalog.categoryIcon(title: section.title, kind: section.kind)
            ?? section.kind.map { .symbol($0.defaultSymbol) }
        let color = section.color.flatMap(SheetColor.init) ?? section.kind.map { .system($0.defaultColor) }
        return SectionAppearance(icon: icon.map(catalog.resolve), color: color)
    }
}
