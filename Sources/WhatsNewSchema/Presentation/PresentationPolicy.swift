/// When an app shows What's New, and what: the rules app teams ask for, as values an app sets
/// and tests.
///
/// Given the sheet, the version running, what the user has seen (a ``SeenRecord``), and
/// whether this is a fresh install, ``decide(for:current:record:isFreshInstall:)`` answers with
/// a ``PresentationDecision``: show nothing, one release, or the releases the user has not seen
/// merged into one sheet, which rule decided, and the record to save.
///
/// ```swift
/// let policy = PresentationPolicy()   // minor updates and up, not on a fresh install
/// let decision = policy.decide(
///     for: sheet, current: SeenVersion(version: "1.4.1"),
///     record: SeenRecord(lastSeen: SeenVersion(version: "1.3.2")), isFreshInstall: false)
/// decision.sheet        // 1.4.0's notes: 1.4.1 holds only fixes
/// decision.description  // "shows 1.4.0 (new releases); skipped 1.4.1 (only fixes)"
/// ```
///
/// The rules, in the order they apply:
///
/// 1. A running version that is no version (`dev`) decides nothing and records nothing.
/// 2. A user who opted out sees nothing.
/// 3. With no version recorded: on a fresh install, nothing unless ``showsOnFreshInstall``;
///    otherwise (the app adopted whatsnew in this version, or the user reset What's New) a first
///    look at the running version's notes, or its line's newest that passes the rules (`1.4.0`
///    for `1.4.1`), never an older line's.
/// 4. A running version older than the one recorded (a downgrade) shows nothing and leaves the
///    record as it is. The same version shows nothing, unless with ``Trigger/build`` its build
///    is newer (a re-cut build): then its notes show again, whatever their bump and kinds.
/// 5. The releases the user has not seen are those after the last seen version, up to the one
///    running (notes of later versions wait for their build), nor releases already shown to this
///    user. A release at or below the running version counts though the JSON calls it scheduled
///    or planned (written before its day, as CI cuts the build): the user runs it. The
///    unreleased changes and later releases count only with ``includesUnreleased``.
/// 6. The update is weighed from the version seen to the version running: below
///    ``minimumBump`` (`1.4.0` → `1.4.1`), nothing shows, unless the user runs a pre-release;
///    `1.7.1` → `1.8.1` is a minor update though `1.8.1` is a patch. Calendar versions weigh as
///    dates (a new month is news).
/// 7. Each unseen release shows unless its notes say `show: never`, or, where they do not say
///    `show: always`: it holds only fixes and ``showsFixOnlyReleases`` is off, or it is a
///    pre-release, the user is not running a pre-release, and ``showsPreReleases`` is off. A
///    tester running `2.0.0-beta.1` sees the beta's notes; a user who never ran the betas gets
///    their notes with `2.0.0`, weighed together.
/// 8. At most ``maximumReleases`` of them, newest first, are merged into one sheet (rows of one
///    kind made one, each row saying which releases it came from); re-releases of one version
///    (`0.14.0+1`, `+2`) count as one.
///
/// Whatever the answer, the app saves ``PresentationDecision/record`` once it has acted on it.
public struct PresentationPolicy: Sendable, Hashable {
    /// The smallest update that shows, from the version seen to the version running: with
    /// `.minor` (the default) a user updating from `1.4.0` to `1.4.1` sees nothing, and one
    /// coming from `1.3.2` sees what is new since.
    public var minimumBump: ReleaseVersion.Bump
    /// Whether a fresh install shows the running version's notes; by default it shows nothing
    /// and records the version as seen, so the first sheet is the first update's.
    public var showsOnFreshInstall: Bool
    /// Whether an internal or TestFlight build shows the release in progress: the unreleased
    /// changes, counted as the running version's, and planned or scheduled releases after it.
    /// Off by default, for the App Store: there a release counts once the user runs its version.
    /// Versions in progress are never recorded as shown, so their notes show once out, in the
    /// version the tester updates to (or, with ``Trigger/build``, a newer build of this one).
    public var includesUnreleased: Bool
    /// Whether a release whose rows are all fixes, security fixes, dependency updates, docs,
    /// internal work, known issues or thanks shows; off by default. A curated row with no kind,
    /// or with a positive `priority:`, makes a release more than fixes.
    public var showsFixOnlyReleases: Bool
    /// Whether pre-releases (`2.0.0-beta.1`) show to a user running a release; off by default.
    /// A user running a pre-release (a tester) sees pre-releases' notes whatever this says.
    public var showsPreReleases: Bool
    /// What makes a version new to the user: its version (the default), or also its build.
    public var trigger: Trigger
    /// The most releases merged into one sheet, newest first: 3 by default. The releases beyond
    /// it are in ``PresentationDecision/skipped``; with 0, nothing shows and each unseen release
    /// says so. `Int.max` merges every one.
    public var maximumReleases: Int

