import WhatsNewModel

/// Puts a translation over the original notes: releases matched by version, sections by
/// front-matter `id`, else by kind, else by position. A translation gives titles, summaries
/// and bodies only; icons, colours, links, versions and dates stay the original's. What the
/// translation lacks stays in the original's words, marked with the original's locale, so a
/// sheet is never half empty; what it has beyond the original is reported, not shown.
public struct TranslationMatcher: Sendable {
    /// The original notes' language, which rows the translation lacks are marked with.
    public let originalLocale: LocaleTag
    /// The original notes' file, named in findings.
    public let originalPath: String

    /// A matcher for notes in the given language and file.
    public init(originalLocale: LocaleTag, originalPath: String) {
        self.originalLocale = originalLocale
        self.originalPath = originalPath
    }

    /// The notes with the translation applied, and what did not match.
    public struct Result: Sendable {
        /// The original notes in the translation's words where it has them.
        public var document: Document
        /// `translation-missing-release`, `translation-missing-section`, `translation-extra-section`.
        public var findings: [Diagnostic]
    }

    /// The original with the translation's words put in where they match.
    public func apply(_ translation: Translation, to original: Document) -> Result {
        var document = original
        var findings: [Diagnostic] = []
        let target = translation.locale.description
        var unmatched = Array(translation.document.releases.indices)
        if let title = translation.document.title { document.title = title }
        if let subtitle = translation.document.subtitle { document.subtitle = subtitle }
        for index in document.releases.indices {
            let release = document.releases[index]
            guard
                let position = unmatched.firstIndex(where: {
                    Self.sameRelease(translation.document.releases[$0], release)
                })
            else {
                document.releases[index] = Self.marked(release, originalLocale.description)
                if release.hasContent {
                    findings.append(
                        Diagnostic(
                            .translationMissingRelease, at: SourceLocation(path: translation.path, line: 1, column: 1),
                            "\(translation.locale) lacks \(Self.name(release)) (\(originalPath):\(release.line)); the sheet shows it in \(originalLocale)"
                        ))
                }
                continue
            }
            let translated = translation.document.releases[unmatched.remove(at: position)]
            document.releases[index] = merged(
                release, translated, locale: target, path: translation.path, findings: &findings)
        }
        return Result(document: document, findings: findings)
    }

    /// The release with the translation's words, section by section.
    private func merged(
        _ original: Release, _ translated: Release, locale: String, path: String, findings: inout [Diagnostic]
    ) -> Release {
        var release = original
        release.locale = locale
        // A release's own name (`2.1.0: Travel Size`) is the translation's; a bare version or
        // `Unreleased` stays for whatsnew's words to name.
        if translated.title != translated.version?.text, !translated.isUnreleased || translated.version != nil {
            release.title = translated.title
        }
        if let summary = translated.summary { release.summary = summary }
        let pairs = SectionPairing.pair(original.sections, translated.sections)
        for (index, section) in original.sections.enumerated() {
            guard let match = pairs[index] else {
                release.sections[index].locale = originalLocale.description
                findings.append(
                    Diagnostic(
                        .translationMissingSection, at: SourceLocation(path: path, line: translated.line, column: 1),
                        "\(locale) lacks the section \(Self.quoted(section)) of \(Self.name(original)) (\(originalPath):\(section.line)); the sheet shows it in \(originalLocale)"
                    ))
                continue
            }
            let words = translated.sections[match]
            release.sections[index].locale = locale
            if let title = words.title { release.sections[index].title = title }
            if words.summary != nil || !words.body.blocks.isEmpty {
                release.sections[index].summary = words.summary
                release.sections[index].body = words.body
            }
        }
        let paired = Set(pairs.values)
        for extra in translated.sections.indices where !paired.contains(extra) {
            let section = translated.sections[extra]
            findings.append(
                Diagnostic(
                    .translationExtraSection, at: SourceLocation(path: path, line: section.line, column: 1),
                    "the section \(Self.quoted(section)) of \(Self.name(original)) has no match in the original (\(originalPath):\(original.line)), so no sheet shows it"
                ))
        }
        return release
    }

    static func sameRelease(_ lhs: Release, _ rhs: Release) -> Bool {
        switch (lhs.version, rhs.version) {
        case (let left?, let right?): left == right
        case (nil, nil): lhs.isUnreleased && rhs.isUnreleased
        default: false
        }
    }

    private static func marked(_ release: Release, _ locale: String) -> Release {
        var release = release
        release.locale = locale
        for index in release.sections.indices { release.sections[index].locale = locale }
        return release
    }

    private static func name(_ release: Release) -> String {
        release.version.map { "release \($0.text)" }
            ?? (release.isUnreleased ? "the unreleased changes" : "release \(release.title)")
    }

    private static func quoted(_ section: Section) -> String {
        section.id.map { "`\($0)`" } ?? section.title.map { "“\($0)”" } ?? "at line \(section.line)"
    }
}

/// Which translated section stands for which original one: the same `id`, else the same
/// kind in the same order (a translated title such as `Behoben` names its kind), else the
/// same place among those left.
enum SectionPairing {
    static func pair(_ originals: [Section], _ sections: [Section]) -> [Int: Int] {
        let translations = sections.map { section in
            var section = section
            if section.kind == nil || section.kind == .other, section.origin != .frontMatter,
                let title = section.title, let kind = SheetWords.kind(named: title)
            {
                section.kind = kind
            }
            return section
        }
        var pairs: [Int: Int] = [:]
        var free = Set(translations.indices)
        for (index, section) in originals.enumerated() {
            guard let id = section.id,
                let match = translations.indices.first(where: { free.contains($0) && translations[$0].id == id })
            else { continue }
            pairs[index] = match
            free.remove(match)
        }
        for (index, section) in originals.enumerated() where pairs[index] == nil && section.id == nil {
            guard let kind = section.kind, kind != .other,
                let match = translations.indices.first(where: {
                    free.contains($0) && translations[$0].id == nil && translations[$0].kind == kind
                })
            else { continue }
            pairs[index] = match
            free.remove(match)
        }
        // By place: the n-th section still unpaired takes the n-th translated one still free,
        // but only where both are the same sort of section (neither names an id or a kind the
        // other lacks).
        let leftOriginals = originals.indices.filter { pairs[$0] == nil && originals[$0].id == nil }
        let leftTranslations = translations.indices.filter { free.contains($0) && translations[$0].id == nil }
        for (original, translated) in zip(leftOriginals, leftTranslations)
        where originals[original].kind == nil || originals[original].kind == .other
            || translations[translated].kind == nil || translations[translated].kind == .other
        {
            pairs[original] = translated
        }
        return pairs
    }
}
