import WhatsNewModel

/// What a heading means in a changelog, judged from its text alone.
package enum HeadingRole: Hashable {
    /// A release: `## [1.4.0] - 2024-05-02`, `# 0.14.0 (31 July 2022)`, `## Swift 5.6`.
    case release(ReleaseHeading)
    /// The changes not yet released: `[Unreleased]`, `Main`, `` `main` ``, `Master`.
    case unreleased
    /// Only a date: `### 2024-03-05 (Xcode 15.3)`.
    case dateOnly(DateScanner.Match)
    /// A month or a year, perhaps with a name: `November 2021`, `2007-2017 / Prehistory`. It
    /// groups the releases under it, or is an entry of its own with no version.
    case period
    /// A series of releases, not one: `#### 5.x Releases`.
    case series
    /// Anything else: a category, a title, a change's own heading.
    case other
}

extension HeadingRole {
    var isRelease: Bool {
        if case .release = self { return true }
        return false
    }

    /// A release heading with a real version, not a bare number.
    var isStrongRelease: Bool {
        if case .release(let release) = self { return !release.isWeak }
        return false
    }

    /// A release, the unreleased changes, or a dated entry: a heading that starts one.
    var namesRelease: Bool {
        switch self {
        case .release, .unreleased, .dateOnly: true
        case .period, .series, .other: false
        }
    }
}

/// What a release heading says.
package struct ReleaseHeading: Hashable {
    package var version: ReleaseVersion
    /// A bare number (`polkit 122`): a release only where its neighbours are releases.
    var isWeak: Bool
    /// The date, or a date-shaped text that names no real day.
    package var date: DateScanner.Match?
    /// `Travel Size Lint Roller` in `0.44.0: Travel Size Lint Roller`.
    package var name: String?
    /// `Swift` in `Swift 5.6`.
    var product: String?
    /// `1.5.0 (unreleased)`: a version planned but not out.
    package var isUnreleased: Bool

    /// The name a sheet shows for the release.
    var title: String {
        if let name { return name }
        if let product { return "\(product) \(version.text)" }
        return version.text
    }
}
