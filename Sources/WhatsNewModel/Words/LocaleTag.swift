/// A BCP 47 language tag as translations are named: a language, then an optional script and
/// region (`de`, `pt-BR`, `zh-Hans`, `sr-Latn-RS`), written in the standard's casing.
public struct LocaleTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The language subtag, lowercase: `de`, `pt`.
    public let language: String
    /// The script subtag, title case (`Hans`, `Latn`); nil when none.
    public let script: String?
    /// The region subtag, uppercase (`BR`) or three digits (`419`); nil when none.
    public let region: String?

    /// Nil unless the text is shaped like a tag; `_` is read as `-` (`pt_BR`).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter) else {
            return nil
        }
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if script == nil, region == nil, part.count == 4, part.allSatisfy(\.isASCIILetter) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil,
                (part.count == 2 && part.allSatisfy(\.isASCIILetter))
                    || (part.count == 3 && part.allSatisfy(\.isASCIIDigit))
            {
                region = part.uppercased()
            } else {
                return nil
            }
        }
        self.language = first.lowercased()
        self.script = script
        self.region = region
    }

    public var description: String { [language, script, region].compactMap { $0 }.joined(separator: "-") }

    /// Whether the language is one ISO 639-1 names: `xx` and `english` are shaped like tags
    /// but name no language.
    public var isKnownLanguage: Bool { ISOLanguages.twoLetter.contains(language) }

    /// The tags to look words up under, most specific first: `zh-Hant-TW`, `zh-Hant`, `zh`.
    public var fallbacks: [String] {
        var tags = [description]
        if script != nil, region != nil { tags.append("\(language)-\(script!)") }
        if script != nil || region != nil { tags.append(language) }
        return tags
    }

    /// The tags a table of locales is searched under: the fallbacks, with Chinese taking its
    /// script from its region (`zh-TW` is `zh-Hant`) and Norwegian taking Bokmål.
    public var lookupTags: [String] {
        var tags = fallbacks
        if language == "zh" && script == nil {
            tags.insert(["TW", "HK", "MO"].contains(region ?? "") ? "zh-Hant" : "zh-Hans", at: 1)
        }
        if language == "no" || language == "nn" { tags.append("nb") }
        return tags
    }

    /// Scripts written right to left, for `dir="rtl"`.
    public var isRightToLeft: Bool {
        if let script { return ["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm"].contains(script) }
        return ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"].contains(language)
    }

    public static func < (lhs: LocaleTag, rhs: LocaleTag) -> Bool { lhs.description < rhs.description }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
