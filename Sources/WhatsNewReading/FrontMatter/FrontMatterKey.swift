import WhatsNewModel

/// The keys front matter may hold; a block opens only when its first line is one of them.
enum FrontMatterKey: String, Sendable, CaseIterable {
    // The sheet block on line 1.
    case title, subtitle, version, date, icons, accent, build, show
    // Section blocks (they share `title`).
    case icon, color, summary, kind, link, id, priority, audience, platforms

    static let sheetKeys: [FrontMatterKey] = [.title, .subtitle, .version, .date, .icons, .accent, .build, .show]
    /// A block under a release heading that opens with `build:` or `show:` describes that release.
    static let releaseKeys: [FrontMatterKey] = [.build, .show]
    static let sectionKeys: [FrontMatterKey] = [
        .icon, .color, .title, .summary, .kind, .link, .id, .priority, .audience, .platforms,
    ]

    /// Keys that only a section takes: a line-1 block opening with one of them is a section.
    var isSectionOnly: Bool { !Self.sheetKeys.contains(self) }
    /// Keys that open a release's block when it stands anywhere but line 1.
    var opensReleaseBlock: Bool { Self.releaseKeys.contains(self) }
}
