import WhatsNewModel
import WhatsNewSheet
import WhatsNewTemplates

/// Release notes for Sparkle's update window, which shows them in a WebKit view about 480
/// points wide beneath its own heading.
///
/// The notes are cumulative: a release and the ones before it, newest first, each marked with
/// `data-sparkle-version` (its build number, see `BuildNumbers`). Sparkle 2.5 and later adds
/// the class `sparkle-installed-version` to the installed version's element, and the sheet's
/// stylesheet hides it and every older one, so a reader who skipped versions sees exactly what
/// they missed. Nothing is loaded: no script, no remote stylesheet, images as links to them.
public struct SparkleNotesRenderer: SheetRenderer {
    /// A whole HTML document to put beside the archive, rather than a fragment for an
    /// appcast's `<description>` (its stylesheet inline either way).
    public var standalone: Bool
    /// The notes' language; nil for notes shown as written.
    public var locale: LocaleTag?

    /// A renderer of the page beside an archive unless said otherwise.
    public init(standalone: Bool = true, locale: LocaleTag? = nil) {
        self.standalone = standalone
        self.locale = locale
    }

    /// The built-in templates with the stylesheet fitted to Sparkle's view and compacted, for
    /// the page beside an archive.
    private static let templates: HTMLTemplates = {
        var library = HTMLTemplates.builtIn.library
        let style = HTMLRenderer.stylesheet + (BuiltInTemplates.all["sparkle-style"] ?? "")
        try? library.register(CompactCSS.of(style), named: "style")
        return HTMLTemplates(library: library)
    }()

    /// For an appcast's description, a table that keeps one icon column with no style, and a
    /// few rules: the feed travels whole with every update check, once per item.
    private static let descriptionTemplates: HTMLTemplates = {
        var library = HTMLTemplates.builtIn.library
        try? library.register(CompactCSS.of(BuiltInTemplates.all["sparkle-description-style"] ?? ""), named: "style")
        return HTMLTemplates(library: library)
    }()

    /// The notes, every release of the sheet (see ``/WhatsNewSheet/ReleaseSelection/cumulative(_:history:)``).
    public func render(_ sheet: Presentation, to output: inout some TextOutputStream) throws(Diagnostic) {
        var context = HTMLContext(sheet: sheet, standalone: standalone, style: .inline, locale: locale)
        context.isSelfContained = true
        try (standalone ? Self.templates : Self.descriptionTemplates).render(
            context.value, template: standalone ? "sparkle" : "sparkle-description"
        ) { output.writeUTF8(ControlBytes.stripped($0)) }
    }
}
