import Foundation
import WhatsNewSchema

/// What the user has seen, kept in `UserDefaults` under four keys that start with `prefix`
/// (`WhatsNew.lastSeenVersion`, `WhatsNew.lastSeenBuild`, `WhatsNew.presentedVersions`,
/// `WhatsNew.optedOut`). Builds and runs everywhere Foundation does, Linux included, and every
/// save is flushed, so the next launch reads it.
///
/// `Sendable`, so an actor, a `@MainActor` model and a detached task may each hold one: its
/// methods never mutate the value, and `UserDefaults` is documented thread-safe (Apple's SDKs
/// mark it `Sendable`; Linux's Foundation does not yet, hence `@unchecked`).
public struct UserDefaultsSeenStore: SeenStore, @unchecked Sendable {
    /// The defaults written to: `.standard`, or a suite shared with an app extension.
    public let defaults: UserDefaults
    /// What every key starts with.
    public let prefix: String

    /// A store in `defaults`, its keys starting with `prefix`.
    public init(defaults: UserDefaults = .standard, prefix: String = "WhatsNew") {
        self.defaults = defaults
        self.prefix = prefix
    }

    /// The record under the store's keys; empty when none is.
    public func load() -> SeenRecord { SeenKeys(prefix: prefix).load(from: defaults) }

    /// Writes the record under the store's keys, removing those it leaves empty, and flushes.
    public func save(_ record: SeenRecord) { SeenKeys(prefix: prefix).save(record, in: defaults) }
}
