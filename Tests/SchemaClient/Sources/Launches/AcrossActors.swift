import Foundation
import WhatsNewSchema
import WhatsNewSeenStores

// UserDefaultsSeenStore used where an app uses it under Swift 6's checks: kept by an actor, by
// a `@MainActor` model, and sent to a detached task, one after another over one suite.

/// A launch coordinator that owns a store.
actor StoreCoordinator {
    private var store: UserDefaultsSeenStore

    init(store: UserDefaultsSeenStore) { self.store = store }

    func launch(_ sheet: Sheet, running: SeenVersion) -> PresentationDecision {
        let decision = PresentationPolicy().decide(for: sheet, current: running, store: store, isFreshInstall: false)
        store.record(decision)
        return decision
    }
}

/// A SwiftUI-style model, main-actor isolated.
@MainActor final class StoreModel {
    private var store: any SeenStore
    var presented: Sheet?

    init(store: any SeenStore) { self.store = store }

    func launch(_ sheet: Sheet, running: SeenVersion) -> PresentationDecision {
        let decision = PresentationPolicy().decide(for: sheet, current: running, store: store, isFreshInstall: false)
        presented = decision.sheet
        store.record(decision)
        return decision
    }
}

/// Three launches of `running`, from an actor, a `@MainActor` model and a detached task.
func launchesAcrossActors(_ sheet: Sheet, suite: String, running: String) async -> [String] {
    let store = UserDefaultsSeenStore(defaults: UserDefaults(suiteName: suite) ?? .standard)
    let version = SeenVersion(version: running)
    let fromActor = await StoreCoordinator(store: store).launch(sheet, running: version)
    let fromModel = await StoreModel(store: store).launch(sheet, running: version)
    let fromTask = await Task.detached {
        var store = store
        let decision = PresentationPolicy().decide(for: sheet, current: version, store: store, isFreshInstall: false)
        store.record(decision)
        return decision
    }.value
    return ["actor: \(fromActor)", "model: \(fromModel)", "detached: \(fromTask)"]
}
