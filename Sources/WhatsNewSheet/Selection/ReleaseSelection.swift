import WhatsNewModel

/// Which releases a run shows: `--release latest|unreleased|all|<version>` or `--since <version>`.
public enum ReleaseSelection: Sendable, Hashable {
    /// The newest release with content that is out (not scheduled); the unreleased changes only
    /// when nothing else has any.
    case latest
    /// The unreleased changes (`## [Unreleased]`).
    case unreleased
    /// Every release, in the order the notes list them.
    case all
    /// The release of a version, written with or without a `v`.
    case version(String)
    /// Every release newer than the given one, with the unreleased changes if there are any.
    case since(String)
    /// The release of a version and at most `history` released versions before it, newest
    /// first: what a reader updating to it may not have seen (Sparkle's cumulative notes).
    /// "Before" is the notes' own order, so a project whose `2026.2.2-3` came out after
    /// `2026.2.2` reads as it wrote them.
    case cumulative(String, history: Int)

    /// Reads the `--release` value.
    public init(release: String) {
        switch release.lowercased() {
        case "latest": self = .latest
        case "unreleased": self = .unreleased
        case "all": self = .all
        default: self = .version(release)
        }
    }

    /// An empty Unreleased heading: a placeholder for what comes, not a release to show.
    public static func isPlaceholder(_ release: Release) -> Bool {
        !release.hasContent && release.isUnreleased && release.version == nil
    }

    /// The chosen releases, in the notes' order (newest first for ``cumulative(_:history:)``),
    /// as of the schedule's day; or a diagnostic naming the versions that exist.
    public func releases(
        from document: Document, schedule: ReleaseSchedule = ReleaseSchedule(today: nil), path: String
    ) throws(Diagnostic) -> [Release] {
        let releases = document.releases
        switch self {
        case .all:
            return releases.filter { !Self.isPlaceholder($0) }
        case .latest:
            if let newest = Self.newestIndex(in: releases, schedule: schedule) { return [releases[newest]] }
            if let unreleased = releases.first(where: { $0.hasContent }) { return [unreleased] }
            throw Diagnostic(.unknownRelease, at: SourceLocation(path: path), "no release with any changes listed")
        case .unreleased:
            if let release = document.releaseInProgress { return [release] }
            throw missing("no unreleased changes", in: releases, path: path)
        case .version(let query):
            if let release = releases.first(where: { $0.version?.matches(query) ?? false }) { return [release] }
            throw missing("no release \(query)", in: releases, path: path)
        case .since(let query):
            guard let floor = releases.compactMap(\.version).first(where: { $0.matches(query) }) else {
                throw missing("no release \(query) to start after", in: releases, path: path)
            }
            return releases.filter { release in
                if release.isUnreleased, release.version == nil { return release.hasContent }
                // The same ordering as WhatsNewSchema's `Sheet.releases(after:)`.
                guard !schedule.isScheduled(release), let version = release.version else { return false }
                return version > floor
            }
        case .cumulative(let version, let history):
            let target = try ReleaseSelection.version(version).releases(from: document, schedule: schedule, path: path)[
                0]
            return [target] + Self.releases(before: target, in: releases, schedule: schedule, limit: max(0, history))
        }
    }

    /// The releases out before `target` in the notes' own order, newest first: what a reader
    /// updating to it may not have seen. The target itself may still be marked unreleased:
    /// notes are often written before the tag.
    package static func releases(
        before target: Release, in releases: [Release], schedule: ReleaseSchedule, limit: Int
    ) -> [Release] {
        guard limit > 0, let position = releases.firstIndex(where: { $0.line == target.line }) else { return [] }
        // By index, and only as many as asked: a long changelog's releases are not copied.
        let isOut = { (index: Int) in
            releases[index].version != nil && !releases[index].isUnreleased
                && !schedule.isScheduled(date: releases[index].date)
        }
        let newestFirst =
            ReleaseOrder(of: releases.indices.lazy.filter { $0 == position || isOut($0) }.map { releases[$0] })
            == .newestFirst
        let after = newestFirst ? Array((position + 1)..<releases.count) : Array((0..<position).reversed())
        return after.lazy.filter(isOut).prefix(limit).map { releases[$0] }
    }

    /// Where the newest release out with content stands, as of `schedule`'s day: the latest
    /// by the notes' order and dates (``ReleaseOrder/latest(of:in:)``), so notes written oldest
    /// first give their last release and a predecessor's higher versions further down do not count.
    package static func newestIndex(in releases: [Release], schedule: ReleaseSchedule) -> Int? {
        let candidates = releases.indices.filter { index in
            releases[index].hasContent && !releases[index].isUnreleased
                && !schedule.isScheduled(date: releases[index].date)
        }
        return ReleaseOrder.latest(of: candidates, in: releases)
    }

    private func missing(_ what: String, in releases: [Release], path: String) -> Diagnostic {
        let versions = releases.compactMap { $0.version?.text }
        let listed =
            versions.isEmpty
            ? "the notes name no versions"
            : "versions are " + versions.prefix(12).joined(separator: ", ")
                + (versions.count > 12 ? " and \(versions.count - 12) more" : "")
        return Diagnostic(.unknownRelease, at: SourceLocation(path: path), "\(what); \(listed)")
    }
}
