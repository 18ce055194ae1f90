import WhatsNewModel

/// The version a coming release takes: the latest release moved by a bump (SemVer, with
/// Cargo's reading below 1.0.0 unless the project asks for plain SemVer), or the release's
/// date in the project's calendar scheme (``CalendarScheme``); a pre-release counts on from the
/// notes' latest.
package struct NextVersion: Sendable {
    /// How the project numbers its releases.
    package var versioning: Versioning
    /// How a calendar version is written; nil for `YYYY.MM.MICRO`.
    package var calendar: CalendarScheme?

    /// A rule for `versioning`, calendar versions written as `calendar` says.
    package init(versioning: Versioning = .semver, calendar: CalendarScheme? = nil) {
        self.versioning = versioning
        self.calendar = calendar
    }

    /// A rule for `versioning` on notes of `releases`: calendar versions written as `calendar`
    /// says, else as those releases are (``CalendarScheme/learned(from:)``).
    package init(versioning: Versioning, calendar: CalendarScheme?, releases: [Release]) {
        let scheme = calendar.map { $0.counting(as: releases) } ?? CalendarScheme.learned(from: releases)
        self.init(versioning: versioning, calendar: versioning == .calendar ? scheme : nil)
    }

    /// Why no version can be given.
    package enum Failure: Error, Sendable, Equatable {
        /// `--pre beta` after `1.5.0-rc.1`: the new pre-release would sort before the latest.
        case preReleaseNotNewer(proposed: String, latest: String)
        /// `--pre` with something that is not an identifier (`beta`, `rc`).
        case badPreReleaseName(String)
        /// A calendar version this month that would not come after the latest (a later month's).
        case calendarBehind(proposed: String, latest: String)
    }

    /// The version after `stable` (the latest release that is not a pre-release; nil when there
    /// is none), given the latest pre-release newer than it, the bump (a release
    /// the notes ask for none of is never made), a pre-release name (`beta`) or nil for a release, and the release's day.
    ///
    /// A bump the notes ask for (`named` false) reads SemVer as ``versioning`` says below 1.0.0,
    /// and a release never goes back behind its own pre-releases (`2.0.0-beta.1` leads to
    /// `2.0.0` whatever the notes since). A bump asked for by name moves the number it names,
    /// from the latest release of either kind as npm does: a patch of `7.1.0-beta.5` is `7.1.0`,
    /// a minor of `1.2.0-rc.1` is `1.2.0`, a minor of `1.2.3-rc.1` is `1.3.0`.
    package func version(
        after stable: ReleaseVersion?, latestPreRelease: ReleaseVersion?, bump: ReleaseVersion.Bump,
        preRelease name: String? = nil,
        on day: ReleaseDate, named: Bool = false, counterStartsAtZero: Bool = false, planned: ReleaseVersion? = nil,
        styledAfter example: ReleaseVersion? = nil
    ) throws(Failure) -> ReleaseVersion {
        var target: Written
        if let planned {
            // The notes plan the numbers (`## 1.5.0 (unreleased)`); pre-releases lead to them.
            target = Written(numbers: planned.numbers)
        } else if named, versioning != .calendar, let pre = latestPreRelease, !pre.numbers.isEmpty {
            var numbers = pre.numbers
            while numbers.count < 3 { numbers.append(0) }
            let finishes =
                switch bump {
                case .patch: true
                case .minor: numbers[2] == 0
                case .major: numbers[1] == 0 && numbers[2] == 0
                }
            target = finishes ? Written(numbers: pre.numbers) : bumped(pre.numbers, bump, literally: true)
        } else {
            target = numbers(after: stable, bump: bump, on: day, literally: named)
            if !named, let pre = latestPreRelease, Self.compare(target.numbers, pre.numbers) == .older {
                target = Written(numbers: pre.numbers, widths: target.widths)
            }
        }
        if versioning == .calendar, let stable, Self.compare(target.numbers, stable.numbers) != .newer {
            throw .calendarBehind(proposed: target.text, latest: stable.text)
        }
        // Counting goes on from the latest pre-release of the same numbers.
        let sameLine = latestPreRelease.flatMap { Self.compare($0.numbers, target.numbers) == .same ? $0 : nil }
        guard let name else { return ReleaseVersion(target.text)! }
        guard Self.isIdentifier(name) else { throw .badPreReleaseName(name) }
        // The notes' own form (`rc1`, `-beta1`), from the latest pre-release, else any earlier one,
        // and their own word for the name: PEP 440's `b` where they write `24.1b1` for a beta.
        let style = PreReleaseStyle(latestPreRelease ?? example)
        let spelled = Self.spelling(of: name, like: (latestPreRelease ?? example)?.prerelease.first)
        let id = spelled.lowercased()
        // Counting starts at 1, or at 0 where the project's pre-releases do (changesets' `-next.0`).
        var counter = counterStartsAtZero ? 0 : 1
        if let sameLine, sameLine.prerelease.first == id {
            counter = sameLine.prerelease.dropFirst().first.flatMap { Int($0) }.map { $0 + 1 } ?? 2
        }
        let proposed = ReleaseVersion(target.text + style.suffix(name: spelled, counter: counter))!
        if let sameLine, proposed.compare(to: sameLine) != .newer {
            throw .preReleaseNotNewer(proposed: proposed.text, latest: sameLine.text)
        }
        return proposed
    }

    /// The numbers of the release to come, before any pre-release suffix.
    private func numbers(after stable: ReleaseVersion?, bump: ReleaseVersion.Bump, on day: ReleaseDate, literally: Bool)
        -> Written
    {
        if versioning == .calendar { return calendar(after: stable, on: day) }
        // The first release of a project is 0.1.0, as `cargo new` and `npm init` start.
        guard let stable, !stable.numbers.isEmpty else { return Written(numbers: [0, 1, 0]) }
        return bumped(stable.numbers, bump, literally: literally)
    }

    /// `numbers` moved by `bump`: the named number up by one, the ones after it zero.
    private func bumped(_ numbers: [Int], _ bump: ReleaseVersion.Bump, literally: Bool) -> Written {
        var position: Int
        switch bump {
        case .major: position = 0
        case .minor: position = 1
        case .patch: position = 2
        }
        // Below 1.0.0 the second number is the breaking one, the third the rest (Cargo's reading).
        if !literally, versioning == .semver, numbers.first == 0 { position = min(position + 1, 2) }
        var numbers = numbers
        while numbers.count <= position { numbers.append(0) }
        numbers[position] += 1
        for index in (position + 1)..<numbers.count { numbers[index] = 0 }
        return Written(numbers: numbers)
    }

    /// The release's date in the project's calendar scheme (`YYYY.MM.MICRO` unless it says
    /// otherwise), counting on from the latest release of the same period.
    private func calendar(after stable: ReleaseVersion?, on day: ReleaseDate) -> Written {
        let scheme = calendar ?? CalendarScheme("YYYY.MM.MICRO")!
        let (numbers, widths) = scheme.numbers(after: stable, on: day)
        return Written(numbers: numbers, widths: widths)
    }

    /// Numbers as the version writes them: each at least as wide as its width (`09`).
    private struct Written {
        var numbers: [Int]
        var widths: [Int] = []

        var text: String {
            numbers.enumerated().map { index, number in
                let digits = String(number)
                let width = index < widths.count ? widths[index] : 1
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }.joined(separator: ".")
        }
    }

    /// How the notes write a pre-release: `-beta.2` (the default), `-rc1`, PEP 440's `rc1`.
    private struct PreReleaseStyle {
        var lead = "-"
        var separator = "."

        init(_ latest: ReleaseVersion?) {
            // A pre-release of numbers alone (npm's `15.0.0-0`) has no name to learn a form from.
            guard let latest, let first = latest.prerelease.first, !first.allSatisfy(\.isNumber) else { return }
            let text = Array(latest.text.lowercased())
            // What stands between the numbers and the name, and between the name and its count,
            // looked for after the numbers: `0` of `15.0.0-0` is not the `0` of `15.0`.
            let numbers = latest.numbersText.count
            guard let found = Self.range(of: Array(first), in: Array(text[numbers...])) else { return }
            let start = (found.lowerBound + numbers)..<(found.upperBound + numbers)
            let before = text[..<start.lowerBound].reversed().prefix { !$0.isNumber }
            lead = String(before.reversed())
            let after = text[start.upperBound...].prefix { !$0.isNumber && $0 != "+" }
            if latest.prerelease.count > 1 { separator = String(after) }
        }

        func suffix(name: String, counter: Int) -> String { lead + name + separator + String(counter) }

        private static func range(of needle: [Character], in text: [Character]) -> Range<Int>? {
            guard !needle.isEmpty, needle.count <= text.count else { return nil }
            for start in 0...(text.count - needle.count)
            where text[start..<(start + needle.count)].elementsEqual(needle) {
                return start..<(start + needle.count)
            }
            return nil
        }
    }

    /// `name` as the notes write that kind of pre-release: `b` for `beta` where their latest is
    /// `24.1b2`, `a` for `alpha`, `rc` or `c` for each other; `name` itself otherwise.
    private static func spelling(of name: String, like written: String?) -> String {
        guard let written, written.lowercased() != name.lowercased() else { return name }
        let words: [Set<String>] = [["a", "alpha"], ["b", "beta"], ["rc", "c", "pre", "preview"]]
        let same = words.contains { $0.contains(written.lowercased()) && $0.contains(name.lowercased()) }
        return same ? written : name
    }

    /// Letters first, then letters and digits: `beta`, `rc`, `alpha2`.
    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// The numbers alone compared, by ``ReleaseVersion``'s one rule.
    private static func compare(_ left: [Int], _ right: [Int]) -> ReleaseVersion.Order {
        ReleaseVersion.firstDifference(left, right)?.order ?? .same
    }
}
