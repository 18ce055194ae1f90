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
            ("icon", .string(section.icon?.glyph)),
            ("symbol", .string(section.icon?.symbolName)),
            ("color", .string(section.color)),
            ("title", .string(section.title)),
            ("summary", .string(summary.isEmpty ? nil : summary)),
            ("html", .string(section.content.html)),
            ("items", .array(section.items.map(JSONValue.string))),
            ("line", .int(section.line)),
        ])
    }
}

extension Icon {
    /// The glyph to show, where the notes give one directly.
    var glyph: String? {
        if case .glyph(let glyph) = self { return glyph }
        return nil
    }

    /// The SF Symbol name, when the icon is one.
    var symbolName: String? {
        if case .symbol(let name) = self { return name }
        return nil
    }
}
