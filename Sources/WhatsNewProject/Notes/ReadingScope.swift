import WhatsNewModel
import WhatsNewReading
import WhatsNewSheet

/// The releases a run shows, when it shows a few: the latest, a version, or those since one.
/// The notes are then read in part (``PartialReading``): the releases that could be chosen in
/// full, every other one as its heading, the same choice made as on the whole file.
package struct ReadingScope: Sendable {
    /// Which releases.
    package var selection: ReleaseSelection
    /// The day the sheet is made: a release dated later is scheduled, and not the latest.
    package var today: ReleaseDate

    /// A scope for `selection`; nil for selections that read every release.
    package init?(_ selection: ReleaseSelection, today: ReleaseDate) {
        switch selection {
        case .latest, .version, .since: break
        case .all, .unreleased, .cumulative: return nil
        }
        self.selection = selection
        self.today = today
    }

    /// The notes of `source` read in part, or read whole where the part could read otherwise
    /// (each time said on `trace`).
    package func read(_ source: SourceFile, with reader: DocumentReader, trace: (@Sendable (String) -> Void)?)
        -> DocumentReader.Reading
    {
        var partial = PartialReading(source, reader: reader)
        // Every reading in part reads every heading, and it takes two: where headings are most of
        // the file (a million one-item releases), reading it whole once costs less.
        if partial.isMostlyHeadings {
            trace?("\(source.path) whole: most of its lines open as headings do")
            return partial.readWhole()
        }
        if partial.doubt == nil, partial.headingCount * 5 > partial.lineCount * 2 {
            trace?("\(source.path) whole: its headings are most of it")
            return partial.readWhole()
        }
        // A first look at the headings, then readings until one needs nothing more.
        partial.survey()
        for round in 0..<8 {
            if partial.doubt != nil { break }
            let before = partial.keptCount
            partial.keepStructure()
            // Releases that may be chosen are read newest first: one, then two, then four more.
            for line in unreadReleases(in: partial, batch: 1 << min(round, 8)) { partial.keep(releaseAt: line) }
            if round > 0, partial.keptCount == before {
                if partial.linesRead == partial.lineCount { break }
                trace?(
                    "\(source.path) in part: \(partial.linesRead) of \(partial.lineCount) lines, "
                        + (partial.readings == 1 ? "1 pass" : "\(partial.readings) passes"))
                return partial.reading
            }
            partial.read()
            // Still unsettled after three readings, with half the file read: reading it whole costs
            // less than reading on.
            if round >= 2, partial.doubt == nil, partial.linesRead * 2 > partial.lineCount,
                partial.linesRead < partial.lineCount
            {
                trace?("\(source.path) whole: most of it may be shown")
                return partial.readWhole()
            }
        }
        if partial.doubt == nil, partial.linesRead == partial.lineCount {
            trace?("\(source.path) whole: every part may be shown")
            return partial.reading
        }
        trace?("\(source.path) whole: \(partial.doubt ?? "the choice did not settle")")
        return partial.readWhole()
    }

    /// The lines of releases read as headings that could change the choice, or be chosen: for
    /// the latest, the `batch` newest of those that could be newer than the one chosen so far.
    private func unreadReleases(in partial: PartialReading, batch: Int) -> [Int] {
        let releases = partial.reading.document.releases
        let unread = releases.filter { !partial.isWhole(releaseAt: $0.line) }
        guard !unread.isEmpty else { return [] }
        let schedule = ReleaseSchedule(today: today)
        let chosen = (try? selection.releases(from: partial.reading.document, schedule: schedule, path: "")) ?? []
        var needed = chosen.filter { !partial.isWhole(releaseAt: $0.line) }.map(\.line)
        switch selection {
        case .latest:
            // The newest release out with content: an unread release as new may be it. The chosen
            // one counts when it is such a release (not the unreleased changes, or a scheduled
            // release, which stand in when no release out has content).
            let best = chosen.first.flatMap { $0.isUnreleased || schedule.isScheduled($0) ? nil : $0 }
            let order = ReleaseOrder.latestOrder(of: releases)
            let newestFirst = order != .oldestFirst
            let rivals = unread.filter { release in
                // Dated later by its heading: scheduled whatever it holds, never the latest.
                if partial.isDatedByHeading(releaseAt: release.line), schedule.isScheduled(release) { return false }
                guard let best else { return true }
                // Nearer the newest end than the one chosen: the latest, if it holds anything.
                if order != nil, newestFirst ? release.line < best.line : release.line > best.line { return true }
                // A greater version further along may be newer by its date too.
                guard let newest = best.version else { return true }
                guard let version = release.version else { return false }
                return version.compare(to: newest) == .newer
            }
            needed += Self.newest(batch, of: rivals, newestFirst: newestFirst).map(\.line)
            // None out with content yet: the first release with any stands in, scheduled or not,
            // so releases are also read in the notes' order until one has some.
            if best == nil, let first = unread.first,
                !releases.contains(where: { $0.line < first.line && $0.hasContent })
            {
                needed.append(first.line)
            }
        case .since(let query):
            // Every release after it, unless scheduled, which the release's own lines may say.
            guard let floor = releases.compactMap(\.version).first(where: { $0.matches(query) }) else { return [] }
            needed += unread.filter { $0.version.map { $0 > floor } ?? false }.map(\.line)
        default:
            break
        }
        return needed
    }

    /// The `count` releases nearest the notes' newest end, which settle the latest soonest.
    private static func newest(_ count: Int, of releases: [Release], newestFirst: Bool) -> [Release] {
        newestFirst ? Array(releases.prefix(count)) : Array(releases.suffix(count).reversed())
    }
}
