import Foundation
import WhatsNewModel
import WhatsNewReading
import WhatsNewSheet
import WhatsNewRendering

/// `--format testflight --locales …`: TestFlight's "What to Test" for the notes and each
/// translation, as one JSON object of App Store Connect locale to text, the shape a beta
/// build's localizations take. Every text is made and checked against the limit first, so a
/// text over it fails the whole run and writes nothing.
enum TestFlightTexts {
    static func json(
        _ input: String, selection: ReleaseSelection, locales: LocaleList, localesDirectory: String?,
        icons: IconCatalog, maximumSize: Int, truncates: Bool
    ) throws -> String {
        let original = TranslationFiles(input: input, localesDirectory: localesDirectory).originalLocale
        var texts: [String: String] = [:]
        var failures: [Diagnostic] = []
        for tag in locales.tags(for: input, localesDirectory: localesDirectory) {
            guard let code = StoreLocales.codes(for: tag)?.appStore else {
                failures.append(
                    Diagnostic(
                        .storeLocale, at: SourceLocation(path: input, line: 1, column: 1),
                        "App Store Connect takes no locale \(tag); name the translation after one it does (Data/store-locales.tsv)"))
                continue
            }
            let notes = try ChosenNotes(
                input, selection: selection, icons: icons, maximumSize: maximumSize,
                locale: tag == original ? nil : tag, localesDirectory: localesDirectory)
            do {
                // The text without the final line break a file gets: a localization's field holds it as it is.
                texts[code] = String(try notes.text(.testFlight, truncates).dropLast())
            } catch let failure as StoreTextFailure {
                var diagnostic = failure.diagnostic
                diagnostic.message = "in \(tag): " + diagnostic.message
                failures.append(diagnostic)
            }
        }
        if !failures.isEmpty { throw Diagnostics.failure(failures) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(texts), as: UTF8.self) + "\n"
    }
}
