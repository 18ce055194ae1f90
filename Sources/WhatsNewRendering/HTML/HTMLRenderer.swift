import WhatsNewModel
import WhatsNewSheet
import WhatsNewTemplates

/// The What's New sheet as HTML: a fragment to embed in a page, or with `standalone` a whole
/// HTML5 document. The markup and its class names are the templates'; see Templates/.
public struct HTMLRenderer: SheetRenderer {
    /// The Mustache templates: the built-in ones, or a user's.
    public var templates: HTMLTemplates
    /// Whether to write a whole HTML5 document rather than a fragment to embed.
    public var standalone: Bool
    /// Where the stylesheet goes.
    public var style: HTMLStyle
    /// The sheet's language (`lang`, and `dir="rtl"` for Arabic or Hebrew); nil for English
    /// notes shown as written.
    public var locale: LocaleTag?

    /// A renderer; a fragment with its stylesheet inline, in English, unless said otherwise.
    public init(
        templates: HTMLTemplates = .builtIn, standalone: Bool = false, style: HTMLStyle = .inline,
        locale: LocaleTag? = nil
    ) {
        self.templates = templates
        self.standalone = standalone
        self.style = style
        self.locale = locale
    }

    /// The stylesheet the built-in templates use, for a page to link once.
    public static var stylesheet: String { BuiltInTemplates.all["style"] ?? "" }

    /// The sheet written to `output` a piece at a time, each release's context made as it is
    /// reached, so a long changelog's sheet is never held whole. A user's template that fails
    /// partway leaves what it wrote before the failure in `output`; a template whose partials
    /// never stop including one another is reported.
    public func render(_ sheet: Presentation, to output: inout some TextOutputStream) throws(Diagnostic) {
        let context = HTMLContext(sheet: sheet, standalone: standalone, style: style, locale: locale)
        try templates.render(context.value, template: standalone ? "standalone" : "sheet") {
            output.writeUTF8(ControlBytes.stripped($0))
        }
    }
}
