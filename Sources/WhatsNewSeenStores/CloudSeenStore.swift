#if canImport(Darwin)
import Foundation
import WhatsNewSchema

/// What the user has seen, in iCloud's key-value store, so a user who saw What's New on their
/// iPhone does not see it again on their iPad. The keys are those of ``UserDefaultsSeenStore``.
/// The app needs the iCloud key-value storage entitlement.
///
/// Only on Apple's platforms, where Foundation has `NSUbiquitousKeyValueStore`: it is not
/// built on Linux, where whatsnew's tests run, so it is the one store here no test runs.
@available(watchOS 9.0, *)
public struct CloudSeenStore: SeenStore {
    /// The store written to: `.default`.
    public let store: NSUbiquitousKeyValueStore
    /// What every key starts with.
    public let prefix: String

    /// A store in iCloud's key-value store, its keys starting with `prefix`.
    public init(store: NSUbiquitousKeyValueStore = .default, prefix: String = "WhatsNew") {
        self.store = store
        self.prefix = prefix
    }

    private var versionKey: String { prefix + ".lastSeenVersion" }
    private var buildKey: String { prefix + ".lastSeenBuild" }
    private var optedOutKey: String { prefix + ".optedOut" }

    /// The version and build under the store's keys; nil when no version is recorded.
    public var lastSeen: SeenVersion? {
        store.string(forKey: versionKey).map { SeenVersion(version: $0, build: store.string(forKey: buildKey)) }
    }

    /// Whether the opt-out key is set.
    public var isOptedOut: Bool { store.bool(forKey: optedOutKey) }

    /// Writes the version and its build (or removes an older build).
    public mutating func record(_ seen: SeenVersion) {
        store.set(seen.version, forKey: versionKey)
        if let build = seen.build { store.set(build, forKey: buildKey) } else { store.removeObject(forKey: buildKey) }
        store.synchronize()
    }

    /// Writes the opt-out.
    public mutating func setOptedOut(_ optedOut: Bool) {
        store.set(optedOut, forKey: optedOutKey)
        store.synchronize()
    }

    /// Removes the store's three keys.
    public mutating func reset() {
        for key in [versionKey, buildKey, optedOutKey] { store.removeObject(forKey: key) }
        store.synchronize()
    }
}
#endif
