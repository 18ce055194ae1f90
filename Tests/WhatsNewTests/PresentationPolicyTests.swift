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
        _ version: String?, _ rows: [Sheet.Section], unreleased: Bool = false, scheduled: Bool = false,
        show: Sheet.Show? = nil
    ) -> Sheet.Release {
        Sheet.Release(
            version: version, date: nil, title: version ?? "Unreleased", summary: nil, sections: rows,
            unreleased: unreleased, scheduled: scheduled, show: show)
    }

    /// Newest first, as notes usually are; the policy orders by version either way.
    static let sheet = Sheet(
        title: "Lantern",
        releases: [
            release(nil, [row(.added, "Coming")], unreleased: true),
            release("3.0.0", [row(.fixed, "Last fixes")]),
            release("3.0.0-rc.1", [row(.added, "Big feature")]),
            release("2.0.0-beta.1", [row(.added, "Beta maps")]),
            release("1.6.0", [row(.added, "Announced")], scheduled: true),
            release("1.5.0", [row(.fixed, "Crash"), row(.internal, "Build")]),
            release("1.4.1", [row(.fixed, "Search")]),
            release("1.4.0", [row(.added, "Offline maps"), row(.fixed, "Zoom")]),
            release("1.3.2", [row(.fixed, "Export")]),
            release("1.3.1", [row(.security, "Token leak")], show: .always),
            release("1.3.0", [row(nil, "A new look")]),
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

        var testDescription: String { "\(current) after \(lastSeen ?? "nil")\(fresh ? " (fresh)" : "")" }
    }

    static let cases: [Case] = [
        // A patch falls back to its minor release's notes; the patch itself is left out.
        Case(current: "1.4.1", lastSeen: "1.3.2", shown: ["1.4.0"], skipped: ["1.4.1 (a patch, below minor)"], reason: .newReleases),
        Case(current: "1.4.1", lastSeen: "1.4.0", shown: [], skipped: ["1.4.1 (a patch, below minor)"],
             reason: .skippedAll([.init(version: "1.4.1", rule: .belowMinimumBump(.patch, .minor))])),
        Case(current: "1.4.1", lastSeen: "1.4.1", shown: [], reason: .alreadySeen(SeenVersion(version: "1.4.1"))),
        Case(current: "1.3.0", lastSeen: "1.4.0", shown: [], reason: .alreadySeen(SeenVersion(version: "1.4.0"))),
        // Skipped versions merged, newest first, up to the maximum.
        Case(current: "1.4.0", lastSeen: "1.1.0", shown: ["1.4.0", "1.3.1", "1.3.0"],
             skipped: ["1.3.2 (a patch, below minor)"], reason: .newReleases),
        Case(current: "1.4.1", lastSeen: "1.0.0", policy: PresentationPolicy(maximumReleases: 2),
             shown: ["1.4.0", "1.3.1"], skipped: ["1.4.1 (a patch, below minor)", "1.3.2 (a patch, below minor)"],
             reason: .newReleases),
        // Notes of versions after the running one wait for their build.
        Case(current: "1.4.0", lastSeen: "1.3.2", shown: ["1.4.0"], reason: .newReleases),
        // Patches shown when the policy asks; fixes still need their own switch.
        Case(current: "1.4.1", lastSeen: "1.4.0", policy: PresentationPolicy(minimumBump: .patch), shown: [],
             skipped: ["1.4.1 (only fixes)"], reason: .skippedAll([.init(version: "1.4.1", rule: .onlyFixes)])),
        Case(current: "1.4.1", lastSeen: "1.4.0", policy: PresentationPolicy(minimumBump: .patch, showsFixOnlyReleases: true),
             shown: ["1.4.1"], reason: .newReleases),
        Case(current: "1.4.1", lastSeen: "1.3.2", policy: PresentationPolicy(minimumBump: .major), shown: [],
             skipped: ["1.4.1 (a patch, below major)", "1.4.0 (a minor, below major)"],
             reason: .skippedAll([.init(version: "1.4.1", rule: .belowMinimumBump(.patch, .major)),
                                  .init(version: "1.4.0", rule: .belowMinimumBump(.minor, .major))])),
        // Only fixes: left out unless asked for; a priority makes a fix news.
        Case(current: "1.5.0", lastSeen: "1.4.1", shown: [], skipped: ["1.5.0 (only fixes)"],
             reason: .skippedAll([.init(version: "1.5.0", rule: .onlyFixes)])),
        Case(current: "1.5.0", lastSeen: "1.4.1", policy: PresentationPolicy(showsFixOnlyReleases: true), shown: ["1.5.0"],
             reason: .newReleases),
        Case(current: "1.1.0", lastSeen: "1.0.0", shown: ["1.1.0"], reason: .newReleases),
        // The notes' `show:` over the rules.
        Case(current: "1.3.2", lastSeen: "1.3.0", shown: ["1.3.1"], skipped: ["1.3.2 (a patch, below minor)"],
             reason: .newReleases),
        Case(current: "1.2.0", lastSeen: "1.1.0", shown: [], skipped: ["1.2.0 (its notes say show: never)"],
             reason: .skippedAll([.init(version: "1.2.0", rule: .showNever)])),
        // Pre-releases.
        Case(current: "2.0.0-beta.1", lastSeen: "1.5.0", shown: [], skipped: ["2.0.0-beta.1 (a pre-release)"],
             reason: .skippedAll([.init(version: "2.0.0-beta.1", rule: .preRelease)])),
        Case(current: "2.0.0-beta.1", lastSeen: "1.5.0", policy: PresentationPolicy(showsPreReleases: true),
             shown: ["2.0.0-beta.1"], reason: .newReleases),
        // A build ahead of its notes, and a build that is no version.
        Case(current: "4.0.0", lastSeen: "3.0.0", shown: [], reason: .noNotes),
        // A release brings its pre-releases' notes to a user who never ran them.
        Case(current: "3.0.0", lastSeen: "1.5.0", shown: ["3.0.0", "3.0.0-rc.1"], skipped: ["2.0.0-beta.1 (a pre-release)"],
             reason: .newReleases),
        Case(current: "3.0.0-rc.1", lastSeen: "1.5.0", shown: [],
             skipped: ["3.0.0-rc.1 (a pre-release)", "2.0.0-beta.1 (a pre-release)"],
             reason: .skippedAll([.init(version: "3.0.0-rc.1", rule: .preRelease), .init(version: "2.0.0-beta.1", rule: .preRelease)])),
        Case(current: "dev", lastSeen: "1.4.0", shown: [], reason: .notAVersion("dev")),
        // Fresh installs, first looks and opting out.
        Case(current: "1.4.1", lastSeen: nil, fresh: true, shown: [], reason: .freshInstall),
        Case(current: "1.4.1", lastSeen: nil, fresh: true, policy: PresentationPolicy(showsOnFreshInstall: true),
             shown: ["1.4.0"], skipped: ["1.4.1 (a patch, below minor)"], reason: .firstLook),
        Case(current: "1.4.1", lastSeen: nil, shown: ["1.4.0"], skipped: ["1.4.1 (a patch, below minor)"],
             reason: .firstLook),
        Case(current: "1.4.1", lastSeen: "1.3.2", optedOut: true, shown: [], reason: .optedOut),
        // Build numbers: a re-cut build shows its version again only when the policy says so.
        Case(current: "1.4.0", currentBuild: "1250", lastSeen: "1.4.0", lastSeenBuild: "1248",
             policy: PresentationPolicy(trigger: .build), shown: ["1.4.0"], reason: .reCutBuild),
        Case(current: "1.4.0", currentBuild: "1250", lastSeen: "1.4.0", lastSeenBuild: "1248", shown: [],
             reason: .alreadySeen(SeenVersion(version: "1.4.0", build: "1248"))),
        Case(current: "1.4.0", currentBuild: "1248", lastSeen: "1.4.0", lastSeenBuild: "1250",
             policy: PresentationPolicy(trigger: .build), shown: [],
             reason: .alreadySeen(SeenVersion(version: "1.4.0", build: "1250"))),
        Case(current: "1.2.0", currentBuild: "7", lastSeen: "1.2.0", lastSeenBuild: "6",
             policy: PresentationPolicy(trigger: .build), shown: [], skipped: ["1.2.0 (its notes say show: never)"],
             reason: .skippedAll([.init(version: "1.2.0", rule: .showNever)])),
    ]

    @Test(arguments: cases) func decides(_ row: Case) {
        let current = SeenVersion(version: row.current, build: row.currentBuild)
        let decision = row.policy.decide(
            for: Self.sheet, current: current, lastSeen: row.lastSeen.map { SeenVersion(version: $0, build: row.lastSeenBuild) },
            isFreshInstall: row.fresh, isOptedOut: row.optedOut)
        #expect(decision.shown == row.shown)
        #expect(decision.skipped.map(\.description) == row.skipped)
        #expect(decision.reason == row.reason, "\(decision)")
        #expect(decision.shows == !row.shown.isEmpty)
        #expect(decision.sheet?.releases.first?.version == row.shown.first)
        // Whatever showed, the running version is what the app records.
        #expect(decision.seen == current)
    }

    /// Skipped releases become one sheet: rows of one kind made one, featured rows as they are.
    @Test func mergedReleasesAreOneSheet() throws {
        let decision = PresentationPolicy().decide(
            for: Self.sheet, current: SeenVersion(version: "1.4.0"), lastSeen: SeenVersion(version: "1.1.0"),
            isFreshInstall: false)
        #expect(decision.description == "shows 1.4.0, 1.3.1, 1.3.0 (new releases); skipped 1.3.2 (a patch, below minor)")
        let release = try #require(decision.sheet?.releases.first)
        #expect(decision.sheet?.releases.count == 1)
        #expect(release.sections.map { $0.title ?? "" } == ["Offline maps", "Zoom", "Token leak", "A new look"])
    }

    @Test func versionsSayTheirBump() {
        let bumps = ["3.0.0", "3", "1.4.0", "1.4", "1.4.1", "1.2.3.4", "2.0.0-beta.1", "0.3.0", "0.0.1", "2024.03", "2024-05-02"]
            .map { ReleaseVersion($0)!.bump }
        #expect(bumps == [.major, .major, .minor, .minor, .patch, .patch, .major, .minor, .patch, .minor, .minor])
        #expect(ReleaseVersion("2.0.0-rc.1")!.isPreRelease && !ReleaseVersion("1.1.1w")!.isPreRelease)
    }

    /// The policy reads the last seen version and the opt-out from a store, and the app writes
    /// back what the decision says.
    @Test func inMemoryStoreRecordsAndResets() {
        var store = InMemorySeenStore()
        let policy = PresentationPolicy()
        let first = policy.decide(for: Self.sheet, current: SeenVersion(version: "1.3.2"), store: store, isFreshInstall: true)
        #expect(first.reason == .freshInstall)
        store.record(first.seen)
        #expect(store.lastSeen == SeenVersion(version: "1.3.2"))
        let update = policy.decide(for: Self.sheet, current: SeenVersion(version: "1.4.1"), store: store, isFreshInstall: false)
        #expect(update.shown == ["1.4.0"])
        store.setOptedOut(true)
        #expect(policy.decide(for: Self.sheet, current: SeenVersion(version: "1.4.1"), store: store, isFreshInstall: false).reason == .optedOut)
        store.reset()
        #expect(store.lastSeen == nil && !store.isOptedOut)
    }

    @Test func userDefaultsStoreRecordsReadsBackAndResets() throws {
        let suite = "whatsnew-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        var store = UserDefaultsSeenStore(defaults: defaults, prefix: "Lantern")
        #expect(store.lastSeen == nil && !store.isOptedOut)
        store.record(SeenVersion(version: "1.4.0", build: "1248"))
        store.setOptedOut(true)
        // Another store over the same defaults sees what was written.
        let again = UserDefaultsSeenStore(defaults: defaults, prefix: "Lantern")
        #expect(again.lastSeen == SeenVersion(version: "1.4.0", build: "1248"))
        #expect(again.isOptedOut)
        #expect(defaults.string(forKey: "Lantern.lastSeenVersion") == "1.4.0")
        // A version recorded without a build leaves no older build behind.
        store.record(SeenVersion(version: "1.5.0"))
        #expect(again.lastSeen == SeenVersion(version: "1.5.0"))
        store.reset()
        #expect(again.lastSeen == nil && !again.isOptedOut)
        #expect(defaults.object(forKey: "Lantern.optedOut") == nil)
    }
}
