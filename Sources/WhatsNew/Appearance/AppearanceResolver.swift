/// Gives every section the glyph and colour the sheet shows: its own icon and colour, else the
/// sheet's icon for its category, else its kind's default.
struct AppearanceResolver: Sendable {
    let catalog: IconCatalog

    /// `catalog` with the sheet's own `icons:` added.
    init(catalog: IconCatalog, sheetIcons: [IconOverride]) {
        self.catalog = catalog.adding(sheetIcons)
    }

    func resolve(_ releases: inout [Release]) {
        for releaseIndex in releases.indices {
            for sectionIndex in releases[releaseIndex].sections.indices {
                let section = releases[releaseIndex].sections[sectionIndex]
                releases[releaseIndex].sections[sectionIndex].appearance = appearance(of: section)
            }
        }
    }

    private func appearance(of section: Section) -> SectionAppearance {
        let icon =
            section.icon ?? catalog.categoryIcon(title: section.title, kind: section.kind)
            ?? section.kind.map { .symbol($0.defaultSymbol) }
        let color = section.color.flatMap(SheetColor.init) ?? section.kind.map { .system($0.defaultColor) }
        return SectionAppearance(icon: icon.map(catalog.resolve), color: color)
    }
}
