import Foundation
import Testing
import WhatsNewSchema
import WhatsNewSeenStores

/// What a user sees, launch after launch: each story is the versions they ran, in order, and
/// what each launch shows, over notes of the story's shape. Every launch opens a new
/// `UserDefaultsSeenStore` over the same defaults, as a relaunched app does, decides, and saves
/// the decision's record.
struct PresentationStoriesTests {
    /// A release of the story's notes: its version and the kinds of its rows (`nil` for a
    /// curated row).
    struct Notes: Sendable {
        var version: String
        var kinds: [Sheet.Kind?]
    }

    /// One launch: the version and build running, and the versions the sheet should show
    /// (empty: nothing), with words the decision's description holds.
    struct Launch: Sendable {
        var running: String
        var build: String? = nil
        var shows: [String]
        var because: String
    }

    struct Story: Sendable, CustomTestStringConvertible {
        var name: String
        var notes: [Notes]
        var seen: String?
        var fresh = false
        var policy = PresentationPolicy()
        var launches: [Launch]

        var testDescription: String { name }
    }

    static let stories: [Story] = [
        Story(
            name: "a beta tester sees the beta's features while running it",
            notes: [
                Notes(version: "2.0.0", kinds: [.fixed]), Notes(version: "2.0.0-beta.1", kinds: [.added]),
                Notes(version: "1.4.0", kinds: [.added]),
            ],
            seen: "1.4.0",
            launches: [
                Launch(running: "2.0.0-beta.1", shows: ["2.0.0-beta.1"], because: "new releases"),
                Launch(running: "2.0.0", shows: [], because: "2.0.0 (only fixes)"),
            ]),
        Story(
            name: "a user who never ran the beta gets its features with the release",
            notes: [
                Notes(version: "2.0.0", kinds: [.fixed]), Notes(version: "2.0.0-beta.1", kinds: [.added]),
                Notes(version: "1.4.0", kinds: [.added]),
            ],
            seen: "1.4.0",
            launches: [Launch(running: "2.0.0", shows: ["2.0.0", "2.0.0-beta.1"], because: "new releases")]),
        Story(
            name: "notes without an x.y.0: the update from 1.7.1 to 1.8.1 is a minor one",
            notes: [Notes(version: "1.8.1", kinds: [.added]), Notes(version: "1.7.1", kinds: [.added])],
            seen: "1.7.1",
            launches: [Launch(running: "1.8.1", shows: ["1.8.1"], because: "new releases")]),
        Story(
            name: "a downgrade is not recorded, so the release does not show twice",
            notes: [Notes(version: "2.0.0", kinds: [.added]), Notes(version: "1.9.0", kinds: [.added])],
            seen: "1.9.0",
            launches: [
                Launch(running: "2.0.0", shows: ["2.0.0"], because: "new releases"),
                Launch(running: "1.9.0", shows: [], because: "already seen 2.0.0"),
                Launch(running: "2.0.0", shows: [], because: "already seen 2.0.0"),
            ]),
        Story(
            name: "an older build under the build trigger is not recorded",
            notes: [Notes(version: "1.4.0", kinds: [.added])],
            seen: nil, fresh: true, policy: PresentationPolicy(trigger: .build),
            launches: [
                Launch(running: "1.4.0", build: "1250", shows: [], because: "a fresh install"),
                Launch(running: "1.4.0", build: "1248", shows: [], because: "already seen 1.4.0 (1250)"),
                Launch(running: "1.4.0", build: "1250", shows: [], because: "already seen 1.4.0 (1250)"),
            ]),
        Story(
            name: "dotted calendar versions: a new month is news",
            notes: [Notes(version: "2024.10.15", kinds: [.added]), Notes(version: "2024.9.30", kinds: [.added])],
            seen: "2024.9.30",
            launches: [Launch(running: "2024.10.15", shows: ["2024.10.15"], because: "new releases")]),
        Story(
            name: "a same-month calendar re-cut is a patch",
            notes: [Notes(version: "2024.10.15.1", kinds: [.added]), Notes(version: "2024.10.15", kinds: [.added])],
            seen: "2024.10.15",
            launches: [Launch(running: "2024.10.15.1", shows: [], because: "a patch update, below minor")]),
        Story(
            name: "a dev run leaves the record alone",
            notes: [
                Notes(version: "1.3.0", kinds: [.added]), Notes(version: "1.2.0", kinds: [.added]),
                Notes(version: "1.1.0", kinds: [.added]), Notes(version: "1.0.0", kinds: [.added]),
            ],
            seen: "1.0.0",
            launches: [
                Launch(running: "dev", shows: [], because: "`dev` is not a version"),
                Launch(running: "1.3.0", shows: ["1.3.0", "1.2.0", "1.1.0"], because: "new releases"),
            ]),
        Story(
            name: "a first look at a fixes-only release says so rather than showing an older one",
            notes: [Notes(version: "1.4.0", kinds: [.fixed]), Notes(version: "1.3.0", kinds: [.added])],
            launches: [Launch(running: "1.4.0", shows: [], because: "1.4.0 (only fixes)")]),
        Story(
            name: "a first look far ahead of the notes shows nothing, in one short line",
            notes: (0..<30).map { Notes(version: "1.0.\(29 - $0)", kinds: [.fixed]) },
            launches: [Launch(running: "99.0", shows: [], because: "no release of the running version's line")]),
        Story(
            name: "a first look after the app adopts whatsnew mid-life shows the running version",
            notes: [Notes(version: "3.1.0", kinds: [.added]), Notes(version: "3.0.0", kinds: [.added])],
            launches: [
                Launch(running: "3.1.0", shows: ["3.1.0"], because: "no version seen yet"),
                Launch(running: "3.1.0", shows: [], because: "already seen 3.1.0"),
            ]),
        Story(
            name: "a re-cut build of a patch shows its notes under the build trigger",
            notes: [Notes(version: "1.4.1", kinds: [.fixed]), Notes(version: "1.4.0", kinds: [.added])],
            seen: "1.4.1", policy: PresentationPolicy(trigger: .build),
            launches: [Launch(running: "1.4.1", build: "8", shows: ["1.4.1"], because: "a newer build")]),
        Story(
            name: "each update shows its own release, once",
            notes: [Notes(version: "1.2.0", kinds: [.added]), Notes(version: "1.1.0", kinds: [.added])],
            seen: "1.0.0",
            launches: [
                Launch(running: "1.1.0", shows: ["1.1.0"], because: "new releases"),
                Launch(running: "1.2.0", shows: ["1.2.0"], because: "new releases"),
            ]),
        Story(
            name: "a tester on -dev pre-releases of a patch sees each one's notes",
            notes: [
                Notes(version: "0.3.10-dev.2", kinds: [.added]), Notes(version: "0.3.10-dev.1", kinds: [.added]),
                Notes(version: "0.3.9", kinds: [.added]),
            ],
            seen: "0.3.9",
            launches: [
                Launch(running: "0.3.10-dev.1", shows: ["0.3.10-dev.1"], because: "new releases"),
                Launch(running: "0.3.10-dev.2", shows: ["0.3.10-dev.2"], because: "new releases"),
            ]),
        Story(
            name: "re-releases of one version count as one toward the limit",
            notes: [
                Notes(version: "0.14.0+3", kinds: [.added]), Notes(version: "0.14.0+2", kinds: [.added]),
                Notes(version: "0.14.0+1", kinds: [.added]), Notes(version: "0.14.0", kinds: [.added]),
                Notes(version: "0.13.0", kinds: [.added]), Notes(version: "0.12.0", kinds: [.added]),
            ],
            seen: "0.11.0",
            launches: [
                Launch(
                    running: "0.14.0+3", shows: ["0.14.0+3", "0.14.0+2", "0.14.0+1", "0.14.0", "0.13.0", "0.12.0"],
                    because: "shows 0.14.0+3, 0.14.0+2, 0.14.0+1, 0.14.0 and 2 more")
            ]),
        Story(
            name: "a release listing only merged pull requests is news",
            notes: [Notes(version: "0.6.0", kinds: [.pullRequests]), Notes(version: "0.5.1", kinds: [.fixed])],
            seen: "0.5.1",
            launches: [Launch(running: "0.6.0", shows: ["0.6.0"], because: "new releases")]),
        Story(
            name: "a tester who skips the final release still sees its features",
            notes: [
                Notes(version: "2.0.1", kinds: [.fixed]), Notes(version: "2.0.0", kinds: [.added]),
                Notes(version: "2.0.0-beta.1", kinds: [.added]),
            ],
            seen: "2.0.0-beta.1",
            launches: [Launch(running: "2.0.1", shows: ["2.0.0"], because: "skipped 2.0.1 (only fixes)")]),
        Story(
            name: "a first look names no older release of its line as left out",
            notes: [
                Notes(version: "1.4.2", kinds: [.added]), Notes(version: "1.4.1", kinds: [.fixed]),
                Notes(version: "1.4.0", kinds: [.added]),
            ],
            launches: [
                Launch(
                    running: "1.4.2", shows: ["1.4.2"],
                    because: "shows 1.4.2 (no version seen yet: the running version's notes)")
            ]),
        Story(
            name: "a version saved with a line break by an earlier build reads as the version",
            notes: [Notes(version: "1.4.0", kinds: [.added])],
            seen: "1.4.0\n",
            launches: [Launch(running: "1.4.0", shows: [], because: "already seen 1.4.0")]),
        Story(
            name: "thirty skipped patches make one short log line",
            notes: (0..<30).map { Notes(version: "1.0.\(30 - $0)", kinds: [.fixed]) } + [
                Notes(version: "1.0.0", kinds: [.added])
            ],
            seen: "1.0.0", policy: PresentationPolicy(minimumBump: .patch),
            launches: [Launch(running: "1.0.30", shows: [], because: "1.0.27 (only fixes) and 26 more")]),
    ]

