import WhatsNewModel
import WhatsNewRendering
import WhatsNewSheet

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--locales all` or `de,ja,pt-BR`.
package struct LocaleList: Sendable {
    /// The notes and every translation found.
    package let all: Bool
    /// The locales listed.
    package let listed: [LocaleTag]

    package init(_ text: String) throws(CommandFailure) {
        all = text == "all"
        var listed: [LocaleTag] = []
        if !all {
            for part in text.split(separator: ",") {
                guard let tag = LocaleTag(part.trimmedWhitespace()) else {
                    throw .usage("--locales takes all or BCP 47 tags such as de,ja,pt-BR, not \(part)")
                }
                listed.append(tag)
            }
        }
        self.listed = listed
    }

    /// The original's locale first, then each translation's.
    package func tags(_ files: TranslationFiles) -> [LocaleTag] {
        guard all else { return listed }
        let found = files.candidates.compactMap(\.locale).filter(\.isKnownLanguage)
        return [files.originalLocale] + found.filter { $0 != files.originalLocale }
    }
}

/// The notes in each of several locales, from the one read: the original's locale reads the
/// notes as written, every other its translation, read when its sheet is made.
package struct LocalizedEditions {
    package let notes: Notes
    /// Each locale asked for.
    package let tags: [LocaleTag]

    package init(_ notes: Notes, locales: LocaleList) {
        self.notes = notes
        tags = locales.tags(notes.translations)
    }

    /// The notes in `tag`: as written for the original's locale.
    private func edition(_ tag: LocaleTag) throws(CommandFailure) -> Notes.Edition {
        try notes.edition(tag == notes.translations.originalLocale ? nil : tag)
    }

    /// One JSON sheet per locale, in `<directory>/<locale>.lproj/<name>`, as an app bundles them.
    package func json(sheet: SheetRequest, directory: String, name: String) throws(CommandFailure) -> [(String, String)]
    {
        var files: [(String, String)] = []
        for tag in tags {
            let shown = try sheet.sheet(of: try edition(tag), selection: notes.request.selection(), in: notes)
            var json = ""
            JSONRenderer().render(shown, to: &json)
            files.append(("\(directory)/\(tag).lproj/\(name)", json))
        }
        return files
    }

    /// TestFlight's "What to Test" for each locale, as one JSON object of App Store Connect
    /// locale to text, the shape a beta build's localizations take. Every text is made and
    /// checked against the limit first, so one over it fails the run and nothing is written.
    package func testFlightTexts(sheet: SheetRequest, truncates: Bool) throws(CommandFailure) -> String {
        var texts: [String: String] = [:]
        var failures: [Diagnostic] = []
        for tag in tags {
            guard let code = StoreLocales.codes(for: tag)?.appStore else {
                failures.append(
                    Diagnostic(
                        .storeLocale, at: SourceLocation(path: notes.path, line: 1, column: 1),
                        "App Store Connect takes no locale \(tag); name the translation after one it does (Sources/WhatsNewRendering/Store/store-locales.tsv)"
                    ))
                continue
            }
            let shown = try sheet.sheet(of: try edition(tag), selection: notes.request.selection(), in: notes)
            do {
                // The text without the final line break a file gets: a localization's field holds it as it is.
                texts[code] = String(
                    try StoreTextRenderer(store: .testFlight, truncates: truncates).render(shown).dropLast())
            } catch {
                var diagnostic = error
                diagnostic.message = "in \(tag): " + diagnostic.message
                failures.append(diagnostic)
            }
        }
        if !failures.isEmpty { throw CommandFailure(failures) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(texts) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Files made in full before any is written, then written together: all of them or none.
package enum ExportFiles {
    /// Writes `files` together, each checked to be the project's own or under a folder the
    /// command line names (``ProjectBoundary``) before any folder is made for it.
    package static func write(_ files: [(String, String)], in project: Project, console: Console) throws(CommandFailure)
    {
        let boundary = project.boundary
        for (path, _) in files { try boundary.admit(path, from: .commandLine, what: "the export file") }
        for (path, _) in files {
            try ProjectFiles.makeFolders(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
        try OutputTarget.writeAll(files.map { (path: $0.0, text: $0.1) })
        for (path, text) in files {
            _ = console.output("wrote \(path) (\(text.count - 1) characters)\n")
        }
    }
}
