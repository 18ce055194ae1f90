/// The version a coming release takes: the latest release moved by a bump (SemVer, with
/// Cargo's reading below 1.0.0 unless the project asks for plain SemVer), or the release's
/// month and a counter for calendar versions; a pre-release counts on from the notes' latest.
public struct NextVersion: Sendable {
    /// How the project numbers its releases.
    public var versioning: Versioning

    /// A rule for `versioning`.
    public init(versioning: Versioning = .semver) {
        self.versioning = versioning
    }

    /// Why no version can be given.
    public enum Failure: Error, Sendable, Equatable {
        /// `--pre beta` after `1.5.0-rc.1`: the new pre-release would sort before the latest.
        case preReleaseNotNewer(proposed: String, latest: String)
        /// `--pre` with something that is not an identifier (`beta`, `rc`).
        case badPreReleaseName(String)
        /// A calendar version this month that would not come after the latest (a later month's).
        case calendarBehind(proposed: String, latest: String)
    }

    /// The version after `stable` (the latest release that is not a pre-release; nil when there
    /// is none), given the latest pre-release newer than it, the bump (never `.none`: nothing is
    /// released then), a pre-release name (`beta`) or nil for a release, and the release's day.
    ///
    /// A bump the notes ask for (`named` false) reads SemVer as ``versioning`` says below 1.0.0,
    /// and a release never goes back behind its own pre-releases (`2.0.0-beta.1` leads to
    /// `2.0.0` whatever the notes since). A bump asked for by name moves the number it names,
    /// from the latest release of either kind as npm does: a patch of `7.1.0-beta.5` is `7.1.0`,
    /// a minor of `1.2.0-rc.1` is `1.2.0`, a minor of `1.2.3-rc.1` is `1.3.0`.
    public func version(
        after stable: Version?, latestPreRelease: Version?, bump: VersionBump, preRelease name: String? = nil,
        on day: ReleaseDate, named: Bool = false, counterStartsAtZero: Bool = false, planned: Version? = nil,
        styledAfter example: Version? = nil
    ) throws(Failure) -> Version {
        var target: Written
        if let planned {
            // The notes plan the numbers (`## 1.5.0 (unreleased)`); pre-releases lead to them.
            target = Written(numbers: planned.numbers)
        } else if named, versioning != .calendar, let pre = latestPreRelease, !pre.numbers.isEmpty {
            var numbers = pre.numbers
            while numbers.count < 3 { numbers.append(0) }
            let finishes =
                switch bump {
                case .patch, .none: true
                case .minor: numbers[2] == 0
                case .major: numbers[1] == 0 && numbers[2] == 0
                }
            target = finishes ? Written(numbers: pre.numbers) : bumped(pre.numbers, bump, literally: true)
        } else {
            target = numbers(after: stable, bump: bump, on: day, literally: named)
            if !named, let pre = latestPreRelease, Self.compare(target.numbers, pre.numbers) == .older {
                target = Written(numbers: pre.numbers, monthWidth: target.monthWidth)
            }
        }
        if versioning == .calendar, let stable, Self.compare(target.numbers, stable.numbers) != .newer {
            throw .calendarBehind(proposed: target.text, latest: stable.text)
        }
        // Counting goes on from the latest pre-release of the same numbers.
        let sameLine = latestPreRelease.flatMap { Self.compare($0.numbers, target.numbers) == .same ? $0 : nil }
        guard let name else { return Version(target.text)! }
        guard Self.isIdentifier(name) else { throw .badPreReleaseName(name) }
        let id = name.lowercased()
        // Counting starts at 1, or at 0 where the project's pre-releases do (changesets' `-next.0`).
        var counter = counterStartsAtZero ? 0 : 1
        if let sameLine, sameLine.prerelease.first == id {
            counter = sameLine.prerelease.dropFirst().first.flatMap { Int($0) }.map { $0 + 1 } ?? 2
        }
        // The notes' own form (`rc1`, `-beta1`), from the latest pre-release, else any earlier one.
        let style = PreReleaseStyle(latestPreRelease ?? example)
        let proposed = Version(target.text + style.suffix(name: name, counter: counter))!
        if let sameLine, proposed.compare(to: sameLine) != .newer {
            throw .preReleaseNotNewer(proposed: proposed.text, latest: sameLine.text)
        }
        return proposed
    }

