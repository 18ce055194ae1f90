import WhatsNewModel

/// What the front matter on line 1 says about the whole sheet.
struct SheetMetadata: Sendable, Hashable {
    var title: String?
    var subtitle: String?
    var version: String?
    /// The build number of the sheet's `version` (`build:`), for Sparkle.
    var build: String?
    /// Whether apps show the sheet's `version` (`show:`).
    var show: ShowRule?
    var date: ReleaseDate?
    var icons: [IconOverride] = []
    var accent: String?
    var accentPosition: TextPosition?
}
