import Foundation
import WhatsNewSchema
import WhatsNewSeenStores

// One launch of an app: `Launches SUITE SHEET.json VERSION` reads what the user saw from the
// UserDefaults suite, decides for VERSION with the default policy, saves the record, and prints
// the decision. Run twice, the second launch must read what the first saved. With
// `--across-actors` last, it launches three times over the suite instead: from an actor, a
// `@MainActor` model and a detached task.
let arguments = Array(CommandLine.arguments.dropFirst())
guard (3...4).contains(arguments.count), let defaults = UserDefaults(suiteName: arguments[0]) else {
    FileHandle.standardError.write(Data("usage: Launches SUITE SHEET.json VERSION [--across-actors]\n".utf8))
    exit(2)
}
let sheet = try JSONDecoder().decode(Sheet.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
if arguments.count == 4 {
    for line in await launchesAcrossActors(sheet, suite: arguments[0], running: arguments[2]) { print(line) }
    exit(0)
}
let store = UserDefaultsSeenStore(defaults: defaults)
let decision = PresentationPolicy().decide(
    for: sheet, current: SeenVersion(version: arguments[2]), store: store, isFreshInstall: false)
store.save(decision.record)
print(decision)