    /// What makes a version new to a user who saw another.
    public enum Trigger: String, Sendable, Hashable, CaseIterable {
        /// A newer version: builds of one version are the same notes.
        case version
        /// A newer version, or the same version with a newer build (`CFBundleVersion`), as
        /// TestFlight testers get re-cut builds: a re-cut shows its version's notes again.
        case build
    }

    /// A policy; every rule has its default unless given.
    public init(
        minimumBump: ReleaseVersion.Bump = .minor, showsOnFreshInstall: Bool = false,
        showsFixOnlyReleases: Bool = false, showsPreReleases: Bool = false, trigger: Trigger = .version,
        maximumReleases: Int = 3, includesUnreleased: Bool = false
    ) {
        self.includesUnreleased = includesUnreleased
        self.minimumBump = minimumBump
        self.showsOnFreshInstall = showsOnFreshInstall
        self.showsFixOnlyReleases = showsFixOnlyReleases
        self.showsPreReleases = showsPreReleases
        self.trigger = trigger
        self.maximumReleases = maximumReleases
    }

    /// What to show to a user running `current` whose ``SeenRecord`` is `record`, and why.
    ///
    /// `isFreshInstall` is the app's own knowledge that this is a new user, from data it kept
    /// before it adopted whatsnew: an empty record alone is not a fresh install, since every
    /// existing user has one in the first release that adopts the library.
    public func decide(
        for sheet: Sheet, current: SeenVersion, record: SeenRecord, isFreshInstall: Bool
    ) -> PresentationDecision {
        let current = current.normalized
        var record = record
        record.lastSeen = record.lastSeen?.normalized  // a record saved before versions were read this way
        guard let running = ReleaseVersion(current.version) else {
            return PresentationDecision(sheet: nil, reason: .notAVersion(current.version), record: record)
        }
        let raised = record.raised(to: current)
        let nothing = { (reason: PresentationDecision.Reason) in
            PresentationDecision(sheet: nil, reason: reason, record: raised)
        }
        if record.isOptedOut { return nothing(.optedOut) }
        let released = candidates(in: sheet, running: running)
        guard let lastSeen = record.lastSeen, let seen = ReleaseVersion(lastSeen.version) else {
            if isFreshInstall && !showsOnFreshInstall { return nothing(.freshInstall) }
            let line = released.filter { $0.version.isOnTheLine(of: running) }
            guard !line.isEmpty else { return nothing(.noNotesOnFirstLook) }
            return show(
                line, of: sheet, running: running, record: raised, limit: min(1, maximumReleases), update: nil,
                reason: .firstLook)
        }
        switch running.compare(to: seen) {
        case .older:
            return nothing(.alreadySeen(lastSeen))
        case .same:
            guard trigger == .build, Self.isNewer(build: current.build, than: lastSeen.build) else {
                return nothing(.alreadySeen(lastSeen))
            }
            let same = released.filter { $0.version.compare(to: running) == .same }
            guard !same.isEmpty else { return nothing(.noNotes) }
            // Notes that name the build they describe, a build this user saw, hold nothing new.
            let rewritten = same.filter {
                $0.release.build == nil || Self.isNewer(build: $0.release.build, than: lastSeen.build)
            }
            guard !rewritten.isEmpty else { return nothing(.alreadySeen(lastSeen)) }
            return reCut(rewritten, of: sheet, running: running, record: raised)
        case .newer:
            let unseen = released.filter { $0.version.compare(to: seen) == .newer }
            guard !unseen.isEmpty else { return nothing(.noNotes) }
            return show(
                unseen, of: sheet, running: running, record: raised, limit: maximumReleases,
                update: running.bump(from: seen), reason: .newReleases)
        }
    }

    /// What ``decide(for:current:record:isFreshInstall:)`` answers for a user who last saw
    /// `lastSeen` (nil when none is recorded) and has seen nothing else.
    public func decide(
        for sheet: Sheet, current: SeenVersion, lastSeen: SeenVersion?, isFreshInstall: Bool,
        isOptedOut: Bool = false
    ) -> PresentationDecision {
        decide(
            for: sheet, current: current, record: SeenRecord(lastSeen: lastSeen, isOptedOut: isOptedOut),
            isFreshInstall: isFreshInstall)
    }

