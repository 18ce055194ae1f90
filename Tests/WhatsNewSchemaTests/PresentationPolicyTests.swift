import Foundation
import Testing
import WhatsNewSchema
import WhatsNewSeenStores

/// When an app shows What's New, as `PresentationPolicy` decides it: one table of (running
/// version, last seen, fresh install, policy) → (versions shown, versions left out, rule), over
/// notes that have every case in them.
struct PresentationPolicyTests {
    private static func row(_ kind: Sheet.Kind?, _ title: String, priority: Int? = nil) -> Sheet.Section {
        Sheet.Section(
            kind: kind, icon: nil, symbol: nil, color: nil, title: title, summary: title, html: "<p>\(title)</p>",
            items: [title], line: 1, priority: priority)
    }

    private static func release(
        _ version: String?, _ rows: [Sheet.Section], summary: String? = nil, unreleased: Bool = false,
        scheduled: Bool = false, build: String? = nil, show: Sheet.Show? = nil
    ) -> Sheet.Release {
        Sheet.Release(
            version: version, date: nil, title: version ?? "Unreleased", summary: summary, sections: rows,
            unreleased: unreleased, scheduled: scheduled, build: build, show: show)
    }

    /// Newest first, as notes usually are; the policy orders by version either way.
    static let sheet = Sheet(
        title: "Lantern",
        releases: [
            release(nil, [row(.added, "Coming")], unreleased: true),
            // Dated after the day the JSON was made: out for a user who runs it.
            release("5.0.0", [row(.added, "Announced")], scheduled: true),
            release("3.0.0", [row(.fixed, "Last fixes")]),
            release("3.0.0-rc.1", [row(.added, "Big feature")]),
            release("2.0.0-beta.1", [row(.added, "Beta maps")]),
            release("1.5.0", [row(.fixed, "Crash"), row(.internal, "Build")]),
            release("1.4.1", [row(.fixed, "Search")], build: "8"),
            release("1.4.0", [row(.added, "Offline maps"), row(.fixed, "Zoom")], summary: "Offline maps arrive."),
            release("1.3.2", [row(.fixed, "Export")]),
            release("1.3.1", [row(.security, "Token leak")], show: .always),
            release("1.3.0", [row(nil, "A new look")], summary: "A new look."),
            release("1.2.0", [row(.added, "Re-cut")], show: .never),
            release("1.1.0", [row(.fixed, "Sync rebuilt", priority: 2)]),
            release("1.0.0", [row(.added, "First")]),
        ])

    struct Case: Sendable, CustomTestStringConvertible {
        var current: String
        var currentBuild: String? = nil
        var lastSeen: String?
        var lastSeenBuild: String? = nil
        var fresh = false
        var optedOut = false
        var policy = PresentationPolicy()
        var shown: [String]
        var skipped: [String] = []
        var reason: PresentationDecision.Reason
        /// What the record keeps as shown, when not ``shown`` (releases in progress are not kept).
        var presented: [String]? = nil

        var testDescription: String { "\(current) after \(lastSeen ?? "nil")\(fresh ? " (fresh)" : "")" }
    }

