import WhatsNewModel

/// Rules that look across the whole document once it is read.
public struct Linter: Sendable {
    /// The icon names known besides the document's own `icons:` map.
    public var icons: IconCatalog
    /// The audiences and platforms the project lists (`.whatsnew.yml`); nil accepts any name.
    public var audiences: [String]?
    /// The platforms the project lists; nil accepts any name.
    public var platforms: [String]?

    /// A linter that knows the given icons.
    public init(icons: IconCatalog = .builtIn) {
        self.icons = icons
    }

    /// Every finding about the document: duplicate and misordered versions, unknown icons, colours, audiences and platforms, empty releases.
    public func check(_ document: Document, path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        found += duplicateVersions(in: document.releases, path: path)
        found += versionOrder(of: document.releases, path: path)
        found += ReleaseInProgress.stale(in: document.releases).map { index in
            let release = document.releases[index]
            return Diagnostic(
                .staleUnreleased, at: location(path, release.line),
                "`\(release.title)` stands between released versions, so whatsnew does not write the next release into it; remove the heading or name the version it became"
            )
        }
        found += untitledSections(in: document.releases, path: path)
        found += unknownIcons(in: document.icons, path: path)
        found += appearance(of: document, path: path)
        found += names(in: document, path: path)
        found += misspelledCategories(in: document.releases, path: path)
        // Every sheet of such notes is refused (`no release with any changes listed`): a strict
        // docs build that lints first fails here, not at the render.
        if !document.releases.contains(where: \.hasContent) {
            found.append(
                Diagnostic(
                    .emptyRelease, at: location(path, 1),
                    "the notes list no changes, so every sheet of them is refused; write one under `## [Unreleased]`"))
        }
        return found
    }

    /// Category headings read as no kind that are a letter or two from one (`### Fxied`): their
    /// changes would show as Other, which is not what the writer meant.
    private func misspelledCategories(in releases: [Release], path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for section in releases.lazy.flatMap(\.sections)
        where section.origin == .heading && (section.kind ?? .other) == .other {
            guard let title = section.title, title.split(separator: " ").count <= 2,
                let near = Suggestion.question(for: title, among: Self.categoryTitles)
            else { continue }
            found.append(
                Diagnostic(
                    .misspelledCategory, at: SourceLocation(path: path, line: section.line, column: 1),
                    "`\(title)` names no category, so its changes show as Other; \(near)"))
        }
        return found
    }

    /// The category headings people write, as a hint shows them.
    static let categoryTitles = KindWords.hintedHeadings

    /// Audiences and platforms a row names that the project does not list, with the nearest.
    private func names(in document: Document, path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for section in document.releases.flatMap(\.sections) {
            for (names, known, position, rule, what) in [
                (section.audiences, audiences, section.audiencePosition, DiagnosticRule.unknownAudience, "audience"),
                (section.platforms, platforms, section.platformsPosition, .unknownPlatform, "platform"),
            ] {
                guard let known else { continue }
                for name in names where !known.contains(name) {
                    let near = Suggestion.question(for: name, among: known).map { "\($0) " } ?? ""
                    found.append(
                        Diagnostic(
                            rule, at: location(path, position, orLine: section.line),
                            "unknown \(what) `\(name)`; \(near).whatsnew.yml lists \(known.joined(separator: ", "))"))
                }
            }
        }
        return found
    }

    /// Entries of an `icons:` map whose icon names nothing the catalog knows.
    public func unknownIcons(in overrides: [IconOverride], path: String) -> [Diagnostic] {
        overrides.compactMap { override in
            unknownIcon(override.icon, catalog: icons, at: location(path, override.position, orLine: 1))
        }
    }

    /// What the sheet draws otherwise than the notes ask: unknown icons, text too long for an
    /// icon, colours that are none. `whatsnew` reports these as it renders.
    public func ignoredAppearance(in document: Document, path: String) -> [Diagnostic] {
        unknownIcons(in: document.icons, path: path) + appearance(of: document, path: path)
    }

    /// Sections whose own icon is unknown or whose colour is not one; an accent that is not a colour.
    private func appearance(of document: Document, path: String) -> [Diagnostic] {
        let catalog = icons.adding(document.icons)
        var found: [Diagnostic] = []
        if let accent = document.accent, document.accentColor == nil {
            found.append(unknownColor(accent, at: location(path, document.accentPosition, orLine: 1)))
        }
        // Only sections that name an icon or a colour are handed on (a copy each); the rest,
        // nearly all, are passed over where they stand.
        for release in document.releases.indices {
            let sections = document.releases[release].sections
            for section in sections.indices where sections[section].icon != nil || sections[section].color != nil {
                appearance(of: sections[section], catalog: catalog, path: path, into: &found)
            }
        }
        return found
    }