    /// What ``decide(for:current:record:isFreshInstall:)`` answers with the record `store` holds.
    public func decide(
        for sheet: Sheet, current: SeenVersion, store: any SeenStore, isFreshInstall: Bool
    ) -> PresentationDecision {
        decide(for: sheet, current: current, record: store.load(), isFreshInstall: isFreshInstall)
    }

    /// The rule that leaves `release` out of a sheet for a user running `running` whose record
    /// is `record`, after an update of bump `update` (nil on a first look); nil when it shows.
    public func rule(
        skipping release: Sheet.Release, running: ReleaseVersion, record: SeenRecord, update: ReleaseVersion.Bump?
    ) -> PresentationDecision.Rule? {
        if let rule = Self.notesRule(release) { return rule }
        if let version = release.version, record.hasPresented(version) { return .alreadyPresented }
        if release.show == .always { return nil }
        if let version = release.version.flatMap(ReleaseVersion.init), version.isPreRelease, !running.isPreRelease,
            !showsPreReleases
        {
            return .preRelease
        }
        // A tester running a pre-release sees each one's notes, whatever the bump (`-dev.2` after `-dev.1`).
        if let update, update < minimumBump, !running.isPreRelease { return .belowMinimumBump(update, minimumBump) }
        if !showsFixOnlyReleases && Self.holdsOnlyFixes(release) { return .onlyFixes }
        return nil
    }

    /// The releases a user running `running` has, newest first: every one whose version is at or
    /// below it, whatever the JSON says of its date (a build cut before the notes' release day
    /// is still that release). With ``includesUnreleased``, the releases in progress too, each
    /// placed at the running version: the internal build is made of them.
    func candidates(in sheet: Sheet, running: ReleaseVersion) -> [Versioned] {
        var found: [Versioned] = []
        for release in sheet.releases {
            let version = release.version.flatMap(ReleaseVersion.init)
            if let version, version.compare(to: running) != .newer {
                found.append((version, release))
            } else if includesUnreleased, release.unreleased || release.scheduled {
                found.append((running, release))
            }
        }
        return NewestFirst.byVersion(found, \.version)
    }

    /// Whether a candidate is a release still in progress for a user running `running`: the
    /// unreleased changes, or a planned or scheduled version after the running one.
    static func isInProgress(_ release: Sheet.Release, running: ReleaseVersion) -> Bool {
        guard release.unreleased || release.scheduled else { return false }
        guard let version = release.version.flatMap(ReleaseVersion.init) else { return true }
        return version.compare(to: running) == .newer
    }

    /// The versions of `releases` to record as shown: those out, not those in progress.
    static func recorded(_ releases: [Sheet.Release], running: ReleaseVersion) -> [String] {
        releases.filter { !isInProgress($0, running: running) }.compactMap(\.version)
    }

    /// How a release is named in a decision: its version, or its title (`Unreleased`).
    static func label(_ release: Sheet.Release) -> String { release.version ?? release.title }

    /// A re-cut build's sheet: the running version's notes again, those the notes' own word
    /// lets through.
    private func reCut(_ same: [Versioned], of sheet: Sheet, running: ReleaseVersion, record: SeenRecord)
        -> PresentationDecision
    {
        var skipped: [PresentationDecision.Skipped] = []
        var shown: [Sheet.Release] = []
        for candidate in same {
            if let rule = Self.notesRule(candidate.release) ?? (maximumReleases < 1 ? .beyondLimit(0) : nil) {
                skipped.append(PresentationDecision.Skipped(version: Self.label(candidate.release), rule: rule))
            } else {
                shown.append(candidate.release)
            }
        }
        guard !shown.isEmpty else {
            return PresentationDecision(sheet: nil, reason: .skippedAll(skipped), record: record, skipped: skipped)
        }
        let versions = Self.recorded(shown, running: running)
        return PresentationDecision(
            sheet: sheet.merging(shown), reason: .reCutBuild, record: record.presenting(versions),
            shown: shown.map(Self.label), skipped: skipped)
    }

    /// What the notes themselves rule out: `show: never`, and a release with nothing in it.
    private static func notesRule(_ release: Sheet.Release) -> PresentationDecision.Rule? {
        if release.show == .never { return .showNever }
        if release.sections.isEmpty && release.summary == nil { return .empty }
        return nil
    }