    static let cases: [Case] = [
        // A minor update shows what is new since; a patch of it that holds only fixes is left out.
        // (Earlier rows read each release's own bump, so 1.4.1 was "a patch, below minor"; the
        // update from the version seen is weighed now, and 1.4.1 is left out for its fixes.)
        Case(
            current: "1.4.1", lastSeen: "1.3.2", shown: ["1.4.0"], skipped: ["1.4.1 (only fixes)"], reason: .newReleases
        ),
        Case(
            current: "1.4.1", lastSeen: "1.4.0", shown: [], skipped: ["1.4.1 (a patch update, below minor)"],
            reason: .skippedAll([.init(version: "1.4.1", rule: .belowMinimumBump(.patch, .minor))])),
        Case(current: "1.4.1", lastSeen: "1.4.1", shown: [], reason: .alreadySeen(SeenVersion(version: "1.4.1"))),
        Case(current: "1.3.0", lastSeen: "1.4.0", shown: [], reason: .alreadySeen(SeenVersion(version: "1.4.0"))),
        // Skipped versions merged, newest first, up to the maximum; those beyond it are named.
        Case(
            current: "1.4.0", lastSeen: "1.1.0", shown: ["1.4.0", "1.3.1", "1.3.0"],
            skipped: ["1.3.2 (only fixes)", "1.2.0 (its notes say show: never)"], reason: .newReleases),
        Case(
            current: "1.4.1", lastSeen: "1.0.0", policy: PresentationPolicy(maximumReleases: 2),
            shown: ["1.4.0", "1.3.1"],
            skipped: [
                "1.4.1 (only fixes)", "1.3.2 (only fixes)", "1.3.0 (beyond the 2 releases a sheet merges)",
                "1.2.0 (its notes say show: never)", "1.1.0 (beyond the 2 releases a sheet merges)",
            ],
            reason: .newReleases),
        // 0 shows nothing, and says so for each release, rather than meaning 1.
        Case(
            current: "1.4.0", lastSeen: "1.3.2", policy: PresentationPolicy(maximumReleases: 0), shown: [],
            skipped: ["1.4.0 (beyond the 0 releases a sheet merges)"],
            reason: .skippedAll([.init(version: "1.4.0", rule: .beyondLimit(0))])),
        // Notes of versions after the running one wait for their build.
        Case(current: "1.4.0", lastSeen: "1.3.2", shown: ["1.4.0"], reason: .newReleases),
        // Patch updates shown when the policy asks; fixes still need their own switch.
        Case(
            current: "1.4.1", lastSeen: "1.4.0", policy: PresentationPolicy(minimumBump: .patch), shown: [],
            skipped: ["1.4.1 (only fixes)"], reason: .skippedAll([.init(version: "1.4.1", rule: .onlyFixes)])),
        Case(
            current: "1.4.1", lastSeen: "1.4.0",
            policy: PresentationPolicy(minimumBump: .patch, showsFixOnlyReleases: true),
            shown: ["1.4.1"], reason: .newReleases),
        Case(
            current: "1.4.1", lastSeen: "1.3.2", policy: PresentationPolicy(minimumBump: .major), shown: [],
            skipped: ["1.4.1 (a minor update, below major)", "1.4.0 (a minor update, below major)"],
            reason: .skippedAll([
                .init(version: "1.4.1", rule: .belowMinimumBump(.minor, .major)),
                .init(version: "1.4.0", rule: .belowMinimumBump(.minor, .major)),
            ])),
        // Only fixes: left out unless asked for; a priority makes a fix news.
        Case(
            current: "1.5.0", lastSeen: "1.4.1", shown: [], skipped: ["1.5.0 (only fixes)"],
            reason: .skippedAll([.init(version: "1.5.0", rule: .onlyFixes)])),
        Case(
            current: "1.5.0", lastSeen: "1.4.1", policy: PresentationPolicy(showsFixOnlyReleases: true),
            shown: ["1.5.0"],
            reason: .newReleases),
        Case(current: "1.1.0", lastSeen: "1.0.0", shown: ["1.1.0"], reason: .newReleases),
        // The notes' `show:` over the rules: `always` passes a patch update.
        Case(
            current: "1.3.2", lastSeen: "1.3.0", shown: ["1.3.1"], skipped: ["1.3.2 (a patch update, below minor)"],
            reason: .newReleases),
        Case(
            current: "1.2.0", lastSeen: "1.1.0", shown: [], skipped: ["1.2.0 (its notes say show: never)"],
            reason: .skippedAll([.init(version: "1.2.0", rule: .showNever)])),
        // Pre-releases: a tester running one sees its notes; users on a release get them with it.
        Case(current: "2.0.0-beta.1", lastSeen: "1.5.0", shown: ["2.0.0-beta.1"], reason: .newReleases),
        Case(current: "3.0.0-rc.1", lastSeen: "1.5.0", shown: ["3.0.0-rc.1", "2.0.0-beta.1"], reason: .newReleases),
        // A build ahead of its notes, and a build that is no version.
        Case(current: "4.0.0", lastSeen: "3.0.0", shown: [], reason: .noNotes),
        // The running release's own notes, in JSON written before its day (as CI cuts the
        // build): scheduled there, out for this user.
        Case(current: "5.0.0", lastSeen: "3.0.0", shown: ["5.0.0"], reason: .newReleases),
        Case(current: "5.0.0", lastSeen: nil, shown: ["5.0.0"], reason: .firstLook),
        // An internal build shows the release in progress: the unreleased changes as the running
        // version's, and releases scheduled after it; neither is recorded as shown.
        Case(
            current: "4.0.0", lastSeen: "3.0.0", policy: PresentationPolicy(includesUnreleased: true),
            shown: ["Unreleased", "5.0.0"], reason: .newReleases, presented: []),
        Case(
            current: "5.0.0", lastSeen: "3.0.0", policy: PresentationPolicy(includesUnreleased: true),
            shown: ["Unreleased", "5.0.0"], reason: .newReleases, presented: ["5.0.0"]),
        // A release brings its pre-releases' notes to a user who never ran them.
        Case(
            current: "3.0.0", lastSeen: "1.5.0", shown: ["3.0.0", "3.0.0-rc.1"],
            skipped: ["2.0.0-beta.1 (a pre-release)"],
            reason: .newReleases),
        Case(
            current: "3.0.0", lastSeen: "1.5.0", policy: PresentationPolicy(showsPreReleases: true),
            shown: ["3.0.0", "3.0.0-rc.1", "2.0.0-beta.1"], reason: .newReleases),
        Case(current: "dev", lastSeen: "1.4.0", shown: [], reason: .notAVersion("dev")),
        // Fresh installs, first looks and opting out.
        Case(current: "1.4.1", lastSeen: nil, fresh: true, shown: [], reason: .freshInstall),
        Case(
            current: "1.4.1", lastSeen: nil, fresh: true, policy: PresentationPolicy(showsOnFreshInstall: true),
            shown: ["1.4.0"], skipped: ["1.4.1 (only fixes)"], reason: .firstLook),
        Case(current: "1.4.1", lastSeen: nil, shown: ["1.4.0"], skipped: ["1.4.1 (only fixes)"], reason: .firstLook),
        // A first look shows the running version's line only, and says when that has nothing.
        Case(
            current: "1.5.0", lastSeen: nil, shown: [], skipped: ["1.5.0 (only fixes)"],
            reason: .skippedAll([.init(version: "1.5.0", rule: .onlyFixes)])),
        Case(current: "99.0", lastSeen: nil, shown: [], reason: .noNotesOnFirstLook),
        // A limit of 0 holds on a first look and for a re-cut build too.
        Case(
            current: "1.4.1", lastSeen: nil, policy: PresentationPolicy(maximumReleases: 0), shown: [],
            skipped: ["1.4.1 (only fixes)", "1.4.0 (beyond the 0 releases a sheet merges)"],
            reason: .skippedAll([
                .init(version: "1.4.1", rule: .onlyFixes), .init(version: "1.4.0", rule: .beyondLimit(0)),
            ])),
        Case(
            current: "1.4.0", currentBuild: "1250", lastSeen: "1.4.0", lastSeenBuild: "1248",
            policy: PresentationPolicy(trigger: .build, maximumReleases: 0), shown: [],
            skipped: ["1.4.0 (beyond the 0 releases a sheet merges)"],
            reason: .skippedAll([.init(version: "1.4.0", rule: .beyondLimit(0))])),
        Case(current: "1.4.1", lastSeen: "1.3.2", optedOut: true, shown: [], reason: .optedOut),
        // Build numbers: a re-cut build shows its version again only when the policy says so.
        Case(
            current: "1.4.0", currentBuild: "1250", lastSeen: "1.4.0", lastSeenBuild: "1248",
            policy: PresentationPolicy(trigger: .build), shown: ["1.4.0"], reason: .reCutBuild),
        Case(
            current: "1.4.1", currentBuild: "8", lastSeen: "1.4.1", lastSeenBuild: "7",
            policy: PresentationPolicy(trigger: .build), shown: ["1.4.1"], reason: .reCutBuild),
        // The notes name the build they describe (`"build"`): one this user saw holds nothing new.
        Case(
            current: "1.4.1", currentBuild: "9", lastSeen: "1.4.1", lastSeenBuild: "8",
            policy: PresentationPolicy(trigger: .build), shown: [],
            reason: .alreadySeen(SeenVersion(version: "1.4.1", build: "8"))),
        // A version as Info.plist values and build scripts write it.
        Case(current: "1.4.0\n", lastSeen: "1.3.2", shown: ["1.4.0"], reason: .newReleases),
        Case(
            current: "1.4.1 (9)", lastSeen: "1.4.1", lastSeenBuild: "8", policy: PresentationPolicy(trigger: .build),
            shown: [], reason: .alreadySeen(SeenVersion(version: "1.4.1", build: "8"))),
        Case(
            current: " 1.4.0 (1250) ", lastSeen: "1.4.0", lastSeenBuild: "1248",
            policy: PresentationPolicy(trigger: .build), shown: ["1.4.0"], reason: .reCutBuild),
        Case(
            current: "1.4.0", currentBuild: "1250", lastSeen: "1.4.0", lastSeenBuild: "1248", shown: [],
            reason: .alreadySeen(SeenVersion(version: "1.4.0", build: "1248"))),
        Case(
            current: "1.4.0", currentBuild: "1248", lastSeen: "1.4.0", lastSeenBuild: "1250",
            policy: PresentationPolicy(trigger: .build), shown: [],
            reason: .alreadySeen(SeenVersion(version: "1.4.0", build: "1250"))),
        Case(
            current: "1.2.0", currentBuild: "7", lastSeen: "1.2.0", lastSeenBuild: "6",
            policy: PresentationPolicy(trigger: .build), shown: [], skipped: ["1.2.0 (its notes say show: never)"],
            reason: .skippedAll([.init(version: "1.2.0", rule: .showNever)])),
    ]

