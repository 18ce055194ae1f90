extension ReleaseVersion {
    /// How much a release changed, as its version's shape tells: `2.0.0` a major release,
    /// `1.4.0` a minor one, `1.4.1` a patch. Ordered: a major bump is more than a minor one.
    public enum Bump: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
        /// `1.4.1`: fixes to a release.
        case patch
        /// `1.4.0`: a release with new things in it.
        case minor
        /// `2.0.0`: a new major version.
        case major

        /// The bump that moves the number at `position`: the first a major, the second a minor,
        /// any other a patch.
        package init(position: Int) {
            self = position == 0 ? .major : position == 1 ? .minor : .patch
        }

        /// `major`, `minor` or `patch` as `.whatsnew.yml` and the command line write it, in any case.
        package init?(name: String) {
            guard let bump = Self.allCases.first(where: { $0.description == name.lowercased() }) else { return nil }
            self = bump
        }

        /// A smaller bump before a bigger one.
        public static func < (lhs: Bump, rhs: Bump) -> Bool { lhs.rawValue < rhs.rawValue }

        /// `patch`, `minor` or `major`.
        public var description: String {
            switch self {
            case .patch: "patch"
            case .minor: "minor"
            case .major: "major"
            }
        }
    }

    /// The bump the version's numbers show, from its last number that is not zero: `3.0.0` and
    /// `3` major, `1.4.0` and `1.4` minor, `1.4.1` and `1.2.3.4` patch; a pre-release counts as
    /// the release it leads to (`2.0.0-beta.1` major). A date used as a version (`2024-05-02`)
    /// is a release of its own, a minor.
    public var bump: Bump {
        if isDate { return .minor }
        guard let last = numbers.lastIndex(where: { $0 != 0 }) else { return .major }
        switch last {
        case 0: return .major
        case 1: return .minor
        default: return .patch
        }
    }

    /// The bump of an update from `seen` to this version, as a user lives it: `1.7.1` → `1.8.1`
    /// is a minor update though `1.8.1` is a patch, and `1.4.0` → `1.4.1` a patch. The first
    /// number that differs decides (the first a major, the second a minor, any other a patch).
    /// Calendar versions compare as dates: a new year or month in `2024.9.30` → `2024.10.15`, or
    /// a new day in `2024-05-02` → `2024-05-09`, is a minor update; a same-date re-cut
    /// (`2024.10.15` → `2024.10.15.1`) a patch. From a pre-release, the update is at least the
    /// bump of the release it leads to, which the tester never saw: `2.0.0-beta.1` → `2.0.0`,
    /// `-beta.2` or `2.0.1` is a major update.
    public func bump(from seen: ReleaseVersion) -> Bump {
        let numeric = numericBump(from: seen)
        // A tester who ran `2.0.0-beta.1` never saw 2.0.0: from there, 2.0.1 is the major update.
        return seen.isPreRelease ? max(numeric, seen.bump) : numeric
    }

    /// The bump the numbers alone show: the first that differs, or the dates of calendar versions.
    private func numericBump(from seen: ReleaseVersion) -> Bump {
        if let date = calendarFields, let seenDate = seen.calendarFields {
            return Self.sameDate(date, seenDate) ? .patch : .minor
        }
        return Self.firstDifference(numbers, seen.numbers).map { Bump(position: $0.position) } ?? .patch
    }

    /// Whether the two are of one release line: the same major and minor (`1.4.0`, `1.4.3`,
    /// `1.4.0-rc.1`), the same year and month for a dotted calendar version, the same day for
    /// a dated one. A first look at a version shows notes of its line, never an older line's.
    public func isOnTheLine(of other: ReleaseVersion) -> Bool {
        if let date = calendarFields, let otherDate = other.calendarFields { return Self.sameDate(date, otherDate) }
        return (Self.firstDifference(numbers, other.numbers)?.position ?? 2) >= 2
    }

    /// Whether two dates agree as far as both go: `2024-05-02` (a day) is of `2024.5` (a month).
    private static func sameDate(_ one: [Int], _ other: [Int]) -> Bool {
        let count = min(one.count, other.count)
        return one.prefix(count) == other.prefix(count)
    }

    /// The numbers that make a date: year, month and day of `2024-05-02`; year and month of a
    /// dotted calendar version whose first number is a year and second a month (`2024.10.15`,
    /// `2024.03`), as calendar-versioned apps write them. Nil for any other version.
    private var calendarFields: [Int]? {
        if isDate { return Array(numbers.prefix(3)) }
        guard numbers.count >= 2, (1990...2199).contains(numbers[0]), (1...12).contains(numbers[1]) else { return nil }
        return Array(numbers.prefix(2))
    }

    /// Whether the two have the same numbers (`5.0.0-beta.2` and `5.0`): a pre-release and the
    /// release it leads to.
    func hasNumbers(of other: ReleaseVersion) -> Bool { Self.firstDifference(numbers, other.numbers) == nil }

    /// A pre-release (`2.0.0-beta.1`, `1.0.0rc4`), not a post-release (`1.1.1w`).
    public var isPreRelease: Bool { !prerelease.isEmpty && !isPostRelease }

    /// `2024-05-02`: a date written as the version.
    private var isDate: Bool {
        let bytes = text.utf8
        return numbers.count >= 3 && bytes.count >= 10
            && bytes[bytes.index(bytes.startIndex, offsetBy: 4)] == UInt8(ascii: "-")
    }
}
