import WhatsNewSchema

/// Which way notes list their releases: nearly every changelog puts the newest at the top, a
/// few append each release at the foot.
public enum ReleaseOrder: Sendable, Hashable {
    /// The newest release first.
    case newestFirst
    /// The oldest release first.
    case oldestFirst

    /// How `releases` run, by their neighbours: newest first unless more pairs of neighbouring
    /// versions rise going down than fall. Releases without a version do not count, so
    /// unreleased changes at either end change nothing; a tie reads as newest first.
    public init(of releases: some Sequence<Release>) {
        let newestFirst = LatestRelease.runsNewestFirst(releases.lazy.compactMap(\.version)) {
            $0.compare(to: $1) == .newer
        }
        self = newestFirst == false ? .oldestFirst : .newestFirst
    }

    /// The index of the latest of `candidates` (indices of `releases`, in the notes' order),
    /// the one rule for "the latest release" (``WhatsNewSchema``'s `LatestRelease`): the one the
    /// notes' order puts first, unless another is newer by both date and version; the greatest
    /// version where the order cannot say.
    public static func latest(of candidates: [Int], in releases: [Release]) -> Int? {
        let order = latestOrder(of: releases)
        return LatestRelease.position(
            of: candidates, newestFirst: order.map { $0 == .newestFirst }, day: { releases[$0].date },
            isNewer: { left, right in
                guard let version = releases[left].version else { return false }
                guard let other = releases[right].version else { return true }
                return version.compare(to: other) == .newer
            }
        ).map { candidates[$0] }
    }

    /// The way `releases` run as the latest release reads them: by their dates, one dated
    /// release to the next, where those say; else by neighbouring versions; nil where as many
    /// rise as fall.
    public static func latestOrder(of releases: [Release]) -> ReleaseOrder? {
        // By index: a million releases are read where they stand, not copied.
        let released = releases.indices.lazy.filter { !releases[$0].isUnreleased && releases[$0].version != nil }
        return LatestRelease.order(of: released, day: { releases[$0].date }) {
            releases[$0].version!.compare(to: releases[$1].version!) == .newer
        }.map { $0 ? .newestFirst : .oldestFirst }
    }
}
