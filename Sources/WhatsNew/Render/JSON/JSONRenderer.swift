/// The document as JSON for apps, schema version 1 (DESIGN §5).
public struct JSONRenderer: Sendable, ByteRenderer {
    public static let schemaVersion = 1

    public init() {}

    public func render(_ document: Document, releases: [Release]) -> String {
        String(decoding: renderUTF8(document, releases: releases), as: UTF8.self)
    }

    /// The same as UTF-8 bytes, never made into a String (see `HTMLRenderer.renderUTF8`).
    public func renderUTF8(_ document: Document, releases: [Release]) -> [UInt8] {
        gathered(document, releases: releases)
    }

    /// The same handed to `sink` as it is written.
    public func render(_ document: Document, releases: [Release], to sink: OutputSink) {
        stream(document, releases: releases, to: sink)
    }

    func expectedSize(of releases: [Release]) -> Int { releases.reduce(4096) { $0 + $1.sections.count * 1024 } }

    func write(_ document: Document, releases: [Release], into output: inout ByteWriter) {
        var json = JSONWriter(output: consume output)
        write(document, releases: releases, to: &json)
        output = json.finish()
    }

    private func write(_ document: Document, releases: [Release], to json: inout JSONWriter) {
        // Written as it goes: building a tree of values first, then freeing it, cost more than
        // the writing (callgrind, 1 MB changelog: 126 M + 80 M instructions of 677 M).
        json.beginObject()
        json.key("schemaVersion")
        json.value(Self.schemaVersion)
        json.key("title")
        json.value(document.title)
        json.key("releases")
        json.beginArray()
        // Releases are written apart from one another, so a long changelog's are shared out
        // over the cores and added in order as they are done.
        let parts = ParallelWork.streamingRanges(of: releases.count)
        let blank = json.elementWriter()
        ParallelWork.forEach(parts: parts.count, into: &json) { part in
            var json = blank
            for release in releases[parts[part]] { write(release, to: &json) }
            return json
        } inOrder: { json, part in
            json.appendElements(of: part)
        }
        json.end()
        json.end()
    }

    private func write(_ release: Release, to json: inout JSONWriter) {
        json.beginObject()
        json.key("version")
        json.value(release.version?.text)
        json.key("date")
        json.value(release.date?.iso)
        json.key("title")
        json.value(release.title)
        json.key("summary")
        json.value(release.summary.map(\.plainText))
        json.key("sections")
        json.beginArray()
        for section in release.sections { write(section, to: &json) }
        json.end()
        json.end()
    }

    private func write(_ section: Section, to json: inout JSONWriter) {
        let summary = section.lead.plainText
        json.beginObject()
        json.key("kind")
        json.value(section.kind?.rawValue)
        json.key("icon")
        json.value(section.appearance.icon?.glyph)
        json.key("symbol")
        json.value(section.appearance.icon?.symbol)
        json.key("color")
        json.value(section.appearance.color?.description)
        json.key("title")
        json.value(section.title)
        json.key("summary")
        json.value(summary.isEmpty ? nil : summary)
        json.key("html")
        json.value(pieces: section.content.htmlPieces)
        json.key("items")
        json.beginArray()
        for item in section.items { json.value(item) }
        json.end()
        json.key("line")
        json.value(section.line)
        json.end()
    }
}
