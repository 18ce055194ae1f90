import WhatsNewModel

/// What a block under a release heading says about that release: its build number, which
/// Sparkle compares with the installed app's `CFBundleVersion`, and whether apps show it.
struct ReleaseMetadata: Sendable, Hashable {
    var build: String?
    var show: ShowRule?
    /// The line of the opening `---`; the release is the one whose heading stands above it.
    var openingLine: Int
}
