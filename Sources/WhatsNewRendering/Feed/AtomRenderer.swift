import WhatsNewModel
import WhatsNewSheet

/// An Atom 1.0 feed of the newest releases, for a docs site's "what's new" feed.
///
/// Entries are the newest `entries` releases that are out and dated, newest first: a release
/// without a date has no `updated` to give, and the unreleased changes and scheduled releases
/// are not out, so they are left out. Each entry's id is the same from run to run for the same
/// version: the feed's address with `#` and the version, else the repository's release page for
/// it, else a `tag:` URI made of the feed's title. The content is the release as HTML that
/// survives feed readers, which drop `<style>`: icons as text in each row's heading, the
/// Markdown as cmark's safe renderer writes it (no raw HTML, no script, no dangerous link).
public struct AtomRenderer: SheetRenderer {
    /// How many of the newest releases the feed holds.
    public var entries: Int
    /// The feed's own address (its `self` link and the base of its ids).
    public var feedURL: String?
    /// The project's repository, for the ids and the feed's `alternate` link.
    public var repository: RepositoryAddress?
    /// The feed's language (`xml:lang`); nil for notes shown as written, in English.
    public var locale: LocaleTag?

    /// A feed of the 20 newest releases unless said otherwise.
    public init(
        entries: Int = 20, feedURL: String? = nil, repository: RepositoryAddress? = nil, locale: LocaleTag? = nil
    ) {
        self.entries = entries
        self.feedURL = feedURL
        self.repository = repository
        self.locale = locale
    }

    /// The feed's XML.
    public func render(_ sheet: Presentation, to output: inout some TextOutputStream) {
        let (document, words) = (sheet.document, sheet.words)
        let shown = sheet.feedReleases(newest: entries)
        let title = document.title ?? words.whatsNew
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml +=
            "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(MarkupText.xml(locale?.description ?? "en"))\">\n"
        xml += "  <title>\(MarkupText.xml(title))</title>\n"
        if let subtitle = document.subtitle { xml += "  <subtitle>\(MarkupText.xml(subtitle))</subtitle>\n" }
        xml += "  <id>\(MarkupText.xml(feedID(title: title)))</id>\n"
        xml += "  <updated>\(Self.timestamp(shown.first?.date))</updated>\n"
        if let feedURL = Self.web(feedURL) { xml += "  <link rel=\"self\" href=\"\(MarkupText.xml(feedURL))\"/>\n" }
        if let repository { xml += "  <link rel=\"alternate\" href=\"\(MarkupText.xml(repository.base))\"/>\n" }
        xml += "  <author><name>\(MarkupText.xml(title))</name></author>\n"
        xml += "  <generator>whatsnew</generator>\n"
        for release in shown { xml += entry(release, title: title, words: words) }
        xml += "</feed>\n"
        output.write(xml)
    }

    private func entry(_ release: PresentedRelease, title: String, words: SheetWords) -> String {
        var xml = "  <entry>\n"
        xml += "    <title>\(MarkupText.xml(release.displayName(words)))</title>\n"
        xml += "    <id>\(MarkupText.xml(entryID(release, title: title)))</id>\n"
        xml += "    <updated>\(Self.timestamp(release.date))</updated>\n"
        if let link = Self.web(release.link ?? release.compare) {
            xml += "    <link rel=\"alternate\" href=\"\(MarkupText.xml(link))\"/>\n"
        }
        xml += "    <content type=\"html\">\(MarkupText.xml(html(release, words: words)))</content>\n"
        xml += "  </entry>\n"
        return xml
    }

    /// The release as plain HTML: its summary, then per row a heading with the icon as text and
    /// the row's Markdown.
    private func html(_ release: PresentedRelease, words: SheetWords) -> String {
        var html = ""
        if let summary = release.summary, !summary.isEmpty { html += MarkdownHTML.of(summary) }
        for section in release.sections {
            let icon = section.appearance.icon.map { $0.glyph + " " } ?? ""
            let heading = icon + (section.title ?? "")
            if !heading.isEmpty { html += "<h3>\(MarkupText.xml(heading))</h3>\n" }
            html += MarkdownHTML.of(section.content)
        }
        if release.sections.isEmpty && release.summary == nil {
            html += "<p>\(MarkupText.xml(release.emptyNote(words)))</p>\n"
        }
        return html
    }

    private func feedID(title: String) -> String {
        if let feedURL = Self.web(feedURL) { return feedURL }
        if let repository { return repository.base + "/releases" }
        return "tag:whatsnew,2024:" + Self.slug(title)
    }

    private func entryID(_ release: PresentedRelease, title: String) -> String {
        let version = release.version?.text ?? Self.slug(release.title)
        if let feedURL = Self.web(feedURL) { return feedURL + "#" + Self.slug(version) }
        if let repository { return repository.base + "/releases/tag/" + Self.slug(version) }
        return "tag:whatsnew,2024:" + Self.slug(title) + "/" + Self.slug(version)
    }

    /// `2024-05-02T00:00:00Z`: the day, as Atom's date-time asks.
    private static func timestamp(_ date: ReleaseDate?) -> String {
        guard let date else { return "1970-01-01T00:00:00Z" }
        return date.iso + "T00:00:00Z"
    }

    private static func web(_ address: String?) -> String? {
        guard let address, LinkSafety.isWeb(address) else { return nil }
        return address
    }

    /// Letters, digits, `.`, `-` and `_` kept; anything else as `-`: a piece of a URI.
    static func slug(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.map { scalar -> String in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))
                    || "._-".unicodeScalars.contains(scalar))
                ? String(scalar) : "-"
        }
        let joined = kept.joined()
        return joined.isEmpty ? "notes" : joined
    }
}
