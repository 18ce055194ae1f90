/// The document as JSON for apps, schema version 1 (DESIGN §5).
public struct JSONRenderer: Sendable {
    public static let schemaVersion = 1

    public init() {}

    public func render(_ document: Document, releases: [Release]) -> String {
        JSONValue.object([
            ("schemaVersion", .int(Self.schemaVersion)),
            ("title", .string(document.title)),
            ("releases", .array(releases.map(json))),
        ]).text()
    }

    private func json(_ release: Release) -> JSONValue {
        .object([
            ("version", .string(release.version?.text)),
            ("date", .string(release.date?.iso)),
            ("title", .string(release.title)),
            ("summary", .string(release.summary.map(\.plainText))),
            ("sections", .array(release.sections.map(json))),
        ])
    }

    private func json(_ section: Section) -> JSONValue {
        let summary = section.lead.plainText
        return .object([
            ("kind", .string(section.kind?.rawValue)),
            ("icon", .string(section.appearance.icon?.glyph)),
            ("symbol", .string(section.appearance.icon?.symbol)),
            ("color", .string(section.appearance.color?.description)),
            ("title", .string(section.title)),
            ("summary", .string(summary.isEmpty ? nil : summary)),
            ("html", .string(section.content.html)),
            ("items", .array(section.items.map(JSONValue.string))),
            ("line", .int(section.line)),
        ])
    }
}
