import ArgumentParser
import WhatsNewModel
import WhatsNewReading

/// `whatsnew locales`: the translations found for the notes, and how much of them each covers.
struct LocalesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locales",
        abstract: "List the translations of the notes: CHANGELOG.<locale>.md beside them, and the --locales-dir."
    )

    @Argument(help: "The release notes whose translations to list.")
    var input = "CHANGELOG.md"

    @OptionGroup var translations: TranslationOptions

    @OptionGroup var limit: InputLimit

    func run() throws {
        let source = try InputFile.load(input, maximumSize: limit.bytes)
        let reader = DocumentReader()
        let original = reader.read(source).document
        let files = TranslationFiles(input: source.path, localesDirectory: translations.localesDir)
        let matcher = TranslationMatcher(originalLocale: files.originalLocale, originalPath: source.path)
        var lines = [
            "\(files.originalLocale)\t\(source.path)\t(the original: \(original.releases.count) releases)"
        ]
        for candidate in files.candidates {
            guard let locale = candidate.locale, locale.isKnownLanguage else { continue }
            let translated = try InputFile.load(candidate.path, maximumSize: limit.bytes)
            let translation = Translation(
                locale: locale, path: translated.path, document: reader.read(translated).document)
            let sheet = matcher.apply(translation, to: original).document
            let releases = sheet.releases.filter { $0.locale == locale.description }.count
            let sections = sheet.releases.flatMap(\.sections)
            let covered = sections.filter { $0.locale == locale.description }.count
            let words =
                SheetWords.builtIn(for: locale, formatDate: { $0.iso }) != nil
                ? "" : ", whatsnew's own words in English"
            lines.append(
                "\(locale)\t\(candidate.path)\t\(releases) of \(sheet.releases.count) releases, \(covered) of \(sections.count) sections translated\(words)"
            )
        }
        StandardOutput.write(lines.joined(separator: "\n") + "\n")
    }
}
