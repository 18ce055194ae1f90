/// What a ``PresentationPolicy`` decided: the sheet to show (nil for none), the rule that
/// decided, the releases it shows and those it left out, and what to record as seen.
public struct PresentationDecision: Sendable, Hashable, CustomStringConvertible {
    /// The sheet to show: one release, the running version's or the skipped ones merged; nil
    /// when nothing shows.
    public var sheet: Sheet?
    /// Why: the rule that decided.
    public var reason: Reason
    /// What to record as seen once the app has acted on the decision: the running version,
    /// whether or not anything showed.
    public var seen: SeenVersion
    /// The versions the sheet shows, newest first.
    public var shown: [String]
    /// The unseen releases a rule left out, newest first.
    public var skipped: [Skipped]

    /// A decision; nothing shown or skipped unless given.
    public init(
        sheet: Sheet?, reason: Reason, seen: SeenVersion, shown: [String] = [], skipped: [Skipped] = []
    ) {
        self.sheet = sheet
        self.reason = reason
        self.seen = seen
        self.shown = shown
        self.skipped = skipped
    }

    /// Whether the app shows What's New.
    public var shows: Bool { sheet != nil }

    /// The rule that decided, for an app's logs and tests.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// Releases the user has not seen.
        case newReleases
        /// No version recorded as seen (the user never looked, or updated from a version before
        /// the app kept one): the running version's notes.
        case firstLook
        /// The same version with a newer build (``PresentationPolicy/Trigger/build``).
        case reCutBuild
        /// The user opted out.
        case optedOut
        /// A fresh install, and the policy does not show on one.
        case freshInstall
        /// The running version is no newer than the last one seen.
        case alreadySeen(SeenVersion)
        /// The notes have no release between the last seen version and the running one.
        case noNotes
        /// Every unseen release was left out by a rule.
        case skippedAll([Skipped])
        /// The running version is not a version (`dev`), so nothing can be compared.
        case notAVersion(String)

        /// The rule in words, for logs.
        public var description: String {
            switch self {
            case .newReleases: "new releases"
            case .firstLook: "no version seen yet: the running version's notes"
            case .reCutBuild: "a newer build of the version seen"
            case .optedOut: "the user opted out"
            case .freshInstall: "a fresh install"
            case .alreadySeen(let seen): "already seen \(seen)"
            case .noNotes: "the notes have no release since the version seen"
            case .skippedAll(let skipped): "every unseen release left out: " + skipped.map(\.description).joined(separator: ", ")
            case .notAVersion(let text): "`\(text)` is not a version"
            }
        }
    }

    /// An unseen release a rule left out.
    public struct Skipped: Sendable, Hashable, CustomStringConvertible {
        /// The release's version as the notes spell it.
        public var version: String
        /// The rule.
        public var rule: Rule

        /// A release left out by a rule.
        public init(version: String, rule: Rule) {
            self.version = version
            self.rule = rule
        }

        /// `1.4.1 (a patch, below minor)`.
        public var description: String { "\(version) (\(rule))" }
    }

    /// The rules that leave a release out.
    public enum Rule: Sendable, Hashable, CustomStringConvertible {
        /// Its notes say `show: never`.
        case showNever
        /// Its bump (the first value) is below the policy's minimum (the second).
        case belowMinimumBump(ReleaseVersion.Bump, ReleaseVersion.Bump)
        /// A pre-release, and the policy does not show them.
        case preRelease
        /// Its rows are all fixes and upkeep, and the policy does not show such releases.
        case onlyFixes
        /// It has no rows and no summary.
        case empty

        /// The rule in words.
        public var description: String {
            switch self {
            case .showNever: "its notes say show: never"
            case .belowMinimumBump(let bump, let minimum): "a \(bump), below \(minimum)"
            case .preRelease: "a pre-release"
            case .onlyFixes: "only fixes"
            case .empty: "nothing listed"
            }
        }
    }

    /// `shows 1.4.0 (new releases); skipped 1.4.1 (a patch, below minor)`, for logs.
    public var description: String {
        guard shows else { return "shows nothing: \(reason)" }
        let skips = skipped.isEmpty ? "" : "; skipped " + skipped.map(\.description).joined(separator: ", ")
        return "shows \(shown.joined(separator: ", ")) (\(reason))" + skips
    }
}
