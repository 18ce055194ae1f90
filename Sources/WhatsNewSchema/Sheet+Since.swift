/// "What's new since you last looked": the releases a user has not seen, by version.
extension Sheet {
    /// The releases newer than `lastSeen`, newest first: what an app shows a user who last saw
    /// that version.
    ///
    /// Only released versions count: the unreleased changes, scheduled releases and releases
    /// without a version are never "new". The answers are defined for every input:
    ///
    /// - `lastSeen` a version the sheet lists, or one it does not (`1.3.5` between `1.3.0` and
    ///   `1.4.0`): every release newer than it, by ``ReleaseVersion`` precedence, so a
    ///   pre-release the user ran (`2.0.0-beta.2`) is followed by `2.0.0-rc.1` and `2.0.0`;
    /// - `lastSeen` newer than every release (a build ahead of its notes): none;
    /// - `lastSeen` nil (the user has never looked) or not a version at all: the latest release
    ///   alone, what is new in the version they have. The latest is the one the notes' order
    ///   puts first (last, where they run oldest first), unless another is newer by both date
    ///   and version, as whatsnew's own sheet chooses: a predecessor's higher versions further
    ///   down do not count.
    public func releases(after lastSeen: String?) -> [Release] {
        guard let lastSeen, let seen = ReleaseVersion(lastSeen) else {
            return latestRelease().map { [$0] } ?? []
        }
        return versionedNewestFirst().filter { $0.version > seen }.map(\.release)
    }

    /// The latest release out with a version, by the notes' order and dates.
    func latestRelease() -> Release? {
        let released = versionedInNotesOrder()
        let newestFirst = LatestRelease.order(of: released, day: { $0.release.date }) { $0.version > $1.version }
        return LatestRelease.position(
            of: released, newestFirst: newestFirst, day: { $0.release.date }, isNewer: { $0.version > $1.version }
        ).map { released[$0].release }
    }

    /// The releases out (not the unreleased changes, not scheduled) that have a version, newest
    /// first by ``ReleaseVersion`` precedence; releases of equal precedence keep the notes' order.
    public func releasedNewestFirst() -> [Release] { versionedNewestFirst().map(\.release) }

    /// ``releasedNewestFirst()`` with each release's version read.
    func versionedNewestFirst() -> [(version: ReleaseVersion, release: Release)] {
        NewestFirst.byVersion(versionedInNotesOrder(), \.version)
    }

    /// The releases out (not the unreleased changes, not scheduled) that have a version, with it
    /// read, in the notes' order.
    private func versionedInNotesOrder() -> [(version: ReleaseVersion, release: Release)] {
        releases.compactMap { release in
            guard !release.unreleased, !release.scheduled, let text = release.version,
                let version = ReleaseVersion(text)
            else { return nil }
            return (version, release)
        }
    }

    /// One sheet of every release the user has not seen (``releases(after:)``), merged into one
    /// release: featured rows (sections with no kind, or a title of their own) as they are,
    /// newest first; rows of one kind and title (`Fixed`) made one, their items newest first.
    /// It takes the newest release's version, date and title; empty when nothing is new.
    public func whatsNew(since lastSeen: String?) -> Sheet {
        merging(releases(after: lastSeen))
    }

    /// `releases`, newest first, merged into one release: featured rows (sections with no
    /// kind, or a title of their own) as they are; rows of one kind and title (`Fixed`) made
    /// one, their items newest first. It takes the newest release's version, date and title,
    /// and the releases' summaries, newest first, as paragraphs; each row says in
    /// ``Section/versions`` which releases it came from. No release when `releases` is empty.
    public func merging(_ releases: [Release]) -> Sheet {
        guard let newest = releases.first else {
            return Sheet(schemaVersion: schemaVersion, title: title, releases: [])
        }
        var sections: [Section] = []
        var rows: [RowKey: Int] = [:]  // a kind row → its index in `sections`
        for release in releases {
            for var section in release.sections {
                if releases.count > 1, section.versions.isEmpty, let version = release.version {
                    section.versions = [version]
                }
                guard let kind = section.kind else {
                    sections.append(section)
                    continue
                }
                let key = RowKey(kind: kind, title: section.title)
                guard let index = rows[key] else {
                    rows[key] = sections.count
                    sections.append(section)
                    continue
                }
                sections[index].versions += section.versions.filter { !sections[index].versions.contains($0) }
                sections[index].items += section.items
                sections[index].html += section.html
                sections[index].summary = [sections[index].summary, section.summary].compactMap { $0 }
                    .joined(separator: "\n")
            }
        }
        var merged = newest
        merged.sections = sections
        let summaries = releases.compactMap(\.summary)
        merged.summary = summaries.isEmpty ? nil : summaries.joined(separator: "\n\n")
        return Sheet(schemaVersion: schemaVersion, title: title, releases: [merged])
    }
}

/// A row of a kind and a title, which the releases' rows merge into.
private struct RowKey: Hashable {
    var kind: Sheet.Kind
    var title: String?
}