    /// Rows that are fixes and upkeep, not news. A generator's list of pull requests is not
    /// among them: its titles are features as often as fixes.
    private static let fixKinds: Set<Sheet.Kind> = [
        .fixed, .security, .dependencies, .docs, .internal, .knownIssues, .contributors,
    ]

    /// Every row a fix or upkeep, none curated as news.
    static func holdsOnlyFixes(_ release: Sheet.Release) -> Bool {
        !release.sections.isEmpty
            && release.sections.allSatisfy { section in
                guard let kind = section.kind, fixKinds.contains(kind) else { return false }
                return (section.priority ?? 0) <= 0
            }
    }

    /// The sheet of the first `limit` releases the rules let through, newest first. A release's
    /// pre-releases among the candidates are part of it: a user who never ran them gets their
    /// notes with the release (GRDB's 5.0.0 lists only fixes after eleven betas that hold the
    /// features), and the rules weigh them together.
    private func show(
        _ candidates: [Versioned], of sheet: Sheet, running: ReleaseVersion, record: SeenRecord, limit: Int,
        update: ReleaseVersion.Bump?, reason: PresentationDecision.Reason
    ) -> PresentationDecision {
        var skipped: [PresentationDecision.Skipped] = []
        var shown: [Sheet.Release] = []
        var releasesShown = 0
        let (releases, preReleases) = Self.foldingPreReleases(candidates)
        for (index, candidate) in releases.enumerated() {
            // A re-release, pre-release or release in progress that says `show: never` leaves
            // itself out, not the release it is folded into.
            var members: [Versioned] = []
            for member in [candidate] + (preReleases[index] ?? []) {
                if member.release.show == .never {
                    skipped.append(PresentationDecision.Skipped(version: Self.label(member.release), rule: .showNever))
                } else {
                    members.append(member)
                }
            }
            guard let first = members.first else { continue }
            // Weighed as the release that is out: one in progress beside it does not decide.
            let deciding = members.first { !Self.isInProgress($0.release, running: running) } ?? first
            var whole = members.count == 1 ? first.release : sheet.merging(members.map(\.release)).releases[0]
            whole.version = deciding.release.version
            whole.show = deciding.release.show
            let ruled = rule(skipping: whole, running: running, record: record, update: update)
            // A first look is the running version's notes: its line's older releases are not news left out.
            if releasesShown > 0, releasesShown >= limit, update == nil { break }
            if let rule = ruled ?? (releasesShown >= limit ? .beyondLimit(max(0, limit)) : nil) {
                skipped += members.map { PresentationDecision.Skipped(version: Self.label($0.release), rule: rule) }
            } else {
                shown += members.map(\.release)
                releasesShown += 1
            }
        }
        guard !shown.isEmpty else {
            return PresentationDecision(sheet: nil, reason: .skippedAll(skipped), record: record, skipped: skipped)
        }
        return PresentationDecision(
            sheet: sheet.merging(shown), reason: reason,
            record: record.presenting(Self.recorded(shown, running: running)),
            shown: shown.map(Self.label),
            skipped: skipped)
    }

    /// The candidates without the pre-releases of a release among them, nor the re-releases of
    /// one version (`0.14.0+1`, `+2`: equal in precedence), and for each remaining candidate
    /// (by index) those it takes, newest first: one release toward the limit.
    static func foldingPreReleases(_ candidates: [Versioned]) -> ([Versioned], [Int: [Versioned]]) {
        var kept: [Versioned] = []
        var folded: [Int: [Versioned]] = [:]
        for candidate in candidates {
            if let last = kept.indices.last, kept[last].version.compare(to: candidate.version) == .same {
                folded[last, default: []].append(candidate)
            } else if candidate.version.isPreRelease,
                let release = kept.lastIndex(where: {
                    !$0.version.isPreRelease && $0.version.hasNumbers(of: candidate.version)
                })
            {
                folded[release, default: []].append(candidate)
            } else {
                kept.append(candidate)
            }
        }
        return (kept, folded)
    }

    /// A release with its version read.
    typealias Versioned = (version: ReleaseVersion, release: Sheet.Release)

    /// A build number after another, by version precedence (`1250` after `1248`); any other
    /// change of an unnumbered build counts as newer.
    static func isNewer(build: String?, than seen: String?) -> Bool {
        guard let build, build != seen else { return false }
        guard let seen else { return true }
        guard let new = ReleaseVersion(build), let old = ReleaseVersion(seen) else { return true }
        return new.compare(to: old) == .newer
    }
}