    @Test(arguments: stories) func aUserSees(_ story: Story) throws {
        let suite = "whatsnew-stories-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        if let seen = story.seen {
            UserDefaultsSeenStore(defaults: defaults).save(SeenRecord(lastSeen: SeenVersion(version: seen)))
        }
        let sheet = Sheet(
            title: "Story",
            releases: story.notes.map { notes in
                Sheet.Release(
                    version: notes.version, date: nil, title: notes.version, summary: nil,
                    sections: notes.kinds.enumerated().map { index, kind in
                        Sheet.Section(
                            kind: kind, icon: nil, symbol: nil, color: nil, title: kind?.rawValue ?? "Featured",
                            summary: nil, html: "", items: ["\(notes.version) row \(index)"], line: index + 1)
                    })
            })
        for (index, launch) in story.launches.enumerated() {
            let store = UserDefaultsSeenStore(defaults: defaults)  // a new launch: a new store over the same defaults
            let decision = story.policy.decide(
                for: sheet, current: SeenVersion(version: launch.running, build: launch.build), store: store,
                isFreshInstall: story.fresh && index == 0)
            #expect(decision.shown == launch.shows, "launch \(index + 1), \(launch.running): \(decision)")
            #expect(decision.description.contains(launch.because), "launch \(index + 1): \(decision)")
            #expect(decision.description.count < 200)
            store.save(decision.record)
        }
    }

    /// Opting out between launches, then back in: nothing shows while out, and the releases
    /// that came out meanwhile are not replayed.
    @Test func optingOutAndBackIn() throws {
        let sheet = Sheet(
            title: "Story",
            releases: ["1.3.0", "1.2.0", "1.1.0"].map { version in
                Sheet.Release(
                    version: version, date: nil, title: version, summary: nil,
                    sections: [
                        Sheet.Section(
                            kind: .added, icon: nil, symbol: nil, color: nil, title: "Added", summary: nil, html: "",
                            items: [version], line: 1)
                    ])
            })
        var store = InMemorySeenStore(SeenRecord(lastSeen: SeenVersion(version: "1.1.0")))
        store.setOptedOut(true)
        let out = PresentationPolicy().decide(
            for: sheet, current: SeenVersion(version: "1.2.0"), store: store, isFreshInstall: false)
        #expect(out.reason == .optedOut)
        store.record(out)
        store.setOptedOut(false)
        let back = PresentationPolicy().decide(
            for: sheet, current: SeenVersion(version: "1.3.0"), store: store, isFreshInstall: false)
        #expect(back.shown == ["1.3.0"])
    }

    /// Running versions as Info.plist values and build scripts give them.
    @Test func runningVersionsAreTrimmed() {
        #expect(
            SeenVersion(info: ["CFBundleShortVersionString": "1.4.0\n", "CFBundleVersion": " 42 "])
                == SeenVersion(version: "1.4.0", build: "42"))
        #expect(SeenVersion(info: ["CFBundleVersion": "42"]) == nil)
        #expect(SeenVersion(info: ["CFBundleShortVersionString": "1.4.0", "CFBundleVersion": ""])?.build == nil)
    }
}

