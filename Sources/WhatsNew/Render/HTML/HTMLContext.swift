/// What the HTML templates see, built from the model and the layout; README documents it.
///
/// Text values are escaped by the templates (`{{…}}`); the `…HTML` values are cmark's own safe
/// rendering and go in unescaped (`{{{…}}}`). Links and colours are checked here, so a
/// template cannot be handed a `javascript:` address or a colour that is not one.
struct HTMLContext {
    let document: Document
    let releases: [Release]
    let layout: SheetLayout
    let standalone: Bool

    var dictionary: [String: Any] {
        var sheet: [String: Any] = [
            "title": document.title ?? "What's New",
            "iconColumn": Self.em(cells: layout.iconColumn),
            "documentLang": "en",
        ]
        if let subtitle = document.subtitle { sheet["subtitle"] = subtitle }
        if let accent = document.accentColor { sheet["accent"] = Self.color(accent) }
        return ["sheet": sheet, "standalone": standalone, "releases": releases.map(release)]
    }

    private func release(_ release: Release) -> [String: Any] {
        var result: [String: Any] = [
            "name": release.displayName,
            "title": release.title,
            "isUnreleased": release.isUnreleased,
            "hasSections": !release.sections.isEmpty,
            "sections": release.sections.map(section),
        ]
        if let version = release.version { result["version"] = version.text }
        if let date = release.date { result["date"] = ["iso": date.iso, "text": date.longText] }
        if let summary = release.summary, !summary.html.isEmpty { result["summaryHTML"] = Self.trimmed(summary.html) }
        return result
    }

    private func section(_ section: Section) -> [String: Any] {
        var result: [String: Any] = [
            "summaryHTML": Self.trimmed(section.lead.html),
            "items": section.items,
            "line": section.line,
        ]
        if let kind = section.kind { result["kind"] = kind.rawValue }
        if let title = section.title { result["title"] = title }
        if let icon = section.appearance.icon {
            result["icon"] = icon.glyph
            if let symbol = icon.symbol { result["symbol"] = symbol }
        }
        if let color = section.appearance.color { result["color"] = Self.color(color) }
        if let link = section.link, Self.isSafeLink(link) { result["link"] = link }
        if let id = section.id { result["id"] = id }
        return result
    }

    /// cmark ends its HTML with a newline; the templates place their own.
    static func trimmed(_ html: String) -> String {
        html.hasSuffix("\n") ? String(html.dropLast()) : html
    }

    /// `{css, name, light, dark}`: a named colour goes through its custom property, so a host
    /// page can restyle it; an exact colour is used as it is.
    static func color(_ color: SheetColor) -> [String: Any] {
        let css =
            switch color {
            case .system(let named): "var(--whatsnew-\(named.rawValue))"
            case .rgb(let rgb): rgb.hex
            }
        return ["css": css, "name": color.description, "light": color.light.hex, "dark": color.dark.hex]
    }

    /// The icon column in em of the list's font: a two-cell emoji drawn at 1.75em is about
    /// 2.3em wide, so 1.15em a cell, rounded up to a tenth.
    static func em(cells: Int) -> String {
        guard cells > 0 else { return "0" }
        let tenths = (cells * 115 + 9) / 10
        return "\(tenths / 10).\(tenths % 10)em"
    }

    /// Web and mail addresses and relative links; never `javascript:`, `data:` or the like.
    static func isSafeLink(_ link: String) -> Bool {
        let lower = link.lowercased().trimmedWhitespace()
        if LinkScheme.isWebOrMail(lower) { return true }
        // A relative link has no scheme: nothing before a ':' that comes before any '/', '?' or '#'.
        guard let colon = lower.firstIndex(of: ":") else { return true }
        return lower[..<colon].contains { "/?#".contains($0) }
    }
}
