/// The What's New sheet as HTML: a fragment to embed in a page, or with `standalone` a whole
/// HTML5 document. The markup and its class names are the templates'; see Templates/.
public struct HTMLRenderer: Sendable {
    public var templates: HTMLTemplates
    public var standalone: Bool

    public init(templates: HTMLTemplates = .builtIn, standalone: Bool = false) {
        self.templates = templates
        self.standalone = standalone
    }

    /// The sheet; a user's template whose partials never stop including one another is reported.
    public func render(_ document: Document, releases: [Release]) throws(Diagnostic) -> String {
        let layout = SheetLayout(releases: releases, width: 80, displayWidth: DisplayWidth())
        let context = HTMLContext(document: document, releases: releases, layout: layout, standalone: standalone)
        return try templates.render(context.value, template: standalone ? "standalone" : "sheet")
    }
}
