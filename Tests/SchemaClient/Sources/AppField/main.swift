import Foundation
import WhatsNewSchema

// The in-app field run (Tests/Field/in-app.py writes its input): `AppField ROOT` reads, for each
// folder under ROOT (one changelog), `now.json` (the JSON made today) and `before-DATE.json`
// (made the day before DATE, a release's date, so that release is scheduled there), and
// decides as an app would, with the schema alone:
//
// - every released version as the running one, with nothing seen (a first look) and after
//   updates from one and from two versions back, under the default policy and under one that
//   lets every release through;
// - each dated release as the running one, after the version before it, in the JSON made the
//   day before its date.
//
// Under the policy that lets every release through, a running version's own notes must show
// (unless they say `show: never` or hold nothing); under any policy, nothing newer than the
// running version nor older than the last seen may show, and the record must move to the
// running version. Prints the figures, then each problem; exits 1 when there is one.

struct Figures {
    var changelogs = 0
    var releases = 0
    var decisions = 0
    var shown = 0
    var hiddenOwnNotes = 0
    var scheduledRuns = 0
    var reasons: [String: Int] = [:]
    var problems: [String] = []
}

/// Lets every release through: what a user must see at the least is their running version's notes.
let everything = PresentationPolicy(
    minimumBump: .patch, showsOnFreshInstall: true, showsFixOnlyReleases: true, showsPreReleases: true,
    maximumReleases: Int.max)

func reasonName(_ reason: PresentationDecision.Reason) -> String {
    switch reason {
    case .newReleases: "new releases"
    case .firstLook: "first look"
    case .noNotesOnFirstLook: "no notes on first look"
    case .reCutBuild: "re-cut build"
    case .optedOut: "opted out"
    case .freshInstall: "fresh install"
    case .alreadySeen: "already seen"
    case .noNotes: "no notes"
    case .skippedAll: "every release left out"
    case .notAVersion: "not a version"
    }
}

/// Whether a release has notes a user could be shown, by its own word.
func hasOwnNotes(_ release: Sheet.Release) -> Bool {
    release.show != .never && (!release.sections.isEmpty || release.summary != nil)
}

func check(
    _ decision: PresentationDecision, running: ReleaseVersion, seen: ReleaseVersion?, label: String,
    figures: inout Figures
) {
    figures.decisions += 1
    figures.reasons[reasonName(decision.reason), default: 0] += 1
    if decision.shows { figures.shown += 1 }
    for version in decision.shown {
        guard let shown = ReleaseVersion(version) else { continue }
        if shown.compare(to: running) == .newer {
            figures.problems.append("\(label): shows \(version), newer than the running \(running)")
        }
        if let seen, shown.compare(to: seen) != .newer {
            figures.problems.append("\(label): shows \(version), not after the last seen \(seen)")
        }
    }
    let recorded = decision.record.lastSeen.flatMap { ReleaseVersion($0.version) }
    if recorded.map({ $0.compare(to: running) != .same }) ?? true {
        figures.problems.append("\(label): the record holds \(decision.record.lastSeen?.description ?? "nothing")")
    }
}

/// The released versions of a sheet, oldest first, one per precedence, with a release of each.
func versions(of sheet: Sheet) -> [(version: ReleaseVersion, release: Sheet.Release)] {
    var found: [(ReleaseVersion, Sheet.Release)] = []
    for release in sheet.releases where !release.unreleased && !release.scheduled {
        guard let text = release.version, let version = ReleaseVersion(text) else { continue }
        if !found.contains(where: { $0.0.compare(to: version) == .same }) { found.append((version, release)) }
    }
    return found.sorted { $0.0 < $1.0 }
}

/// Whether the running version's own release is among what shows.
func includesOwn(_ decision: PresentationDecision, running: ReleaseVersion) -> Bool {
    decision.shown.contains { ReleaseVersion($0).map { $0.compare(to: running) == .same } ?? false }
}

let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
var figures = Figures()
let decoder = JSONDecoder()
let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
for name in folders {
    let folder = root.appendingPathComponent(name)
    guard let data = try? Data(contentsOf: folder.appendingPathComponent("now.json")) else { continue }
    let sheet = try decoder.decode(Sheet.self, from: data)
    let released = versions(of: sheet)
    figures.changelogs += 1
    figures.releases += released.count
    for (index, (running, release)) in released.enumerated() {
        let current = SeenVersion(version: running.text)
        for policy in [PresentationPolicy(), everything] {
            let first = policy.decide(for: sheet, current: current, lastSeen: nil, isFreshInstall: false)
            check(first, running: running, seen: nil, label: "\(name) \(running) first look", figures: &figures)
            for back in [1, 2] where index >= back {
                let seen = released[index - back].version
                let decision = policy.decide(
                    for: sheet, current: current, lastSeen: SeenVersion(version: seen.text), isFreshInstall: false)
                let label = "\(name) \(running) after \(seen)"
                check(decision, running: running, seen: seen, label: label, figures: &figures)
                if policy == everything, hasOwnNotes(release), !includesOwn(decision, running: running) {
                    figures.hiddenOwnNotes += 1
                    figures.problems.append("\(name) \(running) after \(seen): its own notes hidden (\(decision))")
                }
            }
        }
    }
    // JSON made the day before each release's date: that release is scheduled there.
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasPrefix("before-") && $0.hasSuffix(".json")
    }.sorted()
    for file in before {
        let early = try decoder.decode(Sheet.self, from: Data(contentsOf: folder.appendingPathComponent(file)))
        let date = String(file.dropFirst(7).dropLast(5))
        for (index, (running, release)) in released.enumerated() where release.date == date && index > 0 {
            guard early.releases.contains(where: { $0.version == release.version && $0.scheduled }) else { continue }
            figures.scheduledRuns += 1
            let seen = released[index - 1].version
            for policy in [PresentationPolicy(), everything] {
                let decision = policy.decide(
                    for: early, current: SeenVersion(version: running.text), lastSeen: SeenVersion(version: seen.text),
                    isFreshInstall: false)
                let label = "\(name) \(running) after \(seen), JSON of the day before"
                check(decision, running: running, seen: seen, label: label, figures: &figures)
                if policy == everything, hasOwnNotes(release), !includesOwn(decision, running: running) {
                    figures.hiddenOwnNotes += 1
                    figures.problems.append("\(label): its own notes hidden (\(decision))")
                }
            }
        }
    }
}
print(
    "\(figures.changelogs) changelogs, \(figures.releases) released versions, \(figures.decisions) decisions "
        + "(\(figures.shown) show a sheet), \(figures.scheduledRuns) releases run from JSON made the day before")
for (reason, count) in figures.reasons.sorted(by: { $0.value > $1.value }) { print("  \(reason): \(count)") }
print("\(figures.hiddenOwnNotes) running versions whose own notes are hidden")
for problem in figures.problems.prefix(40) { print("problem: \(problem)") }
print("\(figures.problems.count) problems")
exit(figures.problems.isEmpty ? 0 : 1)
