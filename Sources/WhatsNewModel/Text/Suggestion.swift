/// "Did you mean …?": the known names nearest to one that is not known, by one rule wherever
/// a name can be mistyped (a kind, a key, an icon, an audience).
///
/// A name is near when at most a third of its letters (at least two) must change to make it,
/// keeping one letter at least, or when one starts with the other (`sec` for `security`, three letters at least); case
/// does not count.
package enum Suggestion {
    /// The one wording of a suggestion, for every message that makes one: "did you mean `x`?",
    /// or "did you mean `a` or `b`?" for names equally near; nil when there is none to make.
    package static func question(_ names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        return "did you mean \(names.map { "`\($0)`" }.joined(separator: " or "))?"
    }

    /// The suggestion for `name`: the nearest known name asked about, or nil when none is near.
    package static func question(for name: String, among known: some Sequence<String>) -> String? {
        question(nearest(to: name, among: known).map { [$0] } ?? [])
    }

    /// The nearest known name, the first listed among equally near ones; nil when none is near.
    package static func nearest(to name: String, among known: some Sequence<String>) -> String? {
        closest(to: name, among: known, limit: 1).first
    }

    /// The known names nearest to `name`, as many as are equally near (at most `limit`), in
    /// the order listed: one near miss is a better hint than three far ones.
    package static func closest(to name: String, among known: some Sequence<String>, limit: Int = 3) -> [String] {
        let wanted = name.lowercased()
        guard !wanted.isEmpty else { return [] }
        let threshold = max(2, wanted.count / 3)
        var best = Int.max
        var found: [String] = []
        var prefixed: [String] = []
        for candidate in known {
            let lowered = candidate.lowercased()
            // Far longer or shorter names cannot be near; skip the distance.
            if abs(lowered.count - wanted.count) <= threshold {
                let distance = editDistance(lowered, wanted)
                // Every letter of the shorter name replaced is a different name, not a typo of it.
                if distance <= threshold, distance <= best, distance < min(lowered.count, wanted.count) {
                    if distance < best { found.removeAll() }
                    best = distance
                    found.append(candidate)
                    continue
                }
            }
            if min(lowered.count, wanted.count) >= 3, lowered.hasPrefix(wanted) || wanted.hasPrefix(lowered) {
                prefixed.append(candidate)
            }
        }
        return Array((found.isEmpty ? prefixed : found).prefix(limit))
    }

    /// Levenshtein distance: the insertions, deletions and substitutions between two names.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
