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
        var falling = 0
        var rising = 0
        var previous: Version?
        for release in releases {
            guard let version = release.version else { continue }
            if let above = previous {
                switch above.compare(to: version) {
                case .newer: falling += 1
                case .older: rising += 1
                default: break
                }
            }
            previous = version
        }
        self = rising > falling ? .oldestFirst : .newestFirst
    }
}
