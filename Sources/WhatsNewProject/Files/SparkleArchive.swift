import WhatsNewModel

/// How Sparkle's generate_appcast pairs an archive with its release notes: the archive's path
/// without its extension (a `.tar.*` counts as one), then `.html`, or `.<language>.html` for
/// a translation, the language being an ISO 639 code without a region.
package enum SparkleArchive {
    /// The archive formats Sparkle updates from, longest first so `.tar.gz` wins over `.gz`.
    package static let extensions = [
        ".tar.gz", ".tar.bz2", ".tar.xz", ".tar", ".tgz", ".tbz", ".txz", ".zip", ".dmg", ".aar", ".yaa", ".pkg",
        ".mpkg",
    ]

    /// The path the notes' file names start with, or nil for a file Sparkle does not update from.
    package static func notesBase(of archive: String) -> String? {
        let lower = archive.lowercased()
        guard let suffix = extensions.first(where: { lower.hasSuffix($0) }), archive.count > suffix.count,
            !archive.dropLast(suffix.count).hasSuffix("/")
        else { return nil }
        return String(archive.dropLast(suffix.count))
    }

    /// The version in the archive's name: the longest release version of the notes that
    /// stands in it as a whole (`Inkwell-1.4.0.zip`, `Inkwell 1.4.0 (1248).dmg`).
    package static func version(in archive: String, document: Document) throws(CommandFailure) -> String {
        let name = String(notesBase(of: archive)!.split(separator: "/").last ?? "")
        let found = Set(
            document.releases.compactMap { $0.version?.text }.filter {
                VersionText.contains($0, in: name, suffix: .variant)
            })
        let longest = found.filter { version in !found.contains { $0 != version && $0.contains(version) } }
        guard longest.count == 1, let version = longest.first else {
            let message =
                longest.isEmpty
                ? "the name of this archive holds no version the notes have; give it with --release"
                : "the name of this archive holds several versions (\(longest.sorted().joined(separator: ", "))); give one with --release"
            throw CommandFailure(Diagnostic(.unknownRelease, at: SourceLocation(path: archive), message))
        }
        return version
    }

    /// The language code each translation's file is named with; two translations of one
    /// language (pt-BR and pt-PT) cannot both have a file, since Sparkle names them by language.
    package static func languages(of tags: [LocaleTag], input: String) throws(CommandFailure) -> [LocaleTag: String] {
        var codes: [LocaleTag: String] = [:]
        var byCode: [String: LocaleTag] = [:]
        for tag in tags {
            if let other = byCode[tag.language] {
                throw CommandFailure(
                    Diagnostic(
                        .storeLocale, at: SourceLocation(path: input),
                        "\(other) and \(tag) would both be Sparkle's `\(tag.language)` notes (it names them by language alone); list one of them with --locales"
                    ))
            }
            byCode[tag.language] = tag
            codes[tag] = tag.language
        }
        return codes
    }
}
