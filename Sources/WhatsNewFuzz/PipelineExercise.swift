import WhatsNewModel
import WhatsNewReading
import WhatsNewSheet
import WhatsNewRendering

/// One input through the whole pipeline: front-matter split, cmark, reading, selection, lint,
/// layout and every renderer, in every mode. Whatever the bytes, nothing may trap.
enum PipelineExercise {
    static func run(_ bytes: [UInt8]) {
        guard let source = try? SourceFile(path: "fuzz.md", bytes: bytes) else { return }
        let reading = DocumentReader().read(source)
        let document = reading.document
        _ = Linter().check(document, path: source.path)
        let selections: [ReleaseSelection] = [
            ReleaseSelection(release: "latest"), ReleaseSelection(release: "all"),
            ReleaseSelection(release: "unreleased"),
        ]
        for selection in selections {
            guard let releases = try? selection.releases(from: document, path: source.path) else { continue }
            for options in [
                TerminalOptions(width: 20), TerminalOptions(width: 80, styling: true),
                TerminalOptions(
                    width: 33, styling: true, colorDepth: .trueColor, displayWidth: DisplayWidth(ambiguousIsWide: true)),
            ] {
                _ = TextSheetRenderer(options: options).render(document, releases: releases)
            }
            _ = try? HTMLRenderer().render(document, releases: releases)
            _ = try? HTMLRenderer(standalone: true).render(document, releases: releases)
            _ = JSONRenderer().render(document, releases: releases)
            for store in Store.allCases {
                _ = try? StoreTextRenderer(store: store, truncates: true).render(
                    document, releases: releases, path: source.path)
            }
            // The Markdown body must read back without trapping too.
            let body = MarkdownRenderer().render(document, releases: releases)
            if let again = try? SourceFile(path: "body.md", bytes: Array(body.utf8)) {
                _ = DocumentReader().read(again)
            }
        }
    }
}
