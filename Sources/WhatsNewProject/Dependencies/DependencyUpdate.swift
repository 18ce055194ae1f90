import WhatsNewModel

/// How one dependency moved between two lockfiles: from a version to another, added, or
/// removed. A dependency pinned at several versions on a side (npm, Cargo) is compared by its
/// versions that are not on both sides: the newest that went, to the newest that came.
package struct DependencyUpdate: Sendable, Hashable {
    package var name: String
    /// Nil when the dependency is new.
    package var from: LockedDependency?
    /// Nil when the dependency went.
    package var to: LockedDependency?

    /// How far the version moved, as SemVer reads the numbers.
    package enum Step: String, Sendable {
        case major, minor, patch
        /// Numbers the same, the rest not (a pre-release, a build), or a commit pinned: the text changed.
        case other
        case downgrade
        case added, removed
    }

    package var step: Step {
        guard let from else { return .added }
        guard let to else { return .removed }
        guard let old = from.releaseVersion, let new = to.releaseVersion else { return .other }
        if new < old { return .downgrade }
        guard let difference = ReleaseVersion.firstDifference(old.numbers, new.numbers) else { return .other }
        return difference.position == 0 ? .major : difference.position == 1 ? .minor : .patch
    }

    /// Whether SemVer calls the step breaking: the first number moves, or below 1.0.0 the
    /// first one that is not 0 (Cargo's and npm's caret reading); a downgrade takes back what
    /// code may already use.
    package var crossesMajor: Bool {
        guard let from, let to, let old = from.releaseVersion, let new = to.releaseVersion,
            let difference = ReleaseVersion.firstDifference(old.numbers, new.numbers)
        else { return false }
        if new < old { return true }
        let leading = old.numbers.firstIndex { $0 != 0 } ?? old.numbers.count
        return difference.position <= leading
    }

    /// The updates from `old` to `new`, in name order: each name whose versions differ.
    package static func between(_ old: [LockedDependency], _ new: [LockedDependency]) -> [DependencyUpdate] {
        let before = Dictionary(grouping: old, by: \.name)
        let after = Dictionary(grouping: new, by: \.name)
        var updates: [DependencyUpdate] = []
        for name in Set(before.keys).union(after.keys).sorted() {
            let was = before[name] ?? []
            let now = after[name] ?? []
            let wasVersions = Set(was.map(\.version))
            let nowVersions = Set(now.map(\.version))
            let gone = was.filter { !nowVersions.contains($0.version) }
            let came = now.filter { !wasVersions.contains($0.version) }
            switch (newest(gone), newest(came)) {
            case (nil, nil): continue
            case (let from?, nil):
                // Still pinned at other versions: one of its copies went, the package stayed.
                if now.isEmpty { updates.append(DependencyUpdate(name: name, from: from, to: nil)) }
            case (nil, let to?):
                // A newer version beside an old one that stays (a nested copy still wants it):
                // the package moved to it.
                let from = newest(was)
                if from.map({ ReleaseVersion($0.version) != nil && isOlder($0, to) }) ?? true {
                    updates.append(DependencyUpdate(name: name, from: from, to: to))
                }
            case (let from?, let to?):
                updates.append(DependencyUpdate(name: name, from: from, to: to))
            }
        }
        return updates
    }

    private static func newest(_ pins: [LockedDependency]) -> LockedDependency? { pins.max(by: isOlder) }

    /// Version order; a version that is none (a commit) before every version, then by its text.
    private static func isOlder(_ left: LockedDependency, _ right: LockedDependency) -> Bool {
        switch (ReleaseVersion(left.version), ReleaseVersion(right.version)) {
        case (let one?, let other?): one < other
        case (nil, .some): true
        case (.some, nil): false
        case (nil, nil): left.version < right.version
        }
    }
}
