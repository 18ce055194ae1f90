import Foundation
import WhatsNewSchema

extension Sheet {
    /// The sheet in the user's language from the editions `whatsnew --format json --locales all
    /// --output App` writes (`App/<locale>.lproj/WhatsNew.json`): the edition
    /// ``/WhatsNewSchema/Editions/best(of:for:)`` picks for `preferredLanguages`, else
    /// `WhatsNew.json` beside the folders (the notes as written). Nil when there is neither.
    ///
    /// Whatever languages the app itself is localized in: `Bundle`'s own lookup serves only
    /// those, so an app in English alone would never show the German notes it bundles.
    public static func edition(
        named name: String = "WhatsNew", in directory: URL, preferredLanguages: [String] = Locale.preferredLanguages
    ) throws -> Sheet? {
        let file = name + ".json"
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let locales = folders.filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }.filter {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("\($0).lproj/\(file)").path)
        }.sorted()
        let chosen = Editions.best(of: locales, for: preferredLanguages).map {
            directory.appendingPathComponent("\($0).lproj/\(file)")
        }
        guard let url = chosen ?? Optional(directory.appendingPathComponent(file)),
            FileManager.default.fileExists(atPath: url.path)
        else { return nil }
        return try JSONDecoder().decode(Sheet.self, from: Data(contentsOf: url))
    }

    /// ``edition(named:in:preferredLanguages:)`` in a bundle's resources: `Bundle.main` by default.
    public static func bundled(
        named name: String = "WhatsNew", in bundle: Bundle = .main,
        preferredLanguages: [String] = Locale.preferredLanguages
    ) throws -> Sheet? {
        guard let resources = bundle.resourceURL else { return nil }
        return try edition(named: name, in: resources, preferredLanguages: preferredLanguages)
    }
}

extension SeenVersion {
    /// The version and build the bundle's `Info.plist` gives (`CFBundleShortVersionString`,
    /// `CFBundleVersion`), trimmed; nil when it has no version string (a command-line tool on
    /// Linux: give ``/WhatsNewSchema/SeenVersion/init(version:build:)`` the version instead).
    public static func current(bundle: Bundle = .main) -> SeenVersion? {
        bundle.infoDictionary.flatMap(SeenVersion.init(info:))
    }
}
