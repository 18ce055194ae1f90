/// What a user has seen of What's New: the newest version it was decided for, the versions whose
/// notes were shown, and whether they opted out. A ``PresentationDecision`` says what to save
/// next; a ``SeenStore`` keeps it between launches.
///
/// The record only moves forward: running an older version (a downgrade, an older TestFlight
/// build) or one that is no version (`dev`) leaves it as it is, so nothing shows twice.
public struct SeenRecord: Codable, Sendable, Hashable {
    /// The newest version a decision was made for; nil until one is.
    public var lastSeen: SeenVersion?
    /// The versions whose notes were shown, newest first: at most ``presentedLimit``.
    public var presented: [String]
    /// Whether the user turned What's New off.
    public var isOptedOut: Bool

    /// How many shown versions the record keeps: enough for every merge of a year of weekly
    /// releases, few enough for a key-value store.
    public static let presentedLimit = 64

    /// A record; empty unless given: nothing seen, nothing shown, not opted out.
    public init(lastSeen: SeenVersion? = nil, presented: [String] = [], isOptedOut: Bool = false) {
        self.lastSeen = lastSeen
        self.presented = presented
        self.isOptedOut = isOptedOut
    }

    /// Whether nothing is recorded: no version seen, nothing shown, not opted out.
    public var isEmpty: Bool { lastSeen == nil && presented.isEmpty && !isOptedOut }

    /// Whether the notes of `version` were shown to this user (`v1.4` names `1.4.0`).
    public func hasPresented(_ version: String) -> Bool {
        guard let wanted = ReleaseVersion(version) else { return presented.contains(version) }
        return presented.contains { ReleaseVersion($0) == wanted }
    }

    /// The record after a user ran `running`: it becomes the last version seen when it is newer
    /// than the one recorded (or the same version with a newer build); never older.
    func raised(to running: SeenVersion) -> SeenRecord {
        var record = self
        guard let version = ReleaseVersion(running.version) else { return record }
        guard let seen = lastSeen, let seenVersion = ReleaseVersion(seen.version) else {
            record.lastSeen = running
            return record
        }
        switch version.compare(to: seenVersion) {
        case .newer: record.lastSeen = running
        case .same where PresentationPolicy.isNewer(build: running.build, than: seen.build): record.lastSeen = running
        case .same, .older: break
        }
        return record
    }

    /// The record with `versions` shown: newest first, each once, at most ``presentedLimit``.
    func presenting(_ versions: [String]) -> SeenRecord {
        var record = self
        let earlier = presented.filter { old in !versions.contains { $0 == old } }
        record.presented = Array((versions + earlier).prefix(Self.presentedLimit))
        return record
    }
}