    @Test(arguments: cases) func decides(_ row: Case) {
        let current = SeenVersion(version: row.current, build: row.currentBuild)
        let decision = row.policy.decide(
            for: Self.sheet, current: current,
            lastSeen: row.lastSeen.map { SeenVersion(version: $0, build: row.lastSeenBuild) },
            isFreshInstall: row.fresh, isOptedOut: row.optedOut)
        #expect(decision.shown == row.shown)
        #expect(decision.skipped.map(\.description) == row.skipped)
        #expect(decision.reason == row.reason, "\(decision)")
        #expect(decision.shows == !row.shown.isEmpty)
        #expect(decision.sheet?.releases.first.map { $0.version ?? $0.title } == row.shown.first)
        // The record moves forward to the running version, never back, and keeps what showed.
        let last = row.lastSeen.map { SeenVersion(version: $0, build: row.lastSeenBuild) }
        #expect(decision.record.lastSeen == Self.recorded(running: current.normalized, last: last))
        #expect(decision.record.presented == row.presented ?? row.shown)
    }

    /// What the record should hold after a launch: the running version when it is one and is
    /// newer than the last (or the same with a higher build), else the last.
    private static func recorded(running: SeenVersion, last: SeenVersion?) -> SeenVersion? {
        guard let version = ReleaseVersion(running.version) else { return last }
        guard let last, let seen = ReleaseVersion(last.version) else { return running }
        switch version.compare(to: seen) {
        case .newer: return running
        case .older: return last
        case .same:
            let higher = (running.build.flatMap { Int($0) } ?? 0) > (last.build.flatMap { Int($0) } ?? 0)
            return higher ? running : last
        }
    }

