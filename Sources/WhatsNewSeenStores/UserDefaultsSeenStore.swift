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

    private var keys: SeenKeys { SeenKeys(prefix: prefix) }

    /// The version and build under the store's keys; nil when no version is recorded.
    public var lastSeen: SeenVersion? { keys.lastSeen(in: defaults) }

    /// Whether the opt-out key is set.
    public var isOptedOut: Bool { keys.isOptedOut(in: defaults) }

    /// Writes the version and its build (or removes an older build).
    public mutating func record(_ seen: SeenVersion) { keys.record(seen, in: defaults) }

    /// Writes the opt-out.
    public mutating func setOptedOut(_ optedOut: Bool) { keys.setOptedOut(optedOut, in: defaults) }

    /// Removes the store's three keys.
    public mutating func reset() { keys.reset(defaults) }
}
