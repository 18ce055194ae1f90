import WhatsNewModel
import WhatsNewSchema
import WhatsNewSheet

/// The document as JSON for apps: schema version 1, the `Sheet` of the WhatsNewSchema library.
public struct JSONRenderer: SheetRenderer {
    /// A renderer.
    public init() {}

    /// The JSON written to `output` a piece at a time, each release's schema value made as it
    /// is reached: the same text as encoding ``sheet(_:)``, without holding it whole.
    public func render(_ sheet: Presentation, to output: inout some TextOutputStream) {
        // The schema's types hold only text, numbers and nulls, which always encode.
        try? JSONTextEncoder().encode(StreamedSheet(renderer: self, sheet: sheet)) {
            output.writeUTF8($0)
        }
    }

    /// The sheet as an app decodes it.
    public func sheet(_ sheet: Presentation) -> Sheet {
        Sheet(
            title: sheet.document.title, releases: sheet.releases.map(release),
            archives: sheet.document.archives.map { Sheet.Archive(title: $0.title, link: $0.link) })
    }

    fileprivate func release(_ release: PresentedRelease) -> Sheet.Release {
        Sheet.Release(
            version: release.version?.text, date: release.date?.iso, title: release.title,
            summary: release.summary.map(\.plainText),
            sections: release.sections.enumerated().map { section($1, truncated: release.isTruncated(row: $0)) },
            unreleased: release.isUnreleased, locale: release.locale, scheduled: release.isScheduled,
            size: release.size?.rawValue, omitted: release.size == nil ? nil : release.omitted,
            compare: release.compare, build: release.build,
            show: release.show.map { Sheet.Show(rawValue: $0.rawValue) })
    }

    private func section(_ section: Section, truncated: Bool) -> Sheet.Section {
        let items = section.items
        // A body that is one list reads as its items, one per line: no need to walk it twice.
        let summary = section.isOneList ? items.joined(separator: "\n") : section.lead.plainText
        return Sheet.Section(
            kind: section.kind.map { Sheet.Kind(rawValue: $0.rawValue) }, icon: section.appearance.icon?.glyph,
            symbol: section.appearance.icon?.symbol, color: section.appearance.color?.description,
            title: section.title, summary: summary.isEmpty ? nil : summary, html: MarkdownHTML.of(section.content),
            items: items, line: section.line, locale: section.locale, truncated: truncated,
            audiences: section.audiences, platforms: section.platforms, priority: section.priority,
            image: section.image)
    }
}

/// `Sheet`'s encoding, keys in the schema's order, with each release converted as it is written.
private struct StreamedSheet: Encodable {
    let renderer: JSONRenderer
    let sheet: Presentation

    private enum CodingKeys: String, CodingKey { case schemaVersion, title, releases, archives }

    private struct Releases: Encodable {
        let renderer: JSONRenderer
        let releases: Presentation.Releases

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for release in releases { try container.encode(renderer.release(release)) }
        }
    }

    func encode(to encoder: any Encoder) throws {
        let archives = sheet.document.archives.map { Sheet.Archive(title: $0.title, link: $0.link) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Sheet(title: nil, releases: []).schemaVersion, forKey: .schemaVersion)
        try container.encode(sheet.document.title, forKey: .title)
        try container.encode(Releases(renderer: renderer, releases: sheet.releases), forKey: .releases)
        if !archives.isEmpty { try container.encode(archives, forKey: .archives) }
    }
}
