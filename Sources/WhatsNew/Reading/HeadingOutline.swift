/// Every heading's role, settled by looking at the headings together rather than one by one.
///
/// The level most releases use is the release level. A bare number (`polkit 122`) is a
/// release only at that level; an undated version deeper down is a release only when it
/// continues the enclosing release's series (`### 1.2.1` under `## 1.2.0`, not `#### Xcode 15.3`
/// under `## Swift 5.10`); a version heading whose first child is a release continuing it
/// (`OpenSSL 3.0` over `3.0.19`) is a series, not a release.
struct HeadingOutline {
    private(set) var roles: [Int: HeadingRole] = [:]
    private(set) var levels: [Int: Int] = [:]
    private(set) var releaseLevel: Int?

    init(blocks: [SourceBlock]) {
        for (index, source) in blocks.enumerated() {
            guard case .heading(let level, let inlines) = source.block.content else { continue }
            roles[index] = HeadingClassifier.role(of: PlainText.of(inlines))
            levels[index] = level
        }
        releaseLevel = Self.mostCommonLevel(of: roles, levels: levels)
        settleDoubtfulReleases()
        settleSeries(blocks: blocks)
    }

    /// Whether the notes have any release headings at all.
    var hasReleases: Bool {
        roles.values.contains { role in
            switch role {
            case .release, .unreleased, .dateOnly: true
            case .series, .other: false
            }
        }
    }

    private static func mostCommonLevel(of roles: [Int: HeadingRole], levels: [Int: Int]) -> Int? {
        var counts: [Int: Int] = [:]
        for (index, role) in roles {
            if case .release(let release) = role, !release.isWeak, let level = levels[index] {
                counts[level, default: 0] += 1
            }
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    private mutating func settleDoubtfulReleases() {
        var enclosing: (level: Int, version: Version)?
        for index in roles.keys.sorted() {
            guard let level = levels[index] else { continue }
            switch roles[index] {
            case .release(let release):
                if release.isWeak, level != releaseLevel {
                    roles[index] = .other
                } else if let enclosing, enclosing.level < level, enclosing.version == release.version {
                    roles[index] = .other  // `### v1.9.0 (2021-12-31) Changes` under `## v1.9.0`
                } else if release.date == nil, let releaseLevel, level > releaseLevel,
                    enclosing.map({ $0.level < level && !Self.continues(release.version, $0.version) }) ?? false
                {
                    roles[index] = .other
                } else {
                    enclosing = (level, release.version)
                }
            case .unreleased:
                if let releaseLevel, level > releaseLevel { roles[index] = .other }
            default:
                break
            }
        }
    }

    private mutating func settleSeries(blocks: [SourceBlock]) {
        let headings = roles.keys.sorted()
        for (position, index) in headings.enumerated() {
            guard case .release(let release) = roles[index], let level = levels[index],
                position + 1 < headings.count
            else { continue }
            let next = headings[position + 1]
            guard case .release(let child) = roles[next], let childLevel = levels[next], childLevel > level,
                Self.extends(child.version, release.version),
                blocks[(index + 1)..<next].allSatisfy({ !Self.isContent($0.block) })
            else { continue }
            roles[index] = .series
        }
    }

    /// `1.2.1` continues `1.2.0`'s series: the same major number.
    private static func continues(_ version: Version, _ enclosing: Version) -> Bool {
        version.numbers.first == enclosing.numbers.first
    }

    /// `3.0.19` extends `3.0`; `1.1.1w` extends `1.1.1`.
    private static func extends(_ child: Version, _ parent: Version) -> Bool {
        child.numbers.starts(with: parent.numbers)
            && (child.numbers.count > parent.numbers.count || (!child.prerelease.isEmpty && parent.prerelease.isEmpty))
    }

    private static func isContent(_ block: Block) -> Bool {
        switch block.content {
        case .html, .thematicBreak: false
        default: true
        }
    }
}
