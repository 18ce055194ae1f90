import WhatsNewModel

/// Every heading's role, settled by looking at the headings together rather than one by one.
///
/// The level most releases use is the release level. A bare number (`polkit 122`) is a
/// release only at that level; an undated version deeper down is a release only when it
/// continues the enclosing release's series (`### 1.2.1` under `## 1.2.0`, not `#### Xcode 15.3`
/// under `## Swift 5.10`); a version heading whose first child is a release continuing it
/// (`OpenSSL 3.0` over `3.0.19`) is a series, not a release.
struct HeadingOutline {
    /// A heading as the reader needs it, read once, here; or a paragraph that names a release
    /// (`v2.1.0 - March 3, 2024` over its list).
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
    private(set) var releaseLevel: Int?
    /// Headings whose role was settled by the blocks right after them, by block index.
    private(set) var contentDependentIndices: [Int] = []

    /// The outline of `blocks`; `roles` remembers each heading's role across readings of one
    /// file in part (a single reading classifies each heading once anyway, so it needs none).
    init(blocks: [Block], roles: HeadingRoleMemo? = nil) {
        var lines: [Int] = []  // paragraphs that may be release lines, read once the headings are known
        for (index, block) in blocks.enumerated() {
            switch block.content {
            case .heading(let level, let inlines):
                let text = PlainText.of(inlines)
                var role = Self.role(of: text, memo: roles)
                // `### 1.7.2 [See discussion](…)`: a link after the version annotates it.
                if role == .other, case .link? = inlines.last, inlines.count > 1 {
                    let lead = PlainText.of(Array(inlines.prefix { if case .link = $0 { false } else { true } }))
                    if case .release(let release) = HeadingClassifier.role(of: lead), !release.isWeak {
                        role = .release(release)
                    }
                }
                list.append(Heading(index: index, level: level, text: text, role: role))
            case .paragraph(let inlines) where Self.mayBeReleaseLine(inlines):
                lines.append(index)
            default:
                continue
            }
        }
        settleDocumentTitle()
        releaseLevel = Self.mostCommonLevel(of: list)
        addReleaseLines(lines, blocks: blocks, roles: roles)
        settleDoubtfulReleases()
        settleSeries(blocks: blocks)
    }

    private static func role(of text: String, memo: HeadingRoleMemo?) -> HeadingRole {
        memo?.role(of: text) ?? HeadingClassifier.role(of: text)
    }

    /// A short paragraph of one line: it might name a release.
    private static func mayBeReleaseLine(_ inlines: [Inline]) -> Bool {
        inlines.count <= 8 && !inlines.contains { $0 == .softBreak || $0 == .lineBreak }
    }

    /// Paragraphs that read as a release heading with a real version are releases where the
    /// file has no release headings, or where a heading lost its space before a list
    /// (`###4.0.0`); they take the release level.
    private mutating func addReleaseLines(_ candidates: [Int], blocks: [Block], roles: HeadingRoleMemo?) {
        guard !candidates.isEmpty else { return }
        let hasReleaseHeadings = list.contains { $0.role.namesRelease }
        var lines: [Heading] = []
        for index in candidates {
            guard case .paragraph(let inlines) = blocks[index].content else { continue }
            if hasReleaseHeadings {
                guard case .text(let first)? = inlines.first, first.hasPrefix("#"), index + 1 < blocks.count,
                    blocks[index + 1].isList
                else { continue }
            }
            let text = PlainText.of(inlines)
            guard text.utf8.count <= 100, text.utf8.contains(where: { (0x30...0x39).contains($0) }),
                case .release(let release) = Self.role(of: text, memo: roles), !release.isWeak
            else { continue }
            lines.append(
                Heading(index: index, level: releaseLevel ?? 7, text: text, role: .release(release)))
        }
        guard !lines.isEmpty else { return }
        // Both are in block order: merged, not sorted, so no heading is moved more than once.
        var merged: [Heading] = []
        merged.reserveCapacity(list.count + lines.count)
        var next = lines.startIndex
        for heading in list {
            while next < lines.endIndex, lines[next].index < heading.index {
                merged.append(lines[next])
                next += 1
            }
            merged.append(heading)
        }
        merged += lines[next...]
        list = merged
    }

    /// Headings that name a date alone, by block index.
    var dateHeadingIndices: [Int] {
        list.compactMap { heading in
            if case .dateOnly = heading.role { return heading.index }
            return nil
        }
    }

    /// Whether the notes have any release headings at all.
    var hasReleases: Bool {
        list.contains { $0.role.namesRelease || $0.role == .period }
    }

    /// `# Changelog for v1.2` alone at the top, over releases of its own at a deeper level,
    /// names the document (its title), not a release; alone, it is one release's notes.
    private mutating func settleDocumentTitle() {
        guard let first = list.first, first.level == 1, case .release = first.role,
            DocumentTitle.namesDocument(first.text),
            list.dropFirst().allSatisfy({ $0.level > 1 }),
            list.dropFirst().contains(where: { $0.role.namesRelease })
        else { return }
        list[0].role = .other
    }

