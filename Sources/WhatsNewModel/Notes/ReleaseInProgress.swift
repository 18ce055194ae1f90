/// Which release of the notes holds the changes not released yet.
///
/// Only an `Unreleased` or planned heading at the newest end of the notes is the release in
/// progress: above every released version in notes that run newest first, below every one in
/// notes that run oldest first. One left deep in the history by an old generator
/// (`## [Unreleased](…compare/8.2.0...HEAD)` between 8.1.0 and 8.2.0) is history.
public enum ReleaseInProgress {
    /// The index of the release in progress in `releases`, or nil when the notes have none.
    public static func index(in releases: [Release]) -> Int? {
        guard let ends = Ends(releases) else { return releases.firstIndex(where: \.isUnreleased) }
        let above = releases[..<ends.first].firstIndex(where: \.isUnreleased)
        let below = releases[(ends.last + 1)...].firstIndex(where: \.isUnreleased)
        // One released version says nothing of the order: either end is the newest.
        guard let newestFirst = ends.newestFirst else { return above ?? below }
        return newestFirst ? above : below
    }

    /// Unreleased or planned headings left between released versions, where no release goes.
    /// Several at the newest end (`master (unreleased)` over `2.9.4 (unreleased)`) are not stale.
    public static func stale(in releases: [Release]) -> [Int] {
        guard let ends = Ends(releases), let newestFirst = ends.newestFirst else { return [] }
        return releases.indices.filter { index in
            releases[index].isUnreleased && (newestFirst ? index > ends.first : index < ends.last)
        }
    }

    /// The release a planned heading's version plans: the version itself (`1.5.0 (unreleased)`),
    /// or for a version being written, the release it becomes: `1.7.0-wip` (Dart's habit;
    /// `-dev` and `-snapshot` likewise) is 1.7.0.
    public static func plannedRelease(of planned: ReleaseVersion) -> ReleaseVersion {
        guard isWorkInProgress(planned) else { return planned }
        return ReleaseVersion(planned.numbersText) ?? planned
    }

    /// `1.7.0-wip`, `1.7.0-dev`, `1.7.0-SNAPSHOT`: a version still being written, never released.
    public static func isWorkInProgress(_ version: ReleaseVersion) -> Bool {
        version.prerelease.count == 1 && ["wip", "dev", "snapshot"].contains(version.prerelease[0])
    }

    /// Where the released versions start and end, and which way they run (nil for one alone).
    private struct Ends {
        var first: Int
        var last: Int
        var newestFirst: Bool?

        init?(_ releases: [Release]) {
            let released = releases.indices.filter { releases[$0].version != nil && !releases[$0].isUnreleased }
            guard let first = released.first, let last = released.last else { return nil }
            (self.first, self.last) = (first, last)
            newestFirst =
                released.count == 1 ? nil : ReleaseOrder(of: released.lazy.map { releases[$0] }) == .newestFirst
        }
    }
}

extension Document {
    /// The release that holds the changes not released yet, when the notes have one at their
    /// newest end; see ``ReleaseInProgress``.
    public var releaseInProgress: Release? { ReleaseInProgress.index(in: releases).map { releases[$0] } }
}
