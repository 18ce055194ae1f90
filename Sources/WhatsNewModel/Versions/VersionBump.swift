/// How far a release moves the version, by SemVer's three numbers: a breaking change moves the
/// first, a new or changed behaviour the second, a fix the third.
public enum VersionBump: Int, Sendable, Comparable, CaseIterable {
    /// Nothing to release for it: a thanks list, or a kind `.whatsnew.yml` gives `bump: none`.
    case none
    /// The third number: `1.4.0` → `1.4.1`.
    case patch
    /// The second number: `1.4.0` → `1.5.0`.
    case minor
    /// The first number: `1.4.0` → `2.0.0`.
    case major

    /// `major`, `minor`, `patch` or `none`, as `.whatsnew.yml` and the command line write it.
    public init?(name: String) {
        guard let bump = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = bump
    }

    /// The bump's name.
    public var name: String {
        switch self {
        case .none: "none"
        case .patch: "patch"
        case .minor: "minor"
        case .major: "major"
        }
    }

    public static func < (lhs: VersionBump, rhs: VersionBump) -> Bool { lhs.rawValue < rhs.rawValue }

    /// What a kind of change asks for unless the project says otherwise: breaking changes a
    /// major release; additions, changes, deprecations and removals a minor one; a thanks list
    /// nothing; everything else (fixes, security, performance, docs, …) a patch.
    public static func of(_ kind: SectionKind) -> VersionBump {
        switch kind {
        case .breaking: .major
        case .added, .changed, .deprecated, .removed: .minor
        case .contributors: .none
        default: .patch
        }
    }
}
