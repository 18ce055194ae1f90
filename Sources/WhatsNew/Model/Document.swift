/// Release notes as read: the sheet's own details and every release, newest first as written.
public struct Document: Sendable, Hashable {
    public var title: String?
    public var subtitle: String?
    /// The sheet's accent colour.
    public var accent: String?
    /// Icons the sheet sets for category kinds or heading names (`added: sparkles`).
    public var icons: [IconOverride]
    public var releases: [Release]

    public init(
        title: String? = nil, subtitle: String? = nil, accent: String? = nil, icons: [IconOverride] = [],
        releases: [Release] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.accent = accent
        self.icons = icons
        self.releases = releases
    }
}

/// One entry of a sheet's `icons:` map.
public struct IconOverride: Sendable, Hashable {
    /// A kind (`fixed`) or a heading name (`Bug Fixes`).
    public var category: String
    public var icon: Icon

    public init(category: String, icon: Icon) {
        self.category = category
        self.icon = icon
    }
}
