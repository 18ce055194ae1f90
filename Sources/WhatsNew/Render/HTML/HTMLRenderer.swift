/// The What's New sheet as HTML: a fragment to embed in a page, or with `standalone` a whole
/// HTML5 document. The markup and its class names are the templates'; see Templates/.
public struct HTMLRenderer: Sendable {
    public var templates: HTMLTemplates
    public var standalone: Bool

    public init(templates: HTMLTemplates = .builtIn, standalone: Bool = false) {
        self.templates = templates
        self.standalone = standalone
    }

    public func render(_ document: Document, releases: [Release]) -> String {
        String(decoding: renderUTF8(document, releases: releases), as: UTF8.self)
    }

    /// The same as UTF-8 bytes, never made into a String: a large sheet is written out as it
    /// is, without a pass over it to check bytes that are valid by construction.
    public func renderUTF8(_ document: Document, releases: [Release]) -> [UInt8] {
        gathered(document, releases: releases)
    }

    /// The same handed to `sink` as it is rendered.
    public func render(_ document: Document, releases: [Release], to sink: OutputSink) {
        stream(document, releases: releases, to: sink)
    }
}

extension HTMLRenderer: ByteRenderer {
    /// About the size of cmark's HTML for the notes, plus a few hundred bytes a row.
    func expectedSize(of releases: [Release]) -> Int {
        releases.reduce(0) { total, release in
            release.sections.reduce(total + 512) { $0 + $1.lead.htmlByteCount + 512 }
        }
    }

    func write(_ document: Document, releases: [Release], into output: inout ByteWriter) {
        let layout = SheetLayout(releases: releases, width: 80, displayWidth: DisplayWidth())
        let context = HTMLContext(
            document: document, releases: releases, layout: layout, standalone: standalone, templates: templates)
        templates.render(context.value, template: standalone ? "standalone" : "sheet", into: &output)
    }
}
