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
    /// `Sendable` for the reason the UserDefaults store is: the key-value store guards its own state.
    @available(watchOS 9.0, *)
    public struct CloudSeenStore: SeenStore, @unchecked Sendable {
        /// The store written to: `.default`.
        public let store: NSUbiquitousKeyValueStore
        /// What every key starts with.
        public let prefix: String

        /// A store in iCloud's key-value store, its keys starting with `prefix`.
        public init(store: NSUbiquitousKeyValueStore = .default, prefix: String = "WhatsNew") {
            self.store = store
            self.prefix = prefix
        }

        /// The record under the store's keys; empty when none is.
        public func load() -> SeenRecord { SeenKeys(prefix: prefix).load(from: store) }

        /// Writes the record under the store's keys, merged over what another device may have
        /// written since this one loaded it (the newer version, every version presented), and asks
        /// iCloud to sync. An empty record (``/WhatsNewSchema/SeenStore/reset()``) clears the keys.
        public func save(_ record: SeenRecord) {
            let keys = SeenKeys(prefix: prefix)
            keys.save(record.merged(over: keys.load(from: store)), in: store)
        }
    }
#endif
