/// When an app shows What's New, and what: the rules app teams ask for, as values an app sets
/// and tests.
///
/// Given the sheet, the version running, the last version the user saw What's New for, and
/// whether this is a fresh install, ``decide(for:current:lastSeen:isFreshInstall:isOptedOut:)``
/// answers with a ``PresentationDecision``: show nothing, one release, or the releases the user
/// skipped merged into one sheet, and which rule decided.
///
/// ```swift
/// let policy = PresentationPolicy()   // minor releases and up, not on a fresh install
/// let decision = policy.decide(
///     for: sheet, current: SeenVersion(version: "1.4.1"), lastSeen: SeenVersion(version: "1.3.2"),
///     isFreshInstall: false)
/// decision.sheet        // 1.4.0's notes: 1.4.1 is a patch
/// decision.description  // "shows 1.4.0 (new releases); skipped 1.4.1 (a patch, below minor)"
/// ```
///
/// The rules, in the order they apply:
///
/// 1. A user who opted out sees nothing.
/// 2. On a fresh install (no version seen), nothing unless ``showsOnFreshInstall``.
/// 3. With ``Trigger/build``, the same version with a newer build (a re-cut build) shows that
///    version's notes again.
/// 4. The releases the user has not seen are those after the last seen version, up to the one
///    running (notes of later versions wait for their build); the unreleased changes and
///    scheduled releases never count.
/// 5. Each is shown unless its notes say `show: never`, or, where they do not say
///    `show: always`: its bump is below ``minimumBump``, it is a pre-release and
///    ``showsPreReleases`` is off, or it holds only fixes and ``showsFixOnlyReleases`` is off.
/// 6. At most ``maximumReleases`` of them, newest first, are merged into one sheet (rows of one
///    kind made one, as ``Sheet/whatsNew(since:)`` does). A release's own pre-releases among
///    them come with it and are weighed with it: a user who never ran `2.0.0-beta.1` gets its
///    notes with `2.0.0`.
///
/// Whatever the answer, the app records ``PresentationDecision/seen`` once it has acted on it.
public struct PresentationPolicy: Sendable, Hashable {
    /// The smallest bump that shows: with `.minor` (the default) `1.4.1` shows nothing to a user
    /// who saw `1.4.0`, and a user coming from `1.3.2` sees `1.4.0`'s notes.
    public var minimumBump: ReleaseVersion.Bump
    /// Whether a fresh install shows the running version's notes; by default it shows nothing
    /// and records the version as seen, so the first sheet is the first update's.
    public var showsOnFreshInstall: Bool
    /// Whether a release whose rows are all fixes, security fixes, dependency updates, docs,
    /// internal work, known issues or thanks shows; off by default. A curated row with no kind,
    /// or with a positive `priority:`, makes a release more than fixes.
    public var showsFixOnlyReleases: Bool
    /// Whether pre-releases (`2.0.0-beta.1`) show; off by default.
    public var showsPreReleases: Bool
    /// What makes a version new to the user: its version (the default), or also its build.
    public var trigger: Trigger
    /// The most releases merged into one sheet, newest first: 3 by default.
    public var maximumReleases: Int

    /// What makes a version new to a user who saw another.
    public enum Trigger: String, Sendable, Hashable, CaseIterable {
        /// A newer version: builds of one version are the same notes.
        case version
        /// A newer version, or the same version with a newer build (`CFBundleVersion`), as
        /// TestFlight testers get re-cut builds.
        case build
    }

    /// A policy; every rule has its default unless given.
    public init(
        minimumBump: ReleaseVersion.Bump = .minor, showsOnFreshInstall: Bool = false,
        showsFixOnlyReleases: Bool = false, showsPreReleases: Bool = false, trigger: Trigger = .version,
        maximumReleases: Int = 3
    ) {
        self.minimumBump = minimumBump
        self.showsOnFreshInstall = showsOnFreshInstall
        self.showsFixOnlyReleases = showsFixOnlyReleases
        self.showsPreReleases = showsPreReleases
        self.trigger = trigger
        self.maximumReleases = maximumReleases
    }

