import WhatsNewSchema

// The policy and a store used as an app under Swift 6's checks uses them: kept by an actor,
// by a `@MainActor` model, and sent to a detached task. The package builds with no warning;
// `--concurrency` runs it.

/// An app's own store, as a team with its own persistence writes one: a value, so `Sendable`.
struct AppSeenStore: SeenStore {
    var record = SeenRecord()
    func load() -> SeenRecord { record }
    mutating func save(_ record: SeenRecord) { self.record = record }
}

/// A launch coordinator that owns the store.
actor LaunchCoordinator {
    private var store: any SeenStore
    private let policy = PresentationPolicy()

    init(store: any SeenStore) { self.store = store }

    func decide(_ sheet: Sheet, running: SeenVersion) -> PresentationDecision {
        let decision = policy.decide(for: sheet, current: running, record: store.load(), isFreshInstall: false)
        store.record(decision)
        return decision
    }

    func record() -> SeenRecord { store.load() }
}

/// A SwiftUI-style model: main-actor isolated, holding the sheet to present.
@MainActor final class WhatsNewModel {
    var presented: Sheet?
    private var store = InMemorySeenStore()

    func launch(_ sheet: Sheet, running: SeenVersion) {
        let decision = PresentationPolicy().decide(for: sheet, current: running, store: store, isFreshInstall: false)
        presented = decision.sheet
        store.record(decision)
    }
}

/// One decision from each place an app makes it; prints what each showed.
func concurrencyExample(_ sheet: Sheet, seen: String, running: String) async {
    let start = SeenRecord(lastSeen: SeenVersion(version: seen))
    let coordinator = LaunchCoordinator(store: AppSeenStore(record: start))
    let fromActor = await coordinator.decide(sheet, running: SeenVersion(version: running))
    let model = WhatsNewModel()
    await model.launch(sheet, running: SeenVersion(version: running))
    let store: any SeenStore = InMemorySeenStore(start)
    let detached = await Task.detached {
        PresentationPolicy().decide(
            for: sheet, current: SeenVersion(version: running), store: store, isFreshInstall: false)
    }.value
    let presentedByModel = await model.presented?.releases.first?.version ?? "-"
    print(
        "actor: \(fromActor.shown) model: \(presentedByModel) detached: \(detached.shown) record: \(await coordinator.record().presented)"
    )
}
