import WhatsNewModel
import WhatsNewSheet

/// One page with a release in every size family side by side, in light and in dark: what
/// `whatsnew preview` writes, to see at a glance how each surface reads.
public struct PreviewPage: SheetRenderer {
    /// How text is measured when rows are fitted to each family.
    public var displayWidth: DisplayWidth

    /// A preview.
    public init(displayWidth: DisplayWidth = DisplayWidth()) {
        self.displayWidth = displayWidth
    }

    /// The page for the sheet's first release; nothing for a sheet of none.
    public func render(_ sheet: Presentation, to output: inout some TextOutputStream) throws(Diagnostic) {
        guard let release = sheet.releases.first else { return }
        let (document, words) = (sheet.document, sheet.words)
        let renderer = HTMLRenderer(style: .none)
        var panels: [String] = []
        for scheme in ["light", "dark"] {
            var cards: [String] = []
            for family in SizeFamily.allCases {
                let sized = RowBudget(family: family, displayWidth: displayWidth, words: words)
                    .apply(to: release, filling: sheet.earlier)
                let card = try renderer.render(
                    Presentation(document: document, releases: .init(sized), path: sheet.path, words: words))
                cards.append(
                    "<figure class=\"preview-card\" data-family=\"\(family.rawValue)\">\n\(card)"
                        + "<figcaption>\(family.rawValue)</figcaption>\n</figure>")
            }
            panels.append(
                "<section class=\"preview-panel\" data-scheme=\"\(scheme)\" style=\"color-scheme: \(scheme)\">\n"
                    + "<h2>\(scheme == "light" ? "Light" : "Dark")</h2>\n" + cards.joined(separator: "\n")
                    + "\n</section>")
        }
        var escaped: [UInt8] = []
        MarkupText.appendEscaped(document.title ?? words.whatsNew, to: &escaped)
        let title = String(decoding: escaped, as: UTF8.self)
        output.write(
            """
            <!DOCTYPE html>
            <html lang="\(words.locale)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title): every size</title>
            <style>
            body { margin: 0; font-family: system-ui, sans-serif; }
            .preview-panel { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 1.5em; padding: 1.5em 2em 2em;
              background: #f2f2f7; color: #000; }
            .preview-panel[data-scheme="dark"] { background: #000; color: #fff; }
            .preview-panel > h2 { flex-basis: 100%; margin: 0; font-size: 1em; }
            .preview-card { margin: 0; }
            .preview-card figcaption { margin-top: 0.4em; font-size: 0.8em; opacity: 0.7; }
            \(HTMLRenderer.stylesheet)
            </style>
            </head>
            <body>
            <main>
            \(panels.joined(separator: "\n"))
            </main>
            </body>
            </html>

            """)
    }
}
