import WhatsNewModel

/// Checks that look at fragments together, and at what the sheet will make of them: two
/// featured rows with one title, icons and colours the sheet cannot show.
public struct FragmentLinter: Sendable {
    /// The icons the sheet knows, to report the ones it does not.
    public var icons: IconCatalog

    /// A linter that knows the given icons.
    public init(icons: IconCatalog = .builtIn) {
        self.icons = icons
    }

    /// `notes`' unreleased release, when given, counts for featured titles too.
    public func check(_ fragments: [Fragment], unreleased: Release? = nil) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var titles: [String: String] = [:]
        for section in unreleased?.sections ?? [] where section.origin == .frontMatter {
            if let title = section.title { titles[SectionKind.normalized(title)] = "the notes' unreleased changes" }
        }
        let linter = Linter(icons: icons)
        for fragment in fragments.sorted(by: { $0.name < $1.name }) {
            if let title = fragment.title {
                let key = SectionKind.normalized(title)
                if let first = titles[key] {
                    found.append(
                        Diagnostic(
                            .duplicateFeaturedTitle, at: location(fragment, .title),
                            "the featured row `\(title)` is also in \(first); one release shows each title once"))
                } else {
                    titles[key] = fragment.path
                }
            }
            if fragment.kind.versionBump == nil, !fragment.isBreaking {
                found.append(
                    Diagnostic(
                        .kindWithoutBump, at: location(fragment, .kind),
                        "kind `\(fragment.kind.name)` has no bump rule, so `whatsnew next` counts this note as a patch; give the kind `bump:` (major, minor, patch or none) in .whatsnew.yml"
                    ))
            }
            var section = Section(
                origin: .frontMatter, icon: fragment.icon.flatMap(Icon.init), color: fragment.color,
                title: fragment.title,
                line: 1)
            section.iconPosition = fragment.positions[.icon]
            section.colorPosition = fragment.positions[.color]
            if let icon = section.icon { section.appearance.icon = icons.resolve(icon) }
            let document = Document(releases: [Release(title: "", sections: [section], line: 1)])
            found += linter.check(document, path: fragment.path).filter {
                [.unknownIcon, .unknownColor].contains($0.rule)
            }
        }
        return found
    }

    private func location(_ fragment: Fragment, _ key: FrontMatterKey) -> SourceLocation {
        let position = fragment.positions[key]
        return SourceLocation(path: fragment.path, line: position?.line ?? 1, column: position?.column ?? 1)
    }
}
