import WhatsNewModel

/// The folder names fastlane gives a locale in each store (store-locales.tsv beside it).
public enum StoreLocales {
    /// `ja` for the App Store and `ja-JP` for Google Play; nil when neither store has the language.
    public static func codes(for locale: LocaleTag) -> (appStore: String, play: String)? {
        for candidate in locale.lookupTags {
            if let codes = table[candidate] { return codes }
        }
        return nil
    }

    private static let table: [String: (appStore: String, play: String)] = {
        var table: [String: (appStore: String, play: String)] = [:]
        for line in PackageResources.store_locales_tsv.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: "\t")).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 3, !fields[0].hasPrefix("#"), fields[0] != "locale" else { continue }
            table[fields[0]] = (fields[1], fields[2])
        }
        return table
    }()
}
