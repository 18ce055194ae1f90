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

    private enum CodingKeys: String, CodingKey { case lastSeen, presented, isOptedOut }

    /// Decodes a record an app saved as JSON; a key it lacks (a record of an earlier version, or
    /// one written by hand) takes the empty record's value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lastSeen = try container.decodeIfPresent(SeenVersion.self, forKey: .lastSeen)
        presented = try container.decodeIfPresent([String].self, forKey: .presented) ?? []
        isOptedOut = try container.decodeIfPresent(Bool.self, forKey: .isOptedOut) ?? false
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

    /// This record saved over `stored`, which another device may have written since this one
    /// loaded it (iCloud's key-value store): the newer last version of the two and every version
    /// either presented, so neither device shows the other's notes again; this record's opt-out.
    /// An empty record (a reset) replaces what is stored.
    package func merged(over stored: SeenRecord) -> SeenRecord {
        guard !isEmpty else { return self }
        var merged = self
        if let mine = lastSeen {
            merged.lastSeen = stored.raised(to: mine).lastSeen
        } else {
            merged.lastSeen = stored.lastSeen
        }
        return merged.adding(stored.presented)
    }

    /// The record with `versions` added after those it holds, each once, at most ``presentedLimit``.
    private func adding(_ versions: [String]) -> SeenRecord {
        var record = self
        record.presented = Array((presented + versions.filter { !presented.contains($0) }).prefix(Self.presentedLimit))
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
