import Foundation
import WhatsNewModel
import WhatsNewProject
import WhatsNewReading
import WhatsNewRendering
import WhatsNewSheet

/// One input through the whole pipeline: front-matter split, cmark, reading, selection, lint,
/// layout and every renderer in every mode; then through the project layer as the notes of a
/// project, as one of its fragments and as a translation, shown and released. Whatever the
/// bytes, nothing may trap.
enum PipelineExercise {
    static func run(_ bytes: [UInt8]) {
        library(bytes)
        project(bytes)
    }

    /// The library alone, in memory.
    static func library(_ bytes: [UInt8]) {
        guard let source = try? SourceFile(path: "fuzz.md", bytes: bytes) else { return }
        let document = DocumentReader().read(source).document
        _ = Linter().check(document, path: source.path)
        for selection in [ReleaseSelection.latest, .all, .unreleased] {
            guard
                let sheet = try? Presentation(document, path: source.path, options: SheetOptions(selection: selection))
            else { continue }
            for terminal in [
                TerminalOptions(width: 20), TerminalOptions(width: 80, styling: true),
                TerminalOptions(
                    width: 33, styling: true, colorDepth: .trueColor, displayWidth: DisplayWidth(ambiguousIsWide: true)),
            ] {
                _ = TextSheetRenderer(options: terminal).render(sheet)
            }
            for format in OutputFormat.allCases {
                _ = try? format.renderer(RenderOptions(standalone: format == .html, truncates: true)).render(sheet)
            }
            for size in SizeFamily.allCases {
                let options = SheetOptions(selection: selection, size: size)
                guard let sized = try? Presentation(document, path: source.path, options: options) else { continue }
                _ = JSONRenderer().render(sized)
                _ = TextSheetRenderer(options: TerminalOptions(width: size.width)).render(sized)
            }
            // The Markdown body must read back without trapping too.
            let body = MarkdownRenderer().render(sheet)
            if let again = try? SourceFile(path: "body.md", bytes: Array(body.utf8)) {
                _ = DocumentReader().read(again)
            }
        }
    }

    /// The project layer on disk: the bytes as a project's notes, as a fragment of it and as
    /// its German translation; the sheet with the fragment composed in, in both languages,
    /// then the release written.
    static func project(_ bytes: [UInt8]) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("whatsnew-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fragment = Array("---\nkind: fixed\n---\n".utf8) + bytes
        do {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(".changes"), withIntermediateDirectories: true)
            try Data(bytes).write(to: folder.appendingPathComponent("CHANGELOG.md"))
            try Data(bytes).write(to: folder.appendingPathComponent("CHANGELOG.de.md"))
            try Data(fragment).write(to: folder.appendingPathComponent(".changes/20240101-000000-fuzz-0000.md"))
        } catch {
            return
        }
        let project = Project(settings: nil, root: folder.path + "/")
        let silent = Console(output: { _ in nil }, report: { _ in })
        var request = NotesRequest()
        request.today = "2024-06-01"
        if let notes = try? Notes(request, in: project, console: silent) {
            for locale in [nil, LocaleTag("de")] {
                guard let edition = try? notes.edition(locale) else { continue }
                _ = notes.ignored(in: edition)
                for selection in [ReleaseSelection.latest, .unreleased, .all] {
                    let sheet = SheetRequest(today: ReleaseDate(year: 2024, month: 6, day: 1)!, filter: RowFilter())
                    guard let shown = try? sheet.sheet(of: edition, selection: selection, in: notes) else { continue }
                    _ = JSONRenderer().render(shown)
                    _ = TextSheetRenderer().render(shown)
                }
            }
        }
        var release = WriteRelease(version: "999.0.0")
        release.date = "2024-06-01"
        release.allowsEmpty = true
        release.dryRun = true
        try? release.run(in: project, console: silent)
        release.dryRun = false
        try? release.run(in: project, console: silent)
    }
}