    private static func mostCommonLevel(of headings: [Heading]) -> Int? {
        // By level, 1 to 7 (a release line takes 7 when no heading sets the level): counted in
        // place, each heading read where it stands rather than copied.
        var counts = [Int](repeating: 0, count: 8)
        for index in headings.indices where headings[index].role.isStrongRelease {
            counts[min(max(headings[index].level, 0), 7)] += 1
        }
        guard let most = counts.max(), most > 0 else { return nil }
        return counts.firstIndex(of: most)  // ties go to the shallower level
    }

    private mutating func settleDoubtfulReleases() {
        // The release enclosing the headings after it, by its place in `list`: headings are
        // read where they stand, as copying one retains a dozen references.
        var enclosing: Int?
        for index in list.indices {
            let level = list[index].level
            switch list[index].role {
            case .release(let release):
                if release.isWeak, level != releaseLevel {
                    list[index].role = .other
                } else if let outer = enclosing, list[outer].level < level, case .release(let above) = list[outer].role,
                    isInside(release, at: level, release: above)
                {
                    list[index].role = .other
                } else {
                    enclosing = index
                }
            case .unreleased:
                // Inside a release (`### Unreleased changes` under `## 1.4.0`) it is that release's
                // heading; above every release it is the release in progress, whatever its level
                // (semantic-release writes patches a level below minors: `## [3.0.1]` over `# [3.0.0]`).
                if let releaseLevel, level > releaseLevel, let outer = enclosing, list[outer].level < level {
                    list[index].role = .other
                }
            case .other, .period:
                // `## Older versions` closes the release above: versions under it are releases
                // of their own, not a change's heading inside it.
                if let outer = enclosing, level <= list[outer].level { enclosing = nil }
            default:
                break
            }
        }
    }

    /// Whether a version heading deeper than the release `above` belongs to it rather than
    /// being a release of its own.
    private func isInside(_ release: ReleaseHeading, at level: Int, release above: ReleaseHeading) -> Bool {
        if above.version == release.version { return true }  // `### v1.9.0 (2021-12-31) Changes` under `## v1.9.0`
        guard release.date == nil, let releaseLevel, level > releaseLevel else { return false }
        if !Self.continues(release.version, above.version) { return true }
        // `### What's New in Leaflet 2.0` under `## 2.0.0-alpha`: a feature's heading in prose,
        // not a release, unless the release above names the same product.
        if let product = release.product, above.product?.lowercased() != product.lowercased() { return true }
        return false
    }

    private mutating func settleSeries(blocks: [Block]) {
        for position in list.indices {
            // Most headings are releases with no release under them: passed without copying them.
            if position != 0, list[position].role.isRelease,
                position + 1 == list.count || !list[position + 1].role.isRelease
                    || list[position + 1].level <= list[position].level
            {
                continue
            }
            let heading = list[position]
            if heading.role == .series, heading.level == releaseLevel { contentDependentIndices.append(heading.index) }
            // `## 3.x` with its own changes under it, where releases stand, is a release.
            if heading.role == .series, heading.level == releaseLevel, heading.index + 1 < blocks.count,
                !blocks[heading.index + 1].isHeading, let version = VersionScanner.series(in: heading.text)
            {
                list[position].role = .release(
                    ReleaseHeading(
                        version: version, isWeak: false, date: nil, name: nil, product: nil, isUnreleased: false))
                continue
            }
            guard position + 1 < list.count else { continue }
            var child = list[position + 1]
            if position == 0, let next = list.indices.dropFirst().first(where: { list[$0].role.isRelease }),
                list[1..<next].allSatisfy({ $0.level > heading.level })
            {
                child = list[next]  // past the introduction's own headings
            }
            // `## 2021` or `## November 2021` over `### 1.4.0` groups releases.
            if heading.role == .period, child.level > heading.level, case .release = child.role {
                list[position].role = .series
                continue
            }
            // The file's first heading may hold an introduction before its series begins
            // (`# Changelog for Elixir v1.14`, highlights, then `## v1.14.0`): it is kept as such.
            guard case .release(let release) = heading.role, case .release(let childRelease) = child.role,
                child.level > heading.level, Self.extends(childRelease.version, release.version)
            else { continue }
            if position != 0 { contentDependentIndices.append(heading.index) }
            guard position == 0 || blocks[(heading.index + 1)..<child.index].allSatisfy({ !$0.isContent }) else {
                continue
            }
            list[position].role = .series
        }
    }

    /// `1.2.1` continues `1.2.0`'s series: the same major number.
    private static func continues(_ version: ReleaseVersion, _ enclosing: ReleaseVersion) -> Bool {
        version.numbers.first == enclosing.numbers.first
    }

    /// `3.0.19` extends `3.0`; `1.1.1w` extends `1.1.1`.
    private static func extends(_ child: ReleaseVersion, _ parent: ReleaseVersion) -> Bool {
        child.numbers.starts(with: parent.numbers)
            && (child.numbers.count > parent.numbers.count || (!child.prerelease.isEmpty && parent.prerelease.isEmpty))
    }
}

/// Heading roles by text, classified once: a file read several times in part classifies each
/// heading once.
final class HeadingRoleMemo {
    private var roles: [String: HeadingRole] = [:]

    func role(of text: String) -> HeadingRole {
        if let known = roles[text] { return known }
        let role = HeadingClassifier.role(of: text)
        roles[text] = role
        return role
    }
}
