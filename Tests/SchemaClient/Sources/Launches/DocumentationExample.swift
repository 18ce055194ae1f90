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
func widgetsArticleExample(data: Data, appGroup: String) throws -> Sheet {
    let sheet = try JSONDecoder().decode(Sheet.self, from: data)
    let seen = UserDefaultsSeenStore(defaults: UserDefaults(suiteName: appGroup) ?? .standard).lastSeen
    let unseen = sheet.whatsNew(since: seen?.version)  // the app's record, read by its widget
    return unseen
}
