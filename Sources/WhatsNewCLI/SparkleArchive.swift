import ArgumentParser
import Foundation
import WhatsNewModel

/// How Sparkle's generate_appcast pairs an archive with its release notes: the archive's path
/// without its extension (a `.tar.*` counts as one), then `.html`, or `.<language>.html` for
/// a translation, the language being an ISO 639 code without a region.
enum SparkleArchive {
    /// The archive formats Sparkle updates from, longest first so `.tar.gz` wins over `.gz`.
    static let extensions = [
        ".tar.gz", ".tar.bz2", ".tar.xz", ".tar", ".tgz", ".tbz", ".txz", ".zip", ".dmg", ".aar", ".yaa", ".pkg", ".mpkg",
    ]

    /// The path the notes' file names start with, or nil for a file Sparkle does not update from.
    static func notesBase(of archive: String) -> String? {
        let lower = archive.lowercased()
        guard let suffix = extensions.first(where: { lower.hasSuffix($0) }), archive.count > suffix.count,
            !archive.dropLast(suffix.count).hasSuffix("/")
        else { return nil }
        return String(archive.dropLast(suffix.count))
    }

    /// The version in the archive's name: the longest release version of the notes that
    /// stands in it as a whole (`Inkwell-1.4.0.zip`, `Inkwell 1.4.0 (1248).dmg`).
    static func version(in archive: String, document: Document) throws -> String {
        let name = String(notesBase(of: archive)!.split(separator: "/").last ?? "")
        let found = Set(document.releases.compactMap { $0.version?.text }.filter { contains(name, $0) })
        let longest = found.filter { version in !found.contains { $0 != version && $0.contains(version) } }
        guard longest.count == 1, let version = longest.first else {
            let message =
                longest.isEmpty
                ? "the name of this archive holds no version the notes have; give it with --release"
                : "the name of this archive holds several versions (\(longest.sorted().joined(separator: ", "))); give one with --release"
            throw Diagnostics.failure([Diagnostic(.unknownRelease, at: SourceLocation(path: archive), message)])
        }
        return version
    }

    /// Whether `version` stands in `name` with no digit or dot-digit run either side
    /// (`1.4.0` is in `App-1.4.0.zip` and `App_v1.4.0`, not in `App-11.4.0` or `App-1.4.01`).
    private static func contains(_ name: String, _ version: String) -> Bool {
        let text = Array(name.utf8)
        let pattern = Array(version.utf8)
        guard pattern.count <= text.count else { return false }
        for start in 0...(text.count - pattern.count) where text[start..<(start + pattern.count)].elementsEqual(pattern) {
            let end = start + pattern.count
            let before = start > 0 ? text[start - 1] : nil
            let after = end < text.count ? text[end] : nil
            let afterNext = end + 1 < text.count ? text[end + 1] : nil
            let digitBefore = before.map { (0x30...0x39).contains($0) } ?? false
            let digitAfter = after.map { (0x30...0x39).contains($0) } ?? false
            let moreVersion = after == UInt8(ascii: ".") && (afterNext.map { (0x30...0x39).contains($0) } ?? false)
            if !digitBefore && !digitAfter && !moreVersion { return true }
        }
        return false
    }

    /// The language code each translation's file is named with; two translations of one
    /// language (pt-BR and pt-PT) cannot both have a file, since Sparkle names them by language.
    static func languages(of tags: [LocaleTag], input: String) throws -> [LocaleTag: String] {
        var codes: [LocaleTag: String] = [:]
        var byCode: [String: LocaleTag] = [:]
        for tag in tags {
            if let other = byCode[tag.language] {
                throw Diagnostics.failure([
                    Diagnostic(
                        .storeLocale, at: SourceLocation(path: input),
                        "\(other) and \(tag) would both be Sparkle's `\(tag.language)` notes (it names them by language alone); list one of them with --locales"
                    )
                ])
            }
            byCode[tag.language] = tag
            codes[tag] = tag.language
        }
        return codes
    }
}
