/// Every heading's role, settled by looking at the headings together rather than one by one.
///
/// The level most releases use is the release level. A bare number (`polkit 122`) is a
/// release only at that level; an undated version deeper down is a release only when it
/// continues the enclosing release's series (`### 1.2.1` under `## 1.2.0`, not `#### Xcode 15.3`
/// under `## Swift 5.10`); a version heading whose first child is a release continuing it
/// (`OpenSSL 3.0` over `3.0.19`) is a series, not a release.
struct HeadingOutline {
    /// A heading as the reader needs it: read once, here.
    struct Heading {
        var level: Int
        /// The heading's plain text.
        var text: String
        var role: HeadingRole
    }

    /// Every heading, by its index among the blocks.
    private(set) var headings: [Int: Heading] = [:]
    private(set) var releaseLevel: Int?

    init(blocks: [SourceBlock]) {
        var found: [(index: Int, level: Int, text: String)] = []
        for (index, source) in blocks.enumerated() {
            guard case .heading(let level, let inlines) = source.block.content else { continue }
            found.append((index, level, PlainText.of(inlines)))
        }
        let roles = Self.roles(of: found.map(\.text))
        for heading in found {
            headings[heading.index] = Heading(
                level: heading.level, text: heading.text, role: roles[heading.text] ?? .other)
        }
        releaseLevel = Self.mostCommonLevel(of: headings)
        settleDoubtfulReleases()
        settleSeries(blocks: blocks)
    }

    /// Each distinct text classified once (`### Fixed` repeats in every release), a large
    /// changelog's share out over the cores.
    private static func roles(of texts: [String]) -> [String: HeadingRole] {
        var seen: Set<String> = []
        let distinct = texts.filter { seen.insert($0).inserted }
        let classified = ParallelWork.map(distinct, minimum: 256, HeadingClassifier.role(of:))
        return Dictionary(uniqueKeysWithValues: zip(distinct, classified))
    }

    /// Whether the notes have any release headings at all.
    var hasReleases: Bool {
        headings.values.contains { heading in
            switch heading.role {
            case .release, .unreleased, .dateOnly: true
            case .series, .other: false
            }
        }
    }

    private static func mostCommonLevel(of headings: [Int: Heading]) -> Int? {
        var counts: [Int: Int] = [:]
        for heading in headings.values {
            if case .release(let release) = heading.role, !release.isWeak {
                counts[heading.level, default: 0] += 1
            }
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    private mutating func settleDoubtfulReleases() {
        var enclosing: (level: Int, version: Version)?
        for index in headings.keys.sorted() {
            guard let heading = headings[index] else { continue }
            let level = heading.level
            switch heading.role {
            case .release(let release):
                if release.isWeak, level != releaseLevel {
                    headings[index]?.role = .other
                } else if let enclosing, enclosing.level < level, enclosing.version == release.version {
                    headings[index]?.role = .other  // `### v1.9.0 (2021-12-31) Changes` under `## v1.9.0`
                } else if release.date == nil, let releaseLevel, level > releaseLevel,
                    enclosing.map({ $0.level < level && !Self.continues(release.version, $0.version) }) ?? false
                {
                    headings[index]?.role = .other
                } else {
                    enclosing = (level, release.version)
                }
            case .unreleased:
                if let releaseLevel, level > releaseLevel { headings[index]?.role = .other }
            default:
                break
            }
        }
    }

    private mutating func settleSeries(blocks: [SourceBlock]) {
        let indices = headings.keys.sorted()
        for (position, index) in indices.enumerated() where position + 1 < indices.count {
            let next = indices[position + 1]
            guard let heading = headings[index], case .release(let release) = heading.role,
                let child = headings[next], case .release(let childRelease) = child.role,
                child.level > heading.level, Self.extends(childRelease.version, release.version),
                blocks[(index + 1)..<next].allSatisfy({ !Self.isContent($0.block) })
            else { continue }
            headings[index]?.role = .series
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