    /// A release folded into another (a re-release, a pre-release, a release in progress) that
    /// says `show: never`, or is a pre-release, does not decide for the release that is out.
    @Test func theReleaseOutDecidesForWhatIsFoldedIntoIt() {
        let sheet = Sheet(
            title: "Lantern",
            releases: [
                Self.release(nil, [Self.row(.fixed, "Tidying")], unreleased: true),
                Self.release("3.0.0-beta.1", [Self.row(.added, "Beta")], scheduled: true),
                Self.release("1.6.0", [Self.row(.added, "Planned")], scheduled: true, show: .never),
                Self.release("1.5.0+1", [Self.row(.fixed, "Re-cut")], show: .never),
                Self.release("1.5.0", [Self.row(.fixed, "Security")], show: .always),
                Self.release("1.4.0", [Self.row(.added, "Maps")]),
            ])
        let seen = SeenVersion(version: "1.4.0")
        let running = SeenVersion(version: "1.5.0")
        for policy in [PresentationPolicy(), PresentationPolicy(includesUnreleased: true)] {
            let decision = policy.decide(for: sheet, current: running, lastSeen: seen, isFreshInstall: false)
            #expect(decision.shown.contains("1.5.0"), "\(decision)")
            #expect(!decision.shown.contains("1.5.0+1") && !decision.shown.contains("1.6.0"), "\(decision)")
            #expect(decision.skipped.map(\.description).contains("1.5.0+1 (its notes say show: never)"), "\(decision)")
        }
        let tester = PresentationPolicy(includesUnreleased: true).decide(
            for: sheet, current: running, lastSeen: seen, isFreshInstall: false)
        #expect(tester.shown == ["Unreleased", "3.0.0-beta.1", "1.5.0"], "\(tester)")
        let firstLook = PresentationPolicy(includesUnreleased: true).decide(
            for: sheet, current: running, lastSeen: nil, isFreshInstall: false)
        #expect(firstLook.shown.contains("1.5.0"), "\(firstLook)")
    }

