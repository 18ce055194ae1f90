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
        /// The heading's index among the blocks.
        var index: Int
        var level: Int
        /// The heading's plain text.
        var text: String
        var role: HeadingRole
    }

    /// Every heading, in block order.
    private(set) var list: [Heading] = []
    /// For each block that is a heading, its position in `list`.
    private var positions: [Int: Int] = [:]
    private(set) var releaseLevel: Int?

    init(blocks: [Block]) {
        for (index, block) in blocks.enumerated() {
            guard case .heading(let level, let inlines) = block.content else { continue }
            let text = PlainText.of(inlines)
            positions[index] = list.count
            list.append(Heading(index: index, level: level, text: text, role: HeadingClassifier.role(of: text)))
        }
        releaseLevel = Self.mostCommonLevel(of: list)
        settleDoubtfulReleases()
        settleSeries(blocks: blocks)
    }

    /// The heading that block `index` is, if it is one.
    func heading(at index: Int) -> Heading? {
        positions[index].map { list[$0] }
    }

    /// Whether the notes have any release headings at all.
    var hasReleases: Bool {
        list.contains { heading in
            switch heading.role {
            case .release, .unreleased, .dateOnly: true
            case .series, .other: false
            }
        }
    }

    private static func mostCommonLevel(of headings: [Heading]) -> Int? {
        var counts: [Int: Int] = [:]
        for heading in headings {
            if case .release(let release) = heading.role, !release.isWeak {
                counts[heading.level, default: 0] += 1
            }
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    private mutating func settleDoubtfulReleases() {
        var enclosing: (level: Int, version: Version)?
        for index in list.indices {
            let heading = list[index]
            let level = heading.level
            switch heading.role {
            case .release(let release):
                if release.isWeak, level != releaseLevel {
                    list[index].role = .other
                } else if let enclosing, enclosing.level < level, enclosing.version == release.version {
                    list[index].role = .other  // `### v1.9.0 (2021-12-31) Changes` under `## v1.9.0`
                } else if release.date == nil, let releaseLevel, level > releaseLevel,
                    enclosing.map({ $0.level < level && !Self.continues(release.version, $0.version) }) ?? false
                {
                    list[index].role = .other
                } else {
                    enclosing = (level, release.version)
                }
            case .unreleased:
                if let releaseLevel, level > releaseLevel { list[index].role = .other }
            default:
                break
            }
        }
    }

    private mutating func settleSeries(blocks: [Block]) {
        for position in list.indices.dropLast() {
            let (heading, child) = (list[position], list[position + 1])
            guard case .release(let release) = heading.role, case .release(let childRelease) = child.role,
                child.level > heading.level, Self.extends(childRelease.version, release.version),
                blocks[(heading.index + 1)..<child.index].allSatisfy({ !Self.isContent($0) })
            else { continue }
            list[position].role = .series
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