    private func appearance(of section: Section, catalog: IconCatalog, path: String, into found: inout [Diagnostic]) {
        if let icon = section.icon, icon.isTooLongForAnIcon, case .glyph(let text) = icon {
            let shown = section.appearance.icon?.glyph ?? IconCatalog.fallbackGlyph
            found.append(
                Diagnostic(
                    .unknownIcon, at: location(path, section.iconPosition, orLine: section.line),
                    "`\(text)` is too long for an icon (a glyph, a symbol or shortcode name, or at most 3 characters), "
                        + "shown as \(shown); put words in the title or summary"))
        } else if let icon = section.icon, section.appearance.icon?.isKnown == false,
            let diagnostic = unknownIcon(
                icon, catalog: catalog, at: location(path, section.iconPosition, orLine: section.line))
        {
            found.append(diagnostic)
        }
        if let color = section.color, SheetColor(color) == nil {
            found.append(unknownColor(color, at: location(path, section.colorPosition, orLine: section.line)))
        }
    }

    private func unknownIcon(_ icon: Icon, catalog: IconCatalog, at location: SourceLocation) -> Diagnostic? {
        guard !catalog.resolve(icon).isKnown else { return nil }
        let written: String
        switch icon {
        case .glyph(let glyph): written = glyph
        case .symbol(let name): written = name
        case .shortcode(let name): written = ":\(name):"
        }
        let hint = Suggestion.question(catalog.suggestions(for: icon)) ?? "`whatsnew icons` lists the names it knows"
        // An unknown name reaches no app as a symbol either: a typo would draw nothing there.
        let apps = if case .symbol = icon { " and not given to apps as a symbol" } else { "" }
        return Diagnostic(
            .unknownIcon, at: location,
            "unknown icon `\(written)`, shown as \(IconCatalog.fallbackGlyph)\(apps); \(hint)")
    }

    private func unknownColor(_ color: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.unknownColor, at: location, "`\(color)` is not a colour; use \(SheetColor.accepted)")
    }

    private func duplicateVersions(in releases: [Release], path: String) -> [Diagnostic] {
        var firstLine: [String: Int] = [:]
        var found: [Diagnostic] = []
        for release in releases {
            guard let version = release.version else { continue }
            let key = version.text.lowercased()
            if let line = firstLine[key] {
                found.append(
                    Diagnostic(
                        .duplicateVersion, at: location(path, release.line),
                        "version \(version.text) appears again; it was first on line \(line)"))
            } else {
                firstLine[key] = release.line
            }
        }
        return found
    }

    private func versionOrder(of releases: [Release], path: String) -> [Diagnostic] {
        let versioned = releases.filter { $0.version != nil && !$0.isUnreleased }
        let pairs = zip(versioned, versioned.dropFirst())
        // A file ordered by date across parallel release lines (Node's) is in order: the dates say so.
        let rising = pairs.filter { above, below in
            guard below.version!.compare(to: above.version!) == .newer else { return false }
            guard let aboveDate = above.date, let belowDate = below.date else { return true }
            return belowDate > aboveDate
        }
        guard !rising.isEmpty else { return [] }
        // A file that runs oldest first, by the one rule every stage asks, is one finding.
        if rising.count > 1, ReleaseOrder(of: versioned) == .oldestFirst, let first = versioned.first {
            return [
                Diagnostic(
                    .versionOrder, at: location(path, first.line),
                    "releases run oldest first; put the newest release at the top")
            ]
        }
        return rising.map { above, below in
            Diagnostic(
                .versionOrder, at: location(path, below.line),
                "\(below.version!.text) is newer than \(above.version!.text) above it; keep releases newest first")
        }
    }

    private func untitledSections(in releases: [Release], path: String) -> [Diagnostic] {
        releases.flatMap(\.sections).filter { $0.origin == .frontMatter && $0.title == nil }.map { section in
            Diagnostic(
                .sectionMissingTitle, at: location(path, section.line),
                "this section has no `title`; the sheet shows each section's title beside its icon")
        }
    }

    private func location(_ path: String, _ line: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: 1)
    }

    private func location(_ path: String, _ position: TextPosition?, orLine line: Int) -> SourceLocation {
        SourceLocation(path: path, line: position?.line ?? line, column: position?.column ?? 1)
    }
}
