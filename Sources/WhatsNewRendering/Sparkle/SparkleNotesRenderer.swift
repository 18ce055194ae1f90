import WhatsNewTemplates
import WhatsNewModel
import WhatsNewSheet

/// Release notes for Sparkle's update window, which shows them in a WebKit view about 480
/// points wide beneath its own heading.
///
/// The notes are cumulative: a release and the ones before it, newest first, each marked with
/// `data-sparkle-version` (its build number, see ``BuildNumbers``). Sparkle 2.5 and later adds
/// the class `sparkle-installed-version` to the installed version's element, and the sheet's
/// stylesheet hides it and every older one, so a reader who skipped versions sees exactly what
/// they missed. Nothing is loaded: no script, no remote stylesheet, images as links to them.
public struct SparkleNotesRenderer: Sendable {
    /// whatsnew's own words and the date form, in the notes' locale.
    public var words: SheetWords
    /// The notes' language; nil for notes shown as written.
    public var locale: LocaleTag?

    /// A renderer in English unless a locale's words are given.
    public init(words: SheetWords = .english, locale: LocaleTag? = nil) {
        self.words = words
        self.locale = locale
    }

    /// The release `version` and at most `history` released versions before it, newest first:
    /// what a reader updating to `version` may not have seen. "Before" is the notes' own order
    /// (below it in notes written newest first, above it in notes written oldest first), so a
    /// project whose `2026.2.2-3` came out after `2026.2.2` reads as it wrote them.
    public static func cumulative(_ document: Document, version: String, history: Int, path: String)
        throws(Diagnostic) -> [Release]
    {
        let target = try ReleaseSelection.version(version).releases(from: document, path: path)[0]
        // The target itself may still be marked unreleased: notes are often written before the tag.
        let released = document.releases.filter {
            $0.line == target.line || ($0.version != nil && !$0.isUnreleased && !$0.isScheduled)
        }
        guard let position = released.firstIndex(where: { $0.line == target.line }) else { return [target] }
        let before = newestFirst(released) ? released[(position + 1)...] : released[..<position].reversed()[...]
        return [target] + before.prefix(max(0, history))
    }

    /// Whether the notes list newer versions above older ones, as most do: more neighbours fall
    /// in precedence going down than rise.
    private static func newestFirst(_ releases: [Release]) -> Bool {
        var falling = 0
        var rising = 0
        for (upper, lower) in zip(releases, releases.dropFirst()) {
            guard let upperVersion = upper.version, let lowerVersion = lower.version else { continue }
            switch upperVersion.compare(to: lowerVersion) {
            case .newer: falling += 1
            case .older: rising += 1
            default: break
            }
        }
        return falling >= rising
    }

    /// The notes as a whole HTML document to put beside the archive.
    public func page(_ document: Document, releases: [Release]) throws(Diagnostic) -> String {
        try render(document, releases: releases, standalone: true)
    }

    /// The notes as an HTML fragment, its stylesheet inline, for an appcast's `<description>`.
    public func fragment(_ document: Document, releases: [Release]) throws(Diagnostic) -> String {
        try render(document, releases: releases, standalone: false)
    }

    /// The built-in templates with the stylesheet fitted to Sparkle's view and compacted:
    /// notes in an appcast travel with every update check.
    private static let templates: HTMLTemplates = {
        var library = HTMLTemplates.builtIn.library
        let style = HTMLRenderer.stylesheet + (BuiltInTemplates.all["sparkle-style"] ?? "")
        try? library.register(CompactCSS.of(style), named: "style")
        return HTMLTemplates(library: library)
    }()

    private func render(_ document: Document, releases: [Release], standalone: Bool) throws(Diagnostic) -> String {
        let layout = SheetLayout(releases: releases, width: 80, displayWidth: DisplayWidth())
        var context = HTMLContext(
            document: document, releases: releases, layout: layout, standalone: standalone, style: .inline,
            words: words, locale: locale)
        context.isSelfContained = true
        var output = ""
        try Self.templates.render(context.value, template: standalone ? "sparkle" : "sheet") {
            output.write($0)
        }
        return output
    }
}