    /// Skipped releases become one sheet: rows of one kind made one, featured rows as they are.
    @Test func mergedReleasesAreOneSheet() throws {
        let decision = PresentationPolicy().decide(
            for: Self.sheet, current: SeenVersion(version: "1.4.0"), lastSeen: SeenVersion(version: "1.1.0"),
            isFreshInstall: false)
        #expect(
            decision.description
                == "shows 1.4.0, 1.3.1, 1.3.0 (new releases); skipped 1.3.2 (only fixes), 1.2.0 (its notes say show: never)"
        )
        let release = try #require(decision.sheet?.releases.first)
        #expect(decision.sheet?.releases.count == 1)
        #expect(release.sections.map { $0.title ?? "" } == ["Offline maps", "Zoom", "Token leak", "A new look"])
        // Each row says which release it came from; the releases' summaries are kept.
        #expect(release.sections.map(\.versions) == [["1.4.0"], ["1.4.0"], ["1.3.1"], ["1.3.0"]])
        #expect(release.summary == "Offline maps arrive.\n\nA new look.")
    }

    @Test func versionsSayTheirBump() {
        let bumps = [
            "3.0.0", "3", "1.4.0", "1.4", "1.4.1", "1.2.3.4", "2.0.0-beta.1", "0.3.0", "0.0.1", "2024.03", "2024-05-02",
        ]
        .map { ReleaseVersion($0)!.bump }
        #expect(bumps == [.major, .major, .minor, .minor, .patch, .patch, .major, .minor, .patch, .minor, .minor])
        #expect(ReleaseVersion("2.0.0-rc.1")!.isPreRelease && !ReleaseVersion("1.1.1w")!.isPreRelease)
    }

    /// The policy reads the last seen version and the opt-out from a store, and the app writes
    /// back what the decision says.
    @Test func inMemoryStoreRecordsAndResets() {
        var store = InMemorySeenStore()
        let policy = PresentationPolicy()
        let first = policy.decide(
            for: Self.sheet, current: SeenVersion(version: "1.3.2"), store: store, isFreshInstall: true)
        #expect(first.reason == .freshInstall)
        store.record(first)
        #expect(store.lastSeen == SeenVersion(version: "1.3.2"))
        let update = policy.decide(
            for: Self.sheet, current: SeenVersion(version: "1.4.1"), store: store, isFreshInstall: false)
        #expect(update.shown == ["1.4.0"])
        store.record(update)
        #expect(store.load().presented == ["1.4.0"] && store.load().hasPresented("v1.4"))
        store.setOptedOut(true)
        #expect(
            policy.decide(for: Self.sheet, current: SeenVersion(version: "1.5.0"), store: store, isFreshInstall: false)
                .reason == .optedOut)
        store.reset()
        #expect(store.load().isEmpty)
    }

    @Test func userDefaultsStoreRecordsReadsBackAndResets() throws {
        let suite = "whatsnew-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        var store = UserDefaultsSeenStore(defaults: defaults, prefix: "Lantern")
        #expect(store.load().isEmpty)
        store.save(SeenRecord(lastSeen: SeenVersion(version: "1.4.0", build: "1248"), presented: ["1.4.0", "1.3.0"]))
        store.setOptedOut(true)
        // Another store over the same defaults sees what was written.
        let again = UserDefaultsSeenStore(defaults: defaults, prefix: "Lantern")
        #expect(
            again.load()
                == SeenRecord(
                    lastSeen: SeenVersion(version: "1.4.0", build: "1248"), presented: ["1.4.0", "1.3.0"],
                    isOptedOut: true))
        #expect(defaults.string(forKey: "Lantern.lastSeenVersion") == "1.4.0")
        // A version recorded without a build leaves no older build behind.
        store.save(SeenRecord(lastSeen: SeenVersion(version: "1.5.0")))
        #expect(again.load() == SeenRecord(lastSeen: SeenVersion(version: "1.5.0")))
        store.reset()
        #expect(again.load().isEmpty)
        #expect(defaults.object(forKey: "Lantern.optedOut") == nil)
    }

    /// A record written by the version before this one (three keys, no history) still reads.
    @Test func aStoreOfTheEarlierLayoutReads() throws {
        let suite = "whatsnew-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set("1.4.0", forKey: "WhatsNew.lastSeenVersion")
        defaults.set("1248", forKey: "WhatsNew.lastSeenBuild")
        #expect(
            UserDefaultsSeenStore(defaults: defaults).load()
                == SeenRecord(lastSeen: SeenVersion(version: "1.4.0", build: "1248")))
    }

    /// Equal versions are equal: `==` and hashing agree with the order.
    @Test func versionsEqualInPrecedenceAreEqual() {
        #expect(ReleaseVersion("1.0") == ReleaseVersion("1.0.0"))
        #expect(ReleaseVersion("v2.0.0-RC.1") == ReleaseVersion("2.0.0-rc.1"))
        #expect(ReleaseVersion("1.0") != ReleaseVersion("1.0.1") && ReleaseVersion("1.0-beta") != ReleaseVersion("1.0"))
        #expect(Set(["1.0", "1.0.0", "v1.0.0", "1.0.1"].compactMap(ReleaseVersion.init)).count == 2)
        // Numeric identifiers by value: `beta.01` is `beta.1`, in order, equality and hashing alike.
        #expect(ReleaseVersion("2.0.0-beta.01") == ReleaseVersion("2.0.0-beta.1"))
        #expect(
            Set(["2.0.0-beta.01", "2.0.0-beta.1", "1.0.0rc04", "1.0.0rc4"].compactMap(ReleaseVersion.init)).count == 2)
        #expect(ReleaseVersion("2024-05-02")!.isOnTheLine(of: ReleaseVersion("2024.5.2")!))
    }

    /// The update's bump, from the version seen to the one running.
    @Test func updatesSayTheirBump() {
        let bumps = [
            ("1.7.1", "1.8.1"), ("1.4.0", "1.4.1"), ("1.9.3", "2.0.1"), ("2.0.0-beta.1", "2.0.0"),
            ("1.4.0-rc.1", "1.4.0-rc.2"),
            ("2024.9.30", "2024.10.15"), ("2024.10.15", "2024.10.15.1"), ("2024.12.1", "2025.1.1"),
            ("2024-05-02", "2024-05-09"),
            ("2.0.0-beta.1", "2.0.1"), ("1.4.0-rc.1", "1.4.1"),
        ].map { ReleaseVersion($0.1)!.bump(from: ReleaseVersion($0.0)!) }
        #expect(bumps == [.minor, .patch, .major, .major, .minor, .minor, .patch, .minor, .minor, .major, .minor])
    }

    /// The editions an app bundles, and which a user reads.
    @Test func aUserReadsTheEditionOfTheirLanguage() {
        let editions = ["de", "en", "pt-BR", "zh-Hans", "zh-Hant"]
        #expect(Editions.best(of: editions, for: ["de-AT", "en"]) == "de")
        #expect(Editions.best(of: editions, for: ["pt-PT"]) == "pt-BR")
        #expect(Editions.best(of: editions, for: ["zh-Hant-TW", "en"]) == "zh-Hant")
        #expect(Editions.best(of: editions, for: ["fr-FR", "en-GB"]) == "en")
        #expect(Editions.best(of: editions, for: ["fr"]) == nil)
        #expect(Editions.best(of: ["pt_BR", "pt"], for: ["pt-PT"]) == "pt")
        #expect(Editions.best(of: ["zh-Hans", "zh-TW"], for: ["zh-Hant-TW"]) == "zh-TW")
    }
}