    /// What to show to a user running `current` who last saw `lastSeen` (nil when none is
    /// recorded), and why.
    public func decide(
        for sheet: Sheet, current: SeenVersion, lastSeen: SeenVersion?, isFreshInstall: Bool,
        isOptedOut: Bool = false
    ) -> PresentationDecision {
        let skip = { (reason: PresentationDecision.Reason) in
            PresentationDecision(sheet: nil, reason: reason, seen: current)
        }
        if isOptedOut { return skip(.optedOut) }
        guard let running = ReleaseVersion(current.version) else { return skip(.notAVersion(current.version)) }
        let released = sheet.releasedNewestFirst().filter { $0.version.compare(to: running) != .newer }
        guard let lastSeen, let seen = ReleaseVersion(lastSeen.version) else {
            if isFreshInstall && !showsOnFreshInstall { return skip(.freshInstall) }
            // Never looked, or a record that is no version: what is new in the version they have.
            return show(released, of: sheet, current: current, limit: 1, reason: .firstLook)
        }
        switch running.compare(to: seen) {
        case .older:
            return skip(.alreadySeen(lastSeen))
        case .same:
            guard trigger == .build, Self.isNewer(build: current.build, than: lastSeen.build) else {
                return skip(.alreadySeen(lastSeen))
            }
            let same = released.filter { $0.version.compare(to: running) == .same }
            guard let release = same.first else { return skip(.noNotes) }
            return show([release], of: sheet, current: current, limit: 1, reason: .reCutBuild)
        case .newer:
            let unseen = released.filter { $0.version.compare(to: seen) == .newer }
            guard !unseen.isEmpty else { return skip(.noNotes) }
            return show(unseen, of: sheet, current: current, limit: maximumReleases, reason: .newReleases)
        }
    }

    /// What ``decide(for:current:lastSeen:isFreshInstall:isOptedOut:)`` answers with the last
    /// seen version and the opt-out read from `store`.
    public func decide(
        for sheet: Sheet, current: SeenVersion, store: some SeenStore, isFreshInstall: Bool
    ) -> PresentationDecision {
        decide(
            for: sheet, current: current, lastSeen: store.lastSeen, isFreshInstall: isFreshInstall,
            isOptedOut: store.isOptedOut)
    }

    /// The rule that leaves a release out, or nil when it shows.
    public func rule(skipping release: Sheet.Release) -> PresentationDecision.Rule? {
        if release.show == .never { return .showNever }
        if release.sections.isEmpty && release.summary == nil { return .empty }
        if release.show == .always { return nil }
        guard let version = release.version.flatMap(ReleaseVersion.init) else { return nil }
        if version.isPreRelease && !showsPreReleases { return .preRelease }
        if version.bump < minimumBump { return .belowMinimumBump(version.bump, minimumBump) }
        if !showsFixOnlyReleases && Self.holdsOnlyFixes(release) { return .onlyFixes }
        return nil
    }

    /// Rows that are fixes and upkeep, not news.
    private static let fixKinds: Set<Sheet.Kind> = [
        .fixed, .security, .dependencies, .docs, .internal, .knownIssues, .contributors, .pullRequests,
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
        _ candidates: [Versioned], of sheet: Sheet, current: SeenVersion, limit: Int,
        reason: PresentationDecision.Reason
    ) -> PresentationDecision {
        var skipped: [PresentationDecision.Skipped] = []
        var shown: [Sheet.Release] = []
        var releasesShown = 0
        let (releases, preReleases) = Self.foldingPreReleases(candidates)
        for (index, candidate) in releases.enumerated() where releasesShown < max(1, limit) {
            let leading = preReleases[index] ?? []
            let whole = leading.isEmpty ? candidate.release : sheet.merging([candidate.release] + leading.map(\.release)).releases[0]
            if let rule = rule(skipping: whole) {
                skipped.append(PresentationDecision.Skipped(version: candidate.version.text, rule: rule))
                skipped += leading.map { PresentationDecision.Skipped(version: $0.version.text, rule: .preRelease) }
            } else {
                shown += [candidate.release] + leading.map(\.release)
                releasesShown += 1
            }
        }
        guard !shown.isEmpty else {
            return PresentationDecision(
                sheet: nil, reason: candidates.isEmpty ? .noNotes : .skippedAll(skipped), seen: current,
                skipped: skipped)
        }
        return PresentationDecision(
            sheet: sheet.merging(shown), reason: reason, seen: current, shown: shown.compactMap(\.version),
            skipped: skipped)
    }

    /// The candidates without the pre-releases of a release among them, and for each remaining
    /// candidate (by index) the pre-releases it takes, newest first.
    static func foldingPreReleases(_ candidates: [Versioned]) -> ([Versioned], [Int: [Versioned]]) {
        var kept: [Versioned] = []
        var folded: [Int: [Versioned]] = [:]
        for candidate in candidates {
            if candidate.version.isPreRelease,
                let release = kept.lastIndex(where: { !$0.version.isPreRelease && $0.version.hasNumbers(of: candidate.version) })
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
