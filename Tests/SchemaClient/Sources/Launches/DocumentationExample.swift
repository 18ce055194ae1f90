import Foundation
import WhatsNewSchema
import WhatsNewSeenStores

// The examples of the README and the widgets article that use the stores, compiled here as an
// app compiles them (WhatsNewCLITests builds this package); DocumentationExamplesTests checks
// that the pages show exactly this code. Never called.

/// The README's example.
func readmeExample(data: Data, running: SeenVersion, isNewUser: Bool) throws -> Sheet? {
    var whatsNew: Sheet?
    let sheet = try JSONDecoder().decode(Sheet.self, from: data)
    var store = UserDefaultsSeenStore()  // WhatsNewSeenStores: what this user has seen
    let decision = PresentationPolicy().decide(for: sheet, current: running, store: store, isFreshInstall: isNewUser)
    whatsNew = decision.sheet  // nil when nothing shows; print(decision) says why
    store.record(decision)
    return whatsNew
}

/// The widgets article's example.
func widgetsArticleExample(data: Data, appGroup: String, policy: PresentationPolicy, running: SeenVersion) throws
    -> Sheet?
{
    let sheet = try JSONDecoder().decode(Sheet.self, from: data)
    let store = UserDefaultsSeenStore(defaults: UserDefaults(suiteName: appGroup) ?? .standard)
    let decision = policy.decide(for: sheet, current: running, store: store, isFreshInstall: false)
    let unseen = decision.sheet  // the app's policy over the app's record; nil when nothing is new
    return unseen
}

/// The presentation article's examples: reading a decision, a tester's policy, the opt-out switch.
func presentationArticleExamples(sheet: Sheet, running: SeenVersion, store: UserDefaultsSeenStore) -> [String] {
    let policy = PresentationPolicy()
    let decision = policy.decide(for: sheet, current: running, store: store, isFreshInstall: false)
    print(decision)  // "shows 1.4.0 (new releases); skipped 1.4.1 (only fixes)"
    let versions = decision.shown  // ["1.4.0"], newest first
    let onlyFixes = decision.skipped.filter { $0.rule == .onlyFixes }.map(\.version)  // ["1.4.1"]
    if case .skippedAll(let skipped) = decision.reason {
        print("nothing new enough to show:", skipped)
    }
    return versions + onlyFixes
}

func testerPolicyExample(sheet: Sheet, running: SeenVersion, store: UserDefaultsSeenStore) -> PresentationDecision {
    let tester = PresentationPolicy(trigger: .build, includesUnreleased: true)
    let decision = tester.decide(for: sheet, current: running, store: store, isFreshInstall: false)
    return decision
}

func optOutExample() -> Bool {
    var preferences = UserDefaultsSeenStore()
    preferences.setOptedOut(true)  // "Don't show What's New"
    let optedOut = preferences.isOptedOut
    return optedOut
}

/// The JSON article's example of notes fetched from a server.
func fetchedNotesExample(fetched: Data, running: SeenVersion, store: UserDefaultsSeenStore) throws -> Sheet? {
    var whatsNew: Sheet?
    do {
        let sheet = try JSONDecoder().decode(Sheet.self, from: fetched)
        let decision = PresentationPolicy().decide(for: sheet, current: running, store: store, isFreshInstall: false)
        whatsNew = decision.sheet  // only releases up to the version the user runs
    } catch let error as UnsupportedSchema {
        print(error)  // "What's New JSON of schema 2: this WhatsNewSchema reads schema 1; …"
    }
    return whatsNew
}
