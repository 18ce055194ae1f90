extension SectionKind {
    /// How far a change of this kind moves the version unless the project says otherwise:
    /// breaking changes a major release; additions, changes, deprecations and removals a minor
    /// one; everything else (fixes, security, performance, docs, …) a patch. Nil for a thanks
    /// list, which asks for no release.
    public var bump: ReleaseVersion.Bump? {
        switch self {
        case .breaking: .major
        case .added, .changed, .deprecated, .removed: .minor
        case .contributors: nil
        default: .patch
        }
    }
}

/// What `.whatsnew.yml` says a kind of change asks of the version (`bump:`): a bump on
/// `ReleaseVersion.Bump`'s one scale, or no release at all (`bump: none`).
public enum BumpSetting: Sendable, Hashable {
    /// `bump: none`: nothing to release for it.
    case none
    /// `bump: major`, `minor` or `patch`.
    case bump(ReleaseVersion.Bump)

    /// `major`, `minor`, `patch` or `none`, in any case.
    public init?(name: String) {
        if name.lowercased() == "none" {
            self = .none
        } else if let bump = ReleaseVersion.Bump(name: name) {
            self = .bump(bump)
        } else {
            return nil
        }
    }

    /// The bump it asks for; nil for `none`.
    public var asked: ReleaseVersion.Bump? {
        if case .bump(let bump) = self { return bump }
        return nil
    }
}
