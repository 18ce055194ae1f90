/// A version of the app and its build number: the one running, or the last one a user saw
/// What's New for.
public struct SeenVersion: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The version as the app shows it (`CFBundleShortVersionString`): `1.4.1`.
    public var version: String
    /// The build number (`CFBundleVersion`), when the app has one: `1248`.
    public var build: String?

    /// A version with its build number, if any.
    public init(version: String, build: String? = nil) {
        self.version = version
        self.build = build
    }

    /// The version and build an app's `Info.plist` gives (`CFBundleShortVersionString`,
    /// `CFBundleVersion`), as `Bundle.main.infoDictionary` holds them; nil when it has no
    /// version string. `WhatsNewSeenStores` reads a bundle with `SeenVersion.current(bundle:)`.
    public init?(info: [String: Any]) {
        guard let version = info["CFBundleShortVersionString"] as? String else { return nil }
        self.init(version: version, build: info["CFBundleVersion"] as? String)
        self = trimmed
    }

    /// `1.4.1 (1248)`, or the version alone.
    public var description: String { build.map { "\(version) (\($0))" } ?? version }

    /// The version and build without the spaces and line breaks a build script or a plist
    /// value may leave around them (`1.4.0\n`); an empty build is none.
    public var trimmed: SeenVersion {
        let build = build.map(Self.trim)
        return SeenVersion(version: Self.trim(version), build: build?.isEmpty == true ? nil : build)
    }

    private static func trim(_ text: String) -> String {
        let isSpace = { (character: Character) in character.isWhitespace }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