    /// The numbers of the release to come, before any pre-release suffix.
    private func numbers(after stable: Version?, bump: VersionBump, on day: ReleaseDate, literally: Bool) -> Written {
        if versioning == .calendar { return calendar(after: stable, on: day) }
        // The first release of a project is 0.1.0, as `cargo new` and `npm init` start.
        guard let stable, !stable.numbers.isEmpty else { return Written(numbers: [0, 1, 0]) }
        return bumped(stable.numbers, bump, literally: literally)
    }

    /// `numbers` moved by `bump`: the named number up by one, the ones after it zero.
    private func bumped(_ numbers: [Int], _ bump: VersionBump, literally: Bool) -> Written {
        var position: Int
        switch bump {
        case .major, .none: position = 0
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

    /// `year.month.counter`, written with the latest release's year and month widths
    /// (`26.4.0`, `2026.04.0`); the counter starts at 0 each month.
    private func calendar(after stable: Version?, on day: ReleaseDate) -> Written {
        // `26.4.0` writes the year short; a project coming from SemVer (`1.4.0`) gets it whole.
        let shortYear = (stable?.numbers.first).map { (day.year % 100 - 10...day.year % 100).contains($0) } ?? false
        let year = shortYear ? day.year % 100 : day.year
        let monthWidth = stable.map { Self.monthWidth(of: $0) } ?? 1
        var counter = 0
        if let stable, stable.numbers.count >= 2, stable.numbers[0] == year, stable.numbers[1] == day.month {
            counter = (stable.numbers.count >= 3 ? stable.numbers[2] : 0) + 1
        }
        return Written(numbers: [year, day.month, counter], monthWidth: monthWidth)
    }

    /// 2 when the version writes its second number with a leading zero (`2026.04.1`).
    private static func monthWidth(of version: Version) -> Int {
        let parts = version.text.split(separator: ".", maxSplits: 2)
        guard parts.count >= 2, parts[1].count == 2, parts[1].first == "0" else { return 1 }
        return 2
    }

    /// Numbers as the version writes them.
    private struct Written {
        var numbers: [Int]
        var monthWidth = 1

        var text: String {
            numbers.enumerated().map { index, number in
                index == 1 && monthWidth == 2 && number < 10 ? "0\(number)" : String(number)
            }.joined(separator: ".")
        }
    }

    /// How the notes write a pre-release: `-beta.2` (the default), `-rc1`, PEP 440's `rc1`.
    private struct PreReleaseStyle {
        var lead = "-"
        var separator = "."

        init(_ latest: Version?) {
            guard let latest, let first = latest.prerelease.first else { return }
            let text = Array(latest.text.lowercased())
            // What stands between the numbers and the name, and between the name and its count.
            guard let start = Self.range(of: Array(first), in: text) else { return }
            let before = text[..<start.lowerBound].reversed().prefix { !$0.isNumber }
            lead = String(before.reversed())
            let after = text[start.upperBound...].prefix { !$0.isNumber && $0 != "+" }
            if latest.prerelease.count > 1 { separator = String(after) }
        }

        func suffix(name: String, counter: Int) -> String { lead + name + separator + String(counter) }

        private static func range(of needle: [Character], in text: [Character]) -> Range<Int>? {
            guard !needle.isEmpty, needle.count <= text.count else { return nil }
            for start in 0...(text.count - needle.count) where text[start..<(start + needle.count)].elementsEqual(needle) {
                return start..<(start + needle.count)
            }
            return nil
        }
    }

    /// Letters first, then letters and digits: `beta`, `rc`, `alpha2`.
    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    private static func compare(_ left: [Int], _ right: [Int]) -> Version.Order {
        for index in 0..<max(left.count, right.count) {
            let (a, b) = (index < left.count ? left[index] : 0, index < right.count ? right[index] : 0)
            if a != b { return a < b ? .older : .newer }
        }
        return .same
    }
}
