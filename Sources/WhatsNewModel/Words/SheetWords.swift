/// whatsnew's own words on a sheet, in one locale: the default title, "Version 1.4", the
/// unreleased changes, the empty-release notes, the default titles of kinds and the long
/// form of a date. Kept as data (Words/sheet-words.tsv, compiled in), not code.
public struct SheetWords: Sendable {
    /// The locale of these words (`de`, `pt-PT`): the table's line that was used.
    public let locale: String
    /// The default title: `What's New`, `Neuigkeiten`.
    public let whatsNew: String
    /// The unreleased changes' name: `Unreleased`.
    public let unreleased: String
    /// What the unreleased changes say when they list nothing: `Nothing listed yet.`
    public let nothingListed: String
    /// What a release that lists nothing says: `No changes listed.`
    public let noChanges: String
    /// The titles whatsnew gives rows it made itself: `Changes`, `Other changes`.
    public let changes: String
    /// The row for items left over beside featured rows: `Other changes`.
    public let otherChanges: String
    /// The rest of the surfaces' words, as the table has them.
    let surfaces: Surfaces
    private let versionFormat: String
    /// The words before and after `%@` in the version form, split once: a sheet says it per release.
    private let versionAround: (before: String, after: String)?
    private let kindTitles: [SectionKind: String]
    /// A date in the locale's long form (`2. Mai 2024`, `2024年5月2日`).
    public let formatDate: @Sendable (ReleaseDate) -> String

    /// `Version 1.4.0`, `バージョン 1.4.0`, `1.4.0 verzió`.
    public func version(_ text: String) -> String {
        guard let versionAround else { return "\(versionFormat) \(text)" }
        return versionAround.before + text + versionAround.after
    }

    /// The locale's title for a kind, for the six of Keep a Changelog and breaking changes.
    public func title(of kind: SectionKind) -> String? { kindTitles[kind] }

    /// English, dates as `2 May 2024`: what every sheet says unless a locale is asked for.
    public static let english = englishRow.map { $0.with(formatDate: { $0.longText }) }!

    /// The built-in words for the locale or its language (pt-BR takes pt, zh-TW zh-Hant), with
    /// the given date form; nil when the table has neither, so the caller can say so.
    public static func builtIn(for locale: LocaleTag, formatDate: @escaping @Sendable (ReleaseDate) -> String)
        -> SheetWords?
    {
        for candidate in locale.lookupTags {
            if let words = table[candidate] { return words.with(formatDate: formatDate) }
        }
        return nil
    }

    /// The kind a category title names in any language of the table (`Behoben`, `修复`,
    /// `Corrigido` are fixes), for matching a translation's sections to the original's.
    public static func kind(named title: String) -> SectionKind? {
        kindsByTitle[SectionKind.normalized(title)]
    }

    private static let kindsByTitle: [String: SectionKind] = {
        var kinds: [String: SectionKind] = [:]
        for words in table.values {
            for (kind, title) in words.kindTitles { kinds[SectionKind.normalized(title)] = kind }
        }
        return kinds
    }()

    /// The locales the table has words for.
    public static var locales: [String] { table.keys.sorted() }

    /// These words with another date form.
    public func dated(_ formatDate: @escaping @Sendable (ReleaseDate) -> String) -> SheetWords {
        with(formatDate: formatDate)
    }

    private func with(formatDate: @escaping @Sendable (ReleaseDate) -> String) -> SheetWords {
        SheetWords(
            locale: locale, whatsNew: whatsNew, unreleased: unreleased, nothingListed: nothingListed,
            noChanges: noChanges, changes: changes, otherChanges: otherChanges, versionFormat: versionFormat,
            kindTitles: kindTitles, surfaces: surfaces, formatDate: formatDate)
    }

    private init(
        locale: String, whatsNew: String, unreleased: String, nothingListed: String, noChanges: String,
        changes: String, otherChanges: String, versionFormat: String, kindTitles: [SectionKind: String],
        surfaces: Surfaces, formatDate: @escaping @Sendable (ReleaseDate) -> String
    ) {
        self.surfaces = surfaces
        self.locale = locale
        self.whatsNew = whatsNew
        self.unreleased = unreleased
        self.nothingListed = nothingListed
        self.noChanges = noChanges
        self.changes = changes
        self.otherChanges = otherChanges
        self.versionFormat = versionFormat
        versionAround = versionFormat.firstRange(of: "%@").map { marker in
            (String(versionFormat[..<marker.lowerBound]), String(versionFormat[marker.upperBound...]))
        }
        self.kindTitles = kindTitles
        self.formatDate = formatDate
    }

    /// Every line of the table, by locale.
    private static let table: [String: SheetWords] = {
        var table: [String: SheetWords] = [:]
        for row in rows.dropFirst() {
            if let words = words(in: row) { table[row[0]] = words }
        }
        return table
    }()

    /// English alone, without splitting every other language's line into columns: every run
    /// needs it.
    private static var englishRow: SheetWords? {
        guard let header = lines.first, let english = lines.first(where: { $0.starts(with: "en\t".utf8) }) else {
            return nil
        }
        return words(in: columns(english), header: columns(header))
    }

    /// The table's lines but its comments; the first is the header naming the columns. Split as
    /// bytes: splitting the String would find the grapheme clusters of every language.
    private static let lines = PackageResources.sheet_words_tsv.split(separator: UInt8(ascii: "\n"))
        .filter { $0.first != UInt8(ascii: "#") }

    /// The table's lines split into columns; the first is the header naming them.
    private static let rows: [[String]] = lines.map(columns)

    private static func columns(_ line: ArraySlice<UInt8>) -> [String] {
        line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    private static func words(in row: [String], header: [String]? = nil) -> SheetWords? {
        guard let header = header ?? rows.first, row.count == header.count else { return nil }
        let value = Dictionary(uniqueKeysWithValues: zip(header, row))
        let kinds: [SectionKind] = [.added, .changed, .deprecated, .removed, .fixed, .security, .breaking]
        return SheetWords(
            locale: row[0], whatsNew: value["whats-new"] ?? "", unreleased: value["unreleased"] ?? "",
            nothingListed: value["nothing-listed"] ?? "", noChanges: value["no-changes"] ?? "",
            changes: value["changes"] ?? "", otherChanges: value["other-changes"] ?? "",
            versionFormat: value["version"] ?? "%@",
            kindTitles: Dictionary(
                uniqueKeysWithValues: kinds.compactMap { kind in value[kind.rawValue].map { (kind, $0) } }),
            surfaces: Surfaces(
                whatsNewIn: value["whats-new-in"] ?? "", more: value["more"] ?? "+%@",
                fullNotes: value["full-notes"] ?? "↗", scheduled: value["scheduled"] ?? "⏱"),
            formatDate: { $0.iso })
    }
}
