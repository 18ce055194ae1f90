import Foundation
import WhatsNewSchema

/// What the user has seen, kept in `UserDefaults` under three keys that start with `prefix`
/// (`WhatsNew.lastSeenVersion`, `WhatsNew.lastSeenBuild`, `WhatsNew.optedOut`). Builds and
/// runs everywhere Foundation does, Linux included.
public struct UserDefaultsSeenStore: SeenStore {
    /// The defaults written to: `.standard`, or a suite shared with an app extension.
    public let defaults: UserDefaults
    /// What every key starts with.
    public let prefix: String

    /// A store in `defaults`, its keys starting with `prefix`.
    public init(defaults: UserDefaults = .standard, prefix: String = "WhatsNew") {
        self.defaults = defaults
        self.prefix = prefix
    }

    private var versionKey: String { prefix + ".lastSeenVersion" }
    private var buildKey: String { prefix + ".lastSeenBuild" }
    private var optedOutKey: String { prefix + ".optedOut" }

    /// The version and build under the store's keys; nil when no version is recorded.
    public var lastSeen: SeenVersion? {
        defaults.string(forKey: versionKey).map { SeenVersion(version: $0, build: defaults.string(forKey: buildKey)) }
    }

    /// Whether the opt-out key is set.
    public var isOptedOut: Bool { defaults.bool(forKey: optedOutKey) }

    /// Writes the version and its build (or removes an older build).
    public mutating func record(_ seen: SeenVersion) {
        defaults.set(seen.version, forKey: versionKey)
        // A version without a build leaves no older build behind to compare with.
        if let build = seen.build { defaults.set(build, forKey: buildKey) } else { defaults.removeObject(forKey: buildKey) }
    }

    /// Writes the opt-out.
    public mutating func setOptedOut(_ optedOut: Bool) { defaults.set(optedOut, forKey: optedOutKey) }

    /// Removes the store's three keys.
    public mutating func reset() {
        for key in [versionKey, buildKey, optedOutKey] { defaults.removeObject(forKey: key) }
    }
}
