/// A release's own word on whether an app shows it (`show:` in the release's front matter),
/// over the app's presentation policy: a security release `always`, a re-cut build `never`.
public enum ShowRule: String, Sendable, Hashable, CaseIterable {
    /// Shown to every user who has not seen it, whatever the bump, kinds or pre-release rules say.
    case always
    /// Never shown on its own, and never merged into another release's sheet.
    case never
}
