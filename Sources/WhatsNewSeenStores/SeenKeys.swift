import Foundation
import WhatsNewSchema

/// A key-value store of the platform's: `UserDefaults`, iCloud's `NSUbiquitousKeyValueStore`.
protocol KeyValueStorage {
    func string(forKey key: String) -> String?
    func bool(forKey key: String) -> Bool
    func set(_ value: Any?, forKey key: String)
    func removeObject(forKey key: String)
}

extension UserDefaults: KeyValueStorage {}

/// The three keys every store here keeps what was seen under, and how it reads and writes them:
/// one layout, so a UserDefaults store and an iCloud store with one prefix agree.
struct SeenKeys {
    let prefix: String

    private var version: String { prefix + ".lastSeenVersion" }
    private var build: String { prefix + ".lastSeenBuild" }
    private var optedOut: String { prefix + ".optedOut" }

    func lastSeen(in storage: some KeyValueStorage) -> SeenVersion? {
        storage.string(forKey: version).map { SeenVersion(version: $0, build: storage.string(forKey: build)) }
    }

    func isOptedOut(in storage: some KeyValueStorage) -> Bool { storage.bool(forKey: optedOut) }

    func record(_ seen: SeenVersion, in storage: some KeyValueStorage) {
        storage.set(seen.version, forKey: version)
        // A version without a build leaves no older build behind to compare with.
        if let value = seen.build { storage.set(value, forKey: build) } else { storage.removeObject(forKey: build) }
    }

    func setOptedOut(_ value: Bool, in storage: some KeyValueStorage) { storage.set(value, forKey: optedOut) }

    func reset(_ storage: some KeyValueStorage) {
        for key in [version, build, optedOut] { storage.removeObject(forKey: key) }
    }
}
