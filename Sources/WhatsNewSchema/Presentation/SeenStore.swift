/// Where an app keeps what the user has seen: the last version What's New was decided for, and
/// whether they opted out. ``InMemorySeenStore`` is here; UserDefaults and iCloud key-value
/// stores are in the `WhatsNewSeenStores` library, which may import Foundation.
public protocol SeenStore {
    /// The last version recorded as seen; nil when none is.
    var lastSeen: SeenVersion? { get }
    /// Whether the user turned What's New off.
    var isOptedOut: Bool { get }
    /// Records `seen` (a ``PresentationDecision/seen``) as the last version seen.
    mutating func record(_ seen: SeenVersion)
    /// Turns What's New off or back on for this user.
    mutating func setOptedOut(_ optedOut: Bool)
    /// Forgets everything recorded: the next launch is a first look again. For testing and for
    /// a "show me again" setting.
    mutating func reset()
}

/// A store that lives as long as the value: for tests, previews and apps that decide per run.
public struct InMemorySeenStore: SeenStore, Sendable, Hashable {
    /// The last version recorded; nil until one is.
    public private(set) var lastSeen: SeenVersion?
    /// Whether the user opted out.
    public private(set) var isOptedOut: Bool

    /// A store holding `lastSeen` and the opt-out, empty by default.
    public init(lastSeen: SeenVersion? = nil, isOptedOut: Bool = false) {
        self.lastSeen = lastSeen
        self.isOptedOut = isOptedOut
    }

    /// Keeps `seen` as the last version seen.
    public mutating func record(_ seen: SeenVersion) { lastSeen = seen }

    /// Keeps the opt-out.
    public mutating func setOptedOut(_ optedOut: Bool) { isOptedOut = optedOut }

    /// Forgets the version and the opt-out.
    public mutating func reset() {
        lastSeen = nil
        isOptedOut = false
    }
}
