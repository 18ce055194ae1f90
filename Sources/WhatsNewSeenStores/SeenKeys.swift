import Foundation
import WhatsNewSchema

/// A key-value store of the platform's: `UserDefaults`, iCloud's `NSUbiquitousKeyValueStore`.
protocol KeyValueStorage {
    func string(forKey key: String) -> String?
    func array(forKey key: String) -> [Any]?
    func bool(forKey key: String) -> Bool
    func set(_ value: Any?, forKey key: String)
    func removeObject(forKey key: String)
    @discardableResult func synchronize() -> Bool
}

extension UserDefaults: KeyValueStorage {}

/// The four keys every store here keeps a ``/WhatsNewSchema/SeenRecord`` under, and how it
/// reads and writes them: one layout, so a UserDefaults store and an iCloud store with one
/// prefix agree, and a record written by an earlier version (three keys) still reads.
struct SeenKeys {
    let prefix: String

    private var version: String { prefix + ".lastSeenVersion" }
    private var build: String { prefix + ".lastSeenBuild" }
    private var optedOut: String { prefix + ".optedOut" }
    private var presented: String { prefix + ".presentedVersions" }

    func load(from storage: some KeyValueStorage) -> SeenRecord {
        SeenRecord(
            lastSeen: storage.string(forKey: version).map {
                SeenVersion(version: $0, build: storage.string(forKey: build))
            },
            presented: storage.array(forKey: presented)?.compactMap { $0 as? String } ?? [],
            isOptedOut: storage.bool(forKey: optedOut))
    }

    /// Writes every key (removing those the record leaves empty), then flushes: on Linux a
    /// write not flushed is lost when the process exits.
    func save(_ record: SeenRecord, in storage: some KeyValueStorage) {
        set(record.lastSeen?.version, forKey: version, in: storage)
        set(record.lastSeen?.build, forKey: build, in: storage)
        set(record.presented.isEmpty ? nil : record.presented, forKey: presented, in: storage)
        set(record.isOptedOut ? true : nil, forKey: optedOut, in: storage)
        storage.synchronize()
    }

    private func set(_ value: Any?, forKey key: String, in storage: some KeyValueStorage) {
        if let value { storage.set(value, forKey: key) } else { storage.removeObject(forKey: key) }
    }
}
