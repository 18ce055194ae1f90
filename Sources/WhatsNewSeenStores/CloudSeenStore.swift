#if canImport(Darwin)
import Foundation
import WhatsNewSchema

@available(watchOS 9.0, *)
extension NSUbiquitousKeyValueStore: KeyValueStorage {}

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

    private var keys: SeenKeys { SeenKeys(prefix: prefix) }

    /// The version and build under the store's keys; nil when no version is recorded.
    public var lastSeen: SeenVersion? { keys.lastSeen(in: store) }

    /// Whether the opt-out key is set.
    public var isOptedOut: Bool { keys.isOptedOut(in: store) }

    /// Writes the version and its build (or removes an older build), and asks iCloud to sync.
    public mutating func record(_ seen: SeenVersion) {
        keys.record(seen, in: store)
        store.synchronize()
    }

    /// Writes the opt-out, and asks iCloud to sync.
    public mutating func setOptedOut(_ optedOut: Bool) {
        keys.setOptedOut(optedOut, in: store)
        store.synchronize()
    }

    /// Removes the store's three keys, and asks iCloud to sync.
    public mutating func reset() {
        keys.reset(store)
        store.synchronize()
    }
}
#endif
