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
    /// version string, or a blank one. `WhatsNewSeenStores` reads a bundle with
    /// `SeenVersion.current(bundle:)`.
    public init?(info: [String: Any]) {
        guard let version = info["CFBundleShortVersionString"] as? String else { return nil }
        self.init(version: version, build: info["CFBundleVersion"] as? String)
        self = normalized
        if self.version.isEmpty { return nil }
    }

    /// `1.4.1 (1248)`, or the version alone.
    public var description: String { build.map { "\(version) (\($0))" } ?? version }

    /// The version and build as the platforms and build scripts write them, read as one: without
    /// the spaces and line breaks around them (`1.4.0\n`), and with a build written after the
    /// version in brackets (`1.4.0 (42)`, as an about box shows it) taken as the build number
    /// when none is given apart; empty brackets are dropped. An empty build is none. The policy
    /// reads every version this way, the running one and the one recorded.
    public var normalized: SeenVersion {
        var version = version.trimmedWhitespace()
        var build = build?.trimmedWhitespace()
        if version.last == ")", let open = version.lastIndex(of: "("), open > version.startIndex,
            version[version.index(before: open)].isWhitespace
        {
            let bracketed = version[version.index(after: open)..<version.index(before: version.endIndex)]
                .trimmedWhitespace()
            // A build number starts with a digit (`42`, `2024.11.2`); `2.0 (beta)` names a pre-release.
            if bracketed.isEmpty || bracketed.first?.isASCII == true && bracketed.first?.isNumber == true {
                if build?.isEmpty != false, !bracketed.isEmpty { build = bracketed }
                version = version[..<open].trimmedWhitespace()
            }
        }
        return SeenVersion(version: version, build: build?.isEmpty == true ? nil : build)
    }
}
