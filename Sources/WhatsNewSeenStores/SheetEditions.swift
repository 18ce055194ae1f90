import Foundation
import WhatsNewSchema

extension Sheet {
    /// The sheet in the user's language from the editions `whatsnew --format json --locales all
    /// --output App` writes (`App/<locale>.lproj/WhatsNew.json`, the notes' own language among
    /// them): the edition ``/WhatsNewSchema/Editions/best(of:for:)`` picks for
    /// `preferredLanguages`; for a user whose languages no edition serves, `WhatsNew.json` beside
    /// the folders if there is one, else the edition of `developmentLanguage`, else English's,
    /// else the first. Nil when there is no edition at all.
    ///
    /// Whatever languages the app itself is localized in: `Bundle`'s own lookup serves only
    /// those, so an app in English alone would never show the German notes it bundles.
    public static func edition(
        named name: String = "WhatsNew", in directory: URL, preferredLanguages: [String] = Locale.preferredLanguages,
        developmentLanguage: String? = nil
    ) throws -> Sheet? {
        let file = name + ".json"
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let locales = folders.filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }.filter {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("\($0).lproj/\(file)").path)
        }.sorted()
        let root = directory.appendingPathComponent(file)
        let url: URL
        if let locale = Editions.best(of: locales, for: preferredLanguages) {
            url = directory.appendingPathComponent("\(locale).lproj/\(file)")
        } else if FileManager.default.fileExists(atPath: root.path) {
            url = root
        } else if let locale = Editions.best(of: locales, for: [developmentLanguage, "en"].compactMap { $0 })
            ?? locales.first
        {
            url = directory.appendingPathComponent("\(locale).lproj/\(file)")
        } else {
            return nil
        }
        return try JSONDecoder().decode(Sheet.self, from: Data(contentsOf: url))
    }

    /// ``edition(named:in:preferredLanguages:developmentLanguage:)`` in a bundle's resources
    /// (`Bundle.main` by default), falling back to the bundle's development localization.
    public static func bundled(
        named name: String = "WhatsNew", in bundle: Bundle = .main,
        preferredLanguages: [String] = Locale.preferredLanguages
    ) throws -> Sheet? {
        guard let resources = bundle.resourceURL else { return nil }
        return try edition(
            named: name, in: resources, preferredLanguages: preferredLanguages,
            // Info.plist's own key: Linux's `developmentLocalization` traps on a bundle without one.
            developmentLanguage: bundle.infoDictionary?["CFBundleDevelopmentRegion"] as? String)
    }
}

extension SeenVersion {
    /// The version and build the bundle's `Info.plist` gives (`CFBundleShortVersionString`,
    /// `CFBundleVersion`), read as ``/WhatsNewSchema/SeenVersion/normalized`` reads them; nil
    /// when it has no version string (a command-line tool on Linux: give
    /// ``/WhatsNewSchema/SeenVersion/init(version:build:)`` the version instead).
    public static func current(bundle: Bundle = .main) -> SeenVersion? {
        bundle.infoDictionary.flatMap(SeenVersion.init(info:))
    }
}
