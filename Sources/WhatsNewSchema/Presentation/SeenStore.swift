/// Where an app keeps what the user has seen: a ``SeenRecord`` loaded at launch and saved once
/// the app has acted on a decision. ``InMemorySeenStore`` is here; UserDefaults and iCloud
/// key-value stores are in the `WhatsNewSeenStores` library, which may import Foundation.
///
/// A store is `Sendable`, so one can be kept by an actor, a `@MainActor` model or a detached
/// task. A store over shared storage (UserDefaults, a file) conforms with non-mutating methods;
/// one that holds the record itself, as the in-memory store does, is a value.
public protocol SeenStore: Sendable {
    /// What is recorded now; an empty record when nothing is.
    func load() -> SeenRecord
    /// Keeps `record` in place of what was recorded.
    mutating func save(_ record: SeenRecord)
}

extension SeenStore {
    /// The newest version recorded as seen; nil when none is.
    public var lastSeen: SeenVersion? { load().lastSeen }

    /// Whether the user turned What's New off.
    public var isOptedOut: Bool { load().isOptedOut }

    /// Saves what `decision` says to record, once the app has acted on it.
    public mutating func record(_ decision: PresentationDecision) { save(decision.record) }

    /// Turns What's New off or back on for this user, keeping the rest of the record.
    public mutating func setOptedOut(_ optedOut: Bool) {
        var record = load()
        record.isOptedOut = optedOut
        save(record)
    }

    /// Forgets everything recorded: the next launch is a first look again. For testing and for
    /// a "show me again" setting.
    public mutating func reset() { save(SeenRecord()) }
}

/// A store that lives as long as the value: for tests, previews and apps that decide per run.
public struct InMemorySeenStore: SeenStore, Hashable {
    /// What is recorded.
    public var contents: SeenRecord

    /// A store holding `contents`, empty by default.
    public init(_ contents: SeenRecord = SeenRecord()) { self.contents = contents }

    /// The record held.
    public func load() -> SeenRecord { contents }

    /// Holds `record`.
    public mutating func save(_ record: SeenRecord) { contents = record }
}
