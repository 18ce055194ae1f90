import Foundation
import Testing
import WhatsNewSchema

/// The JSON an app bundles, written as CI writes it, and decided on as the app decides: the
/// release a build was cut for shows to the user who runs it, though the JSON was made before
/// the release's date and calls it scheduled.
struct AppNotesTests {
    static let notes = """
        # Lantern

        ## [Unreleased]

        ### Added

        - Trails

        ## [2.1.0] - 2024-11-02

        ### Added

        - Offline maps

        ## [2.0.0] - 2024-10-01

        ### Added

        - Sync
        """

    private func sheet(today: String) throws -> Sheet {
        let run = try WhatsNewBinary.run(
            ["-", "--format", "json", "--release", "all", "--today", today], stdin: Self.notes)
        try #require(run.status == 0, "\(run.stderr)")
        return try JSONDecoder().decode(Sheet.self, from: Data(run.stdout.utf8))
    }

    @Test func theBuildCutTheDayBeforeShowsItsOwnRelease() throws {
        let cut = try sheet(today: "2024-11-01")
        #expect(cut.releases.map(\.scheduled) == [false, true, false])
        let decision = PresentationPolicy().decide(
            for: cut, current: SeenVersion(version: "2.1.0"), lastSeen: SeenVersion(version: "2.0.0"),
            isFreshInstall: false)
        #expect(decision.description == "shows 2.1.0 (new releases)")
        // Made after the release, the same answer.
        let later = try sheet(today: "2024-11-03")
        #expect(
            PresentationPolicy().decide(
                for: later, current: SeenVersion(version: "2.1.0"), lastSeen: SeenVersion(version: "2.0.0"),
                isFreshInstall: false
            ).description == "shows 2.1.0 (new releases)")
    }

    @Test func aTestersBuildShowsTheReleaseInProgress() throws {
        let cut = try sheet(today: "2024-11-01")
        let tester = PresentationPolicy(includesUnreleased: true)
        let decision = tester.decide(
            for: cut, current: SeenVersion(version: "2.1.0 (310)"), lastSeen: SeenVersion(version: "2.0.0"),
            isFreshInstall: false)
        #expect(decision.shown == ["Unreleased", "2.1.0"])
        #expect(decision.sheet?.releases.first?.sections.first?.items == ["Trails", "Offline maps"])
        #expect(decision.record.presented == ["2.1.0"], "the changes in progress show again once released")
        #expect(decision.record.lastSeen == SeenVersion(version: "2.1.0", build: "310"))
    }
}
