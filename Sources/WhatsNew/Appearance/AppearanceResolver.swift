/// Gives every section the glyph and colour the sheet shows: its own icon and colour, else the
/// sheet's icon for its category, else its kind's default.
struct AppearanceResolver {
    let catalog: IconCatalog

    func resolve(_ document: inout Document) {
        let catalog = catalog.adding(document.icons)
        for releaseIndex in document.releases.indices {
            for sectionIndex in document.releases[releaseIndex].sections.indices {
                let section = document.releases[releaseIndex].sections[sectionIndex]
                document.releases[releaseIndex].sections[sectionIndex].appearance = appearance(of: section, catalog)
            }
        }
    }

    private func appearance(of section: Section, _ catalog: IconCatalog) -> SectionAppearance {
        let icon =
            section.icon ?? catalog.categoryIcon(title: section.title, kind: section.kind)
            ?? section.kind.map { .symbol($0.defaultSymbol) }
        let color = section.color.flatMap(SheetColor.init) ?? section.kind.map { .system($0.defaultColor) }
        return SectionAppearance(icon: icon.map(catalog.resolve), color: color)
    }
}
