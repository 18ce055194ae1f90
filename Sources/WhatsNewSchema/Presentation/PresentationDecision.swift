/// What a ``PresentationPolicy`` decided: the sheet to show (nil for none), the rule that
/// decided, the releases it shows and those it left out, and the record to save.
public struct PresentationDecision: Sendable, Hashable, CustomStringConvertible {
    /// The sheet to show: one release, the running version's or the unseen ones merged (each row
    /// saying in ``Sheet/Section/versions`` which release it came from); nil when nothing shows.
    public var sheet: Sheet?
    /// Why: the rule that decided.
    public var reason: Reason
    /// What to save once the app has acted on the decision (``SeenStore/record(_:)``): the
    /// running version when it is newer than the one recorded, and the versions shown that are
    /// out (not those in progress, ``PresentationPolicy/includesUnreleased``). A
    /// downgrade and a version that is no version (`dev`) leave the record as it was.
    public var record: SeenRecord
    /// The versions the sheet shows, newest first; the unreleased changes by their title
    /// (`Unreleased`), with ``PresentationPolicy/includesUnreleased``.
    public var shown: [String]
    /// The unseen releases a rule left out, newest first.
    public var skipped: [Skipped]

    /// A decision; nothing shown or skipped unless given.
    public init(
        sheet: Sheet?, reason: Reason, record: SeenRecord, shown: [String] = [], skipped: [Skipped] = []
    ) {
        self.sheet = sheet
        self.reason = reason
        self.record = record
        self.shown = shown
        self.skipped = skipped
    }

    /// Whether the app shows What's New.
    public var shows: Bool { sheet != nil }

    /// The rule that decided, for an app's logs and tests.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// Releases the user has not seen.
        case newReleases
        /// No version recorded as seen (the app adopted whatsnew in this version, or the user
        /// reset What's New): the running version's notes, or its line's (`1.4.0` for `1.4.1`).
        case firstLook
        /// No version recorded as seen, and the notes have no release of the running version's
        /// line (`1.4.x` for `1.4.1`), so nothing older is passed off as its notes.
        case noNotesOnFirstLook
        /// The same version with a newer build (``PresentationPolicy/Trigger/build``).
        case reCutBuild
        /// The user opted out.
        case optedOut
        /// A fresh install, and the policy does not show on one.
        case freshInstall
        /// The running version is no newer than the last one seen: the same, or a downgrade.
        case alreadySeen(SeenVersion)
        /// The notes have no release between the last seen version and the running one.
        case noNotes
        /// Every unseen release was left out by a rule.
        case skippedAll([Skipped])
        /// The running version is not a version (`dev`), so nothing can be compared and
        /// nothing is recorded.
        case notAVersion(String)

        /// The rule in words, for logs.
        public var description: String {
            switch self {
            case .newReleases: "new releases"
            case .firstLook: "no version seen yet: the running version's notes"
            case .noNotesOnFirstLook: "no version seen yet, and the notes have no release of the running version's line"
            case .reCutBuild: "a newer build of the version seen"
            case .optedOut: "the user opted out"
            case .freshInstall: "a fresh install"
            case .alreadySeen(let seen): "already seen \(seen)"
            case .noNotes: "the notes have no release since the version seen"
            case .skippedAll(let skipped): "every unseen release left out: " + Skipped.list(skipped)
            case .notAVersion(let text): "`\(text)` is not a version"
            }
        }
    }

    /// An unseen release a rule left out.
    public struct Skipped: Sendable, Hashable, CustomStringConvertible {
        /// The release's version as the notes spell it; the title (`Unreleased`) for the
        /// unreleased changes.
        public var version: String
        /// The rule.
        public var rule: Rule

        /// A release left out by a rule.
        public init(version: String, rule: Rule) {
            self.version = version
            self.rule = rule
        }

        /// `1.4.1 (only fixes)`.
        public var description: String { "\(version) (\(rule))" }

        /// The first few, then how many more: a log line stays a line when thirty patches are
        /// left out.
        static func list(_ skipped: [some CustomStringConvertible]) -> String {
            let named = skipped.prefix(listed).map(\.description).joined(separator: ", ")
            return skipped.count > listed ? named + " and \(skipped.count - listed) more" : named
        }

        /// How many a description names.
        static let listed = 4
    }

    /// The rules that leave a release out.
    public enum Rule: Sendable, Hashable, CustomStringConvertible {
        /// Its notes say `show: never`.
        case showNever
        /// The update to the running version is a smaller bump (the first value) than the
        /// policy's minimum (the second): `1.4.0` → `1.4.1` is a patch.
        case belowMinimumBump(ReleaseVersion.Bump, ReleaseVersion.Bump)
        /// A pre-release the user is not running a pre-release of, and the policy does not
        /// show them.
        case preRelease
        /// Its rows are all fixes and upkeep, and the policy does not show such releases.
        case onlyFixes
        /// It has no rows and no summary.
        case empty
        /// Its notes were shown to this user before (``SeenRecord/presented``).
        case alreadyPresented
        /// More releases than ``PresentationPolicy/maximumReleases`` (the value) showed first.
        case beyondLimit(Int)

        /// The rule in words.
        public var description: String {
            switch self {
            case .showNever: "its notes say show: never"
            case .belowMinimumBump(let bump, let minimum): "a \(bump) update, below \(minimum)"
            case .preRelease: "a pre-release"
            case .onlyFixes: "only fixes"
            case .empty: "nothing listed"
            case .alreadyPresented: "shown before"
            case .beyondLimit(let limit): "beyond the \(limit) release\(limit == 1 ? "" : "s") a sheet merges"
            }
        }
    }

    /// `shows 1.4.0 (new releases); skipped 1.4.1 (only fixes)`, for logs: at most a few
    /// skipped releases are named.
    public var description: String {
        guard shows else { return "shows nothing: \(reason)" }
        let skips = skipped.isEmpty ? "" : "; skipped " + Skipped.list(skipped)
        return "shows \(Skipped.list(shown)) (\(reason))" + skips
    }
}
