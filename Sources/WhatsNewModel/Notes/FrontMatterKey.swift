/// Every key front matter may hold, in one table that reading, writing, lint and fragments
/// share: the sheet's block on line 1, a release's block, a section's, and a fragment's.
package enum FrontMatterKey: String, Sendable, CaseIterable {
    // The sheet block on line 1.
    case title, subtitle, version, date, icons, accent, build, show
    // Section blocks (they share `title`).
    case icon, image, color, summary, kind, link, id, priority, audience, platforms
    // Fragments alone (they share a section's `kind`, `title`, `icon`, `color`, `summary`, `link`, `id`).
    case issue, pr, breaking, packages, authors

    /// The sheet's block, on line 1.
    package static let sheetKeys: [FrontMatterKey] = [
        .title, .subtitle, .version, .date, .icons, .accent, .build, .show,
    ]
    /// A block under a release heading that opens with `build:` or `show:` describes that release.
    package static let releaseKeys: [FrontMatterKey] = [.build, .show]
    /// A section's block, in the order whatsnew writes a featured row's.
    package static let sectionKeys: [FrontMatterKey] = [
        .icon, .image, .color, .title, .summary, .kind, .link, .id, .priority, .audience, .platforms,
    ]
    /// A fragment's front matter.
    package static let fragmentKeys: [FrontMatterKey] = [
        .kind, .title, .icon, .color, .summary, .link, .id, .issue, .pr, .breaking, .packages, .authors,
    ]

    /// A key that opens a block in notes (the sheet's or a section's); nil for any other word.
    package init?(opening name: String) {
        guard let key = FrontMatterKey(rawValue: name), Self.sheetKeys.contains(key) || Self.sectionKeys.contains(key)
        else { return nil }
        self = key
    }

    /// Keys that only a section takes: a line-1 block opening with one of them is a section.
    package var isSectionOnly: Bool { !Self.sheetKeys.contains(self) }
    /// Keys that open a release's block when it stands anywhere but line 1.
    package var opensReleaseBlock: Bool { Self.releaseKeys.contains(self) }
}
