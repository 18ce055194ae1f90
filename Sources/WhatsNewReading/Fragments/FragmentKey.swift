import WhatsNewModel

/// The keys a fragment's front matter takes.
enum FragmentKey: String, CaseIterable {
    case kind, title, icon, color, summary, link, id, issue, pr, breaking

    static let names = allCases.map(\.rawValue)
}
