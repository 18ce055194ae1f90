/// The folder names fastlane gives a locale in each store (Data/store-locales.tsv).
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
        let text = String(decoding: PackageResources.store_locales_tsv, as: UTF8.self)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("locale\t") {
            let fields = line.split(separator: "\t").map(String.init)
            if fields.count == 3 { table[fields[0]] = (fields[1], fields[2]) }
        }
        return table
    }()
}
