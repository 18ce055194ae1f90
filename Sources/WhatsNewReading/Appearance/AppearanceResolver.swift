import WhatsNewModel

/// Gives every section the glyph and colour the sheet shows: its own icon and colour, else the
/// sheet's icon for its category, else its kind's default.
struct AppearanceResolver: Sendable {
    let catalog: IconCatalog
    /// The project's kinds: rows titled as one of them (or of a kind they restyle) take its
    /// icon and colour.
    let kinds: [ChangeKind]

    /// `catalog` with the sheet's own `icons:` added.
    init(catalog: IconCatalog, sheetIcons: [IconOverride], kinds: [ChangeKind] = []) {
        self.catalog = catalog.adding(sheetIcons)
        self.kinds = kinds
    }

    func resolve(_ releases: inout [Release]) {
        var resolved: [Icon: ResolvedIcon] = [:]  // a long changelog's rows share a few icons: each looked up once
        for releaseIndex in releases.indices {
            for sectionIndex in releases[releaseIndex].sections.indices {
                let section = releases[releaseIndex].sections[sectionIndex]
                releases[releaseIndex].sections[sectionIndex].appearance = appearance(of: section, resolved: &resolved)
            }
        }
    }

    private func appearance(of section: Section, resolved: inout [Icon: ResolvedIcon]) -> SectionAppearance {
        let project = projectKind(of: section)
        let own = section.icon.flatMap { $0.isTooLongForAnIcon ? nil : $0 }
        let icon =
            own ?? catalog.categoryIcon(title: section.title, kind: section.kind) ?? project?.icon
            ?? section.kind.map { .symbol($0.defaultSymbol) }
            // A phrase written as the icon, or the app's own image alone, still gets one glyph
            // of the width every icon has where that image cannot be drawn.
            ?? (section.icon?.isTooLongForAnIcon == true || section.image != nil
                ? .glyph(IconCatalog.fallbackGlyph) : nil)
        let color =
            section.color.flatMap(SheetColor.init) ?? project?.color.flatMap(SheetColor.init)
            ?? section.kind.map { .system($0.defaultColor) }
        let glyph = icon.map { icon in
            if let known = resolved[icon] { return known }
            let glyph = catalog.resolve(icon)
            resolved[icon] = glyph
            return glyph
        }
        return SectionAppearance(icon: glyph, color: color)
    }

    /// The project kind a category row is (one rule, ``ChangeKind/row(_:among:)``).
    private func projectKind(of section: Section) -> ChangeKind? { ChangeKind.row(section, among: kinds) }
}
