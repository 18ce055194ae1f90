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

    /// `1.4.1 (1248)`, or the version alone.
    public var description: String { build.map { "\(version) (\($0))" } ?? version }
}
