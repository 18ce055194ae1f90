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

    /// Whether the two have the same numbers (`5.0.0-beta.2` and `5.0`): a pre-release and the
    /// release it leads to.
    func hasNumbers(of other: ReleaseVersion) -> Bool {
        let count = max(numbers.count, other.numbers.count)
        return (0..<count).allSatisfy {
            ($0 < numbers.count ? numbers[$0] : 0) == ($0 < other.numbers.count ? other.numbers[$0] : 0)
        }
    }

    /// A pre-release (`2.0.0-beta.1`, `1.0.0rc4`), not a post-release (`1.1.1w`).
    public var isPreRelease: Bool { !prerelease.isEmpty && !isPostRelease }

    /// `2024-05-02`: a date written as the version.
    private var isDate: Bool {
        let bytes = text.utf8
        return numbers.count >= 3 && bytes.count >= 10 && bytes[bytes.index(bytes.startIndex, offsetBy: 4)] == UInt8(ascii: "-")
    }
}
