import WhatsNewModel
import WhatsNewReading

/// Where translations of the notes live: `CHANGELOG.<locale>.md` beside `CHANGELOG.md`, and
/// `<locale>.md` in a folder given by `--locales-dir`.
package struct TranslationFiles {
    /// One file that names a locale, or something shaped like one (`CHANGELOG.old.md` names none).
    package struct Candidate {
        package var name: String
        package var locale: LocaleTag?
        package var path: String
    }

    /// The notes whose translations these are.
    package let input: String
    /// The folder `--locales-dir` names.
    package let localesDirectory: String?

    package init(input: String, localesDirectory: String?) {
        self.input = input
        self.localesDirectory = localesDirectory
    }

    /// The locale notes are in when their name says none.
    package static let englishOriginal = LocaleTag("en")!

    /// The locale the notes are in: the one their own name carries (`CHANGELOG.en-US.md`
    /// beside `CHANGELOG.zh-CN.md`, as Ant Design keeps them), else English.
    package var originalLocale: LocaleTag { ownLocale ?? Self.englishOriginal }

    /// The locale in the input's own name, when it has one.
    private var ownLocale: LocaleTag? { nameParts.locale }

    /// The input's folder as written, its name without a locale or extension, the locale in
    /// its name, and its extension.
    private var nameParts: (directory: String, stem: String, locale: LocaleTag?, suffix: String) {
        let slash = input.lastIndex(of: "/")
        let directory = slash.map { String(input[..<$0]) } ?? ""
        let base = slash.map { String(input[input.index(after: $0)...]) } ?? input
        let dot = base.lastIndex(of: ".")
        var stem = dot.map { String(base[..<$0]) } ?? base
        let suffix = dot.map { String(base[$0...]) } ?? ""
        var locale: LocaleTag?
        if let inner = stem.lastIndex(of: "."), let tag = LocaleTag(String(stem[stem.index(after: inner)...])),
            tag.isKnownLanguage
        {
            locale = tag
            stem = String(stem[..<inner])
        }
        return (directory, stem, locale, suffix)
    }

    /// Every candidate, sorted by name; standard input has no neighbours.
    package var candidates: [Candidate] {
        var found: [Candidate] = []
        if input != "-" {
            // The folder as the user wrote it, so paths read like theirs (`docs/CHANGELOG.de.md`).
            let (directory, stem, own, suffix) = nameParts
            for file in Self.files(in: directory) where file.hasPrefix(stem + ".") && file.hasSuffix(suffix) {
                let name = String(file.dropFirst(stem.count + 1).dropLast(suffix.count))
                guard !name.isEmpty, !name.contains("."), name != own?.description else { continue }
                found.append(Candidate(name: name, locale: LocaleTag(name), path: Self.join(directory, file)))
            }
        }
        if let localesDirectory {
            for file in Self.files(in: localesDirectory) where file.hasSuffix(".md") {
                let name = String(file.dropLast(3))
                found.append(Candidate(name: name, locale: LocaleTag(name), path: Self.join(localesDirectory, file)))
            }
        }
        return found.sorted { $0.name < $1.name }
    }

    /// The translation's file for a locale: its exact tag first, then its language (`pt` for
    /// `pt-BR`) — never the other way, a `pt-BR` file does not stand for `pt-PT`.
    package func path(for locale: LocaleTag) -> String? {
        let known = candidates.filter { $0.locale != nil }
        for tag in locale.fallbacks {
            if let match = known.first(where: { $0.locale!.description == tag }) { return match.path }
        }
        return nil
    }

    private static func files(in directory: String) -> [String] {
        DirectoryListing.names(in: directory)
    }

    private static func join(_ directory: String, _ file: String) -> String {
        directory.isEmpty ? file : directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }
}