/// Two devices sharing one iCloud record: what `CloudSeenStore` saves (it builds only on Apple's
/// platforms; the merge it applies is tested here).
struct SharedRecordTests {
    @Test func aStaleDeviceDoesNotUndoTheOther() throws {
        // The iPad ran 2.0 and was shown it; the iPhone, which loaded the record at 1.8, runs 1.9.
        let stored = SeenRecord(lastSeen: SeenVersion(version: "2.0"), presented: ["2.0", "1.8"])
        let phone = SeenRecord(lastSeen: SeenVersion(version: "1.9"), presented: ["1.9", "1.8"])
        let saved = phone.merged(over: stored)
        #expect(saved.lastSeen == SeenVersion(version: "2.0"))
        #expect(saved.presented == ["1.9", "1.8", "2.0"])
        // A reset clears what is stored; an opt-out is the saving device's word.
        #expect(SeenRecord().merged(over: stored).isEmpty)
        #expect(SeenRecord(lastSeen: SeenVersion(version: "1.9"), isOptedOut: true).merged(over: stored).isOptedOut)
    }

    /// A record saved as JSON by hand or by an earlier version decodes with what it lacks empty.
    @Test func aRecordWithoutItsNewerKeysDecodes() throws {
        let record = try JSONDecoder().decode(SeenRecord.self, from: Data(#"{"lastSeen": {"version": "1.4.0"}}"#.utf8))
        #expect(record == SeenRecord(lastSeen: SeenVersion(version: "1.4.0")))
    }
}
