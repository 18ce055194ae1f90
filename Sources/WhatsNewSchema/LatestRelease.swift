/// Which of several releases is the latest, for every part that asks: the default sheet,
/// `whatsnew next`, `release`, and an app reading the JSON. The notes' order says it (their
/// first release, or their last where they run oldest first), since a changelog that carries a
/// renamed predecessor's history has higher versions further down. A release further along
/// wins only when it is newer by both date and version (a release appended at the wrong end):
/// order and dates decide, and versions only where those two disagree or the order cannot say.
package enum LatestRelease {
    /// The position of the latest of `releases`, given in the notes' order; nil when empty.
    /// `newestFirst` is the way the notes run, nil where their order cannot say (the greatest
    /// version is then the latest). `day` is a release's date, if it has one; `isNewer`
    /// compares two releases' versions.
    package static func position<Release, Day: Comparable>(
        of releases: [Release], newestFirst: Bool?, day: (Release) -> Day?, isNewer: (Release, Release) -> Bool
    ) -> Int? {
        guard let newestFirst else {
            return releases.indices.reduce(nil) { best, index in
                best.map { isNewer(releases[index], releases[$0]) ? index : $0 } ?? index
            }
        }
        guard let first = newestFirst ? releases.indices.first : releases.indices.last else { return nil }
        // Undated, the order alone can say which came last.
        guard let firstDay = day(releases[first]) else { return first }
        var latest = first
        for index in releases.indices where index != first {
            guard let other = day(releases[index]), other > firstDay, isNewer(releases[index], releases[first]),
                isNewer(releases[index], releases[latest]) || latest == first
            else { continue }
            latest = index
        }
        return latest
    }

    /// Whether `releases`, in the notes' order, run newest first as the latest release reads
    /// them: by their dates, one dated release to the next, where those say; else by their
    /// neighbouring versions (`isNewer`); nil where neither can say.
    package static func order<Release, Day: Comparable>(
        of releases: some Collection<Release>, day: @escaping (Release) -> Day?, isNewer: (Release, Release) -> Bool
    ) -> Bool? {
        runsNewestFirst(releases.lazy.compactMap(day), isNewer: >) ?? runsNewestFirst(releases, isNewer: isNewer)
    }

    /// Whether releases given in the notes' order run newest first, by their neighbours: true
    /// when more neighbouring pairs fall going down than rise, false when more rise, nil on a
    /// tie (the order cannot say). `isNewer` compares two releases (by date where both have
    /// one, else by version).
    package static func runsNewestFirst<Release>(
        _ releases: some Sequence<Release>, isNewer: (Release, Release) -> Bool
    ) -> Bool? {
        var falling = 0
        var rising = 0
        var previous: Release?
        for release in releases {
            if let above = previous {
                if isNewer(above, release) { falling += 1 } else if isNewer(release, above) { rising += 1 }
            }
            previous = release
        }
        return falling == rising ? nil : falling > rising
    }
}
