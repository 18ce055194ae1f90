import WhatsNewModel

/// How a calendar version is written, in calver.org's words: `YYYY.0M.MICRO`, `YY.0M` (a
/// month's first release has no counter: `26.09`, then `26.09.1`), `YYYY.MICRO` (a counter
/// within the year: `2026.1`, `2026.2`), `YYYY.0M.0D` (`2026.11.28`, then `2026.11.28.1`).
///
/// `.whatsnew.yml`'s `calendar:` gives it; without one it is learned from the notes' releases
/// and their dates.
package struct CalendarScheme: Sendable, Equatable, CustomStringConvertible {
    /// One number of the version.
    package enum Part: Sendable, Equatable {
        /// The year: `YYYY` (2026), `YY` (26), `0Y` (26, and 06 for 2006).
        case year(short: Bool, padded: Bool)
        /// `MM` (9) or `0M` (09).
        case month(padded: Bool)
        /// `DD` (5) or `0D` (05).
        case day(padded: Bool)
        /// `MICRO` (also `MINOR`, `N`): the releases of one period counted.
        case counter
    }

    /// The numbers, in order: the date's, then at most one counter.
    package let parts: [Part]
    /// Where the counter starts each period: 0 (`2026.11.0`, pip's `24.0`) or 1 (`2026.1`).
    package var firstCounter = 0

    /// The scheme `text` writes (`YYYY.0M.MICRO`); nil when it is not one: a year first, then
    /// the month, then the day, each at most once, and a counter only last.
    package init?(_ text: String) {
        var parts: [Part] = []
        for token in text.uppercased().split(separator: ".", omittingEmptySubsequences: false) {
            let part: Part
            switch token {
            case "YYYY": part = .year(short: false, padded: false)
            case "YY": part = .year(short: true, padded: false)
            case "0Y": part = .year(short: true, padded: true)
            case "MM": part = .month(padded: false)
            case "0M": part = .month(padded: true)
            case "DD": part = .day(padded: false)
            case "0D": part = .day(padded: true)
            case "MICRO", "MINOR", "N": part = .counter
            default: return nil
            }
            parts.append(part)
        }
        self.init(parts: parts)
    }

    /// A scheme of `parts`; nil when they are not in the order dates are written.
    init?(parts: [Part]) {
        guard case .year = parts.first else { return nil }
        let order = parts.map { part -> Int in
            switch part {
            case .year: 0
            case .month: 1
            case .day: 2
            case .counter: 3
            }
        }
        // Year, month, day, counter, none skipped but the counter's place after the year.
        let dates = order.filter { $0 < 3 }
        guard dates == Array(0..<dates.count), order.filter({ $0 == 3 }).count <= 1,
            order.last == 3 || !order.contains(3)
        else { return nil }
        self.parts = parts
    }

    /// The number of date parts.
    var dateCount: Int { parts.count { $0 != .counter } }
    /// Whether every release writes a counter; without one a period's first release has none.
    package var writesCounter: Bool { parts.last == .counter }

    /// The scheme in calver.org's words.
    package var description: String {
        parts.map { part in
            switch part {
            case .year(let short, let padded): short ? (padded ? "0Y" : "YY") : "YYYY"
            case .month(let padded): padded ? "0M" : "MM"
            case .day(let padded): padded ? "0D" : "DD"
            case .counter: "MICRO"
            }
        }.joined(separator: ".")
    }

    /// The numbers of the release after `latest` on `day`, and how wide each is written.
    func numbers(after latest: ReleaseVersion?, on day: ReleaseDate) -> (numbers: [Int], widths: [Int]) {
        var numbers: [Int] = []
        var widths: [Int] = []
        for part in parts where part != .counter {
            switch part {
            case .year(let short, let padded):
                numbers.append(short ? day.year % 100 : day.year)
                widths.append(padded ? 2 : 1)
            case .month(let padded):
                numbers.append(day.month)
                widths.append(padded ? 2 : 1)
            case .day(let padded):
                numbers.append(day.day)
                widths.append(padded ? 2 : 1)
            case .counter: break
            }
        }
        // The same period as the latest release: its counter, one up (none written counts 0).
        let samePeriod = latest.map { Array($0.numbers.prefix(numbers.count)) == numbers } ?? false
        if samePeriod, let latest {
            // A release without a counter is its period's 0 (`26.09`, then `26.09.1`), as versions compare.
            let counter = latest.numbers.count > numbers.count ? latest.numbers[numbers.count] : 0
            return (numbers + [max(counter + 1, firstCounter)], widths + [1])
        }
        return writesCounter ? (numbers + [firstCounter], widths + [1]) : (numbers, widths)
    }

    /// The scheme the notes' releases are written in, read from the newest one's numbers
    /// against the releases' dates; nil when it reads as no calendar version (`1.4.0`).
    package static func learned(from releases: [Release]) -> CalendarScheme? {
        let released = releases.filter { !$0.isUnreleased && $0.version.map { $0.prerelease.isEmpty } == true }
        guard let newest = NewestFirst.newest(released, { $0.version! }),
            let version = newest.version
        else { return nil }
        let numbers = version.numbers
        guard numbers.count >= 2, version.numbersText.split(separator: ".").count == numbers.count,
            let short = isYear(numbers[0])
        else { return nil }
        // The releases written the same way: a year of the same width first.
        let family = released.compactMap { release -> (numbers: [Int], texts: [Substring], date: ReleaseDate?)? in
            guard let version = release.version, version.numbers.count >= 2, isYear(version.numbers[0]) == short else {
                return nil
            }
            return (version.numbers, version.numbersText.split(separator: "."), release.date)
        }
        // Month and day are written two digits wide when any release writes either with a
        // leading zero (`2026.11.02` gives `2027.01.05`, not `2027.1.05`).
        let padded = family.contains { release in
            (1..<min(3, release.texts.count)).contains {
                release.texts[$0].count == 2 && release.texts[$0].first == "0"
            }
        }
        var parts: [Part] = [.year(short: short, padded: false)]
        // The second number is the month unless one goes past 12, or a two-number version's is not its month.
        let isMonth =
            family.allSatisfy { $0.numbers[1] <= 12 && $0.numbers[1] >= 1 }
            && (numbers.count >= 3 || newest.date.map { $0.month == numbers[1] } ?? true)
        if isMonth {
            parts.append(.month(padded: padded))
            // The third is the day when every dated release of its month says so.
            let days = family.filter { $0.numbers.count >= 3 && $0.date?.month == $0.numbers[1] }
            if numbers.count >= 3, !days.isEmpty, days.allSatisfy({ $0.numbers[2] == $0.date?.day }) {
                parts.append(.day(padded: padded))
            }
        }
        if numbers.count > parts.count { parts.append(.counter) }
        guard var scheme = CalendarScheme(parts: parts) else { return nil }
        let dates = scheme.dateCount
        // A counter some releases leave out (`26.04`, then `26.04.1`) is written only from the second.
        if scheme.writesCounter, dates >= 2, family.contains(where: { $0.numbers.count == dates }) {
            scheme = CalendarScheme(parts: Array(parts.prefix(dates)))!
        }
        return scheme.counting(as: releases)
    }

    /// The scheme with its counter starting where the notes' releases start theirs: at 1 when
    /// two or more releases are written in it and none counts 0 (`2026.1`, `2026.2`), else at 0.
    package func counting(as releases: [Release]) -> CalendarScheme {
        guard writesCounter else { return self }
        let counters = releases.compactMap { release -> Int? in
            guard !release.isUnreleased, let version = release.version, version.prerelease.isEmpty,
                version.numbers.count == parts.count, Self.isYear(version.numbers[0]) != nil
            else { return nil }
            return version.numbers[dateCount]
        }
        var scheme = self
        scheme.firstCounter = counters.count >= 2 && counters.min() == 1 ? 1 : 0
        return scheme
    }

    /// Whether `number` reads as a year: true for a short one (26), false for a whole one
    /// (2026), nil for neither (1 of `1.4.0`).
    private static func isYear(_ number: Int) -> Bool? {
        if (1970...2999).contains(number) { return false }
        if (10...99).contains(number) { return true }
        return nil
    }
}
