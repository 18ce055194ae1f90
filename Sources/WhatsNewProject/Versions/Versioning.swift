import WhatsNewModel

/// How a project numbers its releases: `.whatsnew.yml`'s `versioning:`.
package enum Versioning: String, Sendable, CaseIterable {
    /// SemVer as Cargo and changesets read it below 1.0.0: there a breaking change moves the
    /// second number and a new feature the third (`0.3.2` → `0.4.0`, `0.3.3`). The default.
    case semver
    /// SemVer to the letter: a breaking change of `0.3.2` is `1.0.0`.
    case plainSemver = "plain-semver"
    /// The release's year and month and a counter within the month: `2026.11.0`, `2026.11.1`.
    case calendar

    /// Every setting's name, for messages.
    package static let names = allCases.map(\.rawValue)
}
