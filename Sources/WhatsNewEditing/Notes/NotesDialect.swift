import WhatsNewModel
import WhatsNewReading

/// A notes file's own way of writing a release, read from the releases it has, so a release
/// whatsnew writes looks like the ones people wrote: the heading's shape and date, the rows'
/// headings in the file's words and order, its bullet, and featured rows in front matter where
/// the file keeps them there.
struct NotesDialect: Sendable {
    var heading: ReleaseHeadingTemplate
    /// The style most of the file's row headings have.
    var categoryStyle: CategoryHeadingStyle
    /// The heading the file last gave each row.
    var categoryHeadings: [RowKey: CategoryHeading]
    /// The rows in the order the file lists them.
    var order: [RowKey]
    var bullet: Character
    var looseLists: Bool
    /// Blank lines after a row's heading, and before one: one each in most files; none after
    /// a heading in some (`#### Fixed` over its list), two before one in others.
    var blankLinesAfterRowHeading = 1
    var blankLinesBeforeRow = 1
    /// Blank lines between one release's end and the next release's heading.
    var blankLinesBetweenReleases = 1
    /// Featured rows are written as front-matter sections, as the file does; otherwise as headings.
    var featuredInFrontMatter: Bool
    /// The file's releases are plain lists, with no row headings.
    var isFlat: Bool
    /// conventional-changelog's levels (semantic-release, standard-version): majors and minors
    /// one level above patches (`# [3.0.0]` over `## [3.0.1]`); nil when the file keeps one level.
    var levelsByBump: (release: Int, patch: Int)?

    /// The release heading's level for `version` in a file that gives patches their own level.
    func headingLevel(of version: ReleaseVersion) -> Int? {
        guard let levels = levelsByBump else { return nil }
        return version.numbers.count >= 3 && version.numbers[2] != 0 ? levels.patch : levels.release
    }

    /// A row heading as the file wrote it: its lines, and its title and icon to write it again
    /// in the file's usual style when this one is not in it.
    struct CategoryHeading: Sendable {
        var raw: [String]
        var style: CategoryHeadingStyle
        var title: String
        var icon: Icon?
    }

    /// A featured row's heading: the rows' own style, unless they are label lines (`Bug fixes:`),
    /// which only a list can follow; then a heading one level under the release's.
    var featuredStyle: CategoryHeadingStyle {
        if case .line = categoryStyle { return Self.defaultCategoryStyle(after: heading) }
        return categoryStyle
    }

    /// How many releases, newest first, the file's habits are read from.
    private static let releasesRead = 20

    init(reading file: NotesFile, kinds: ChangeKinds) {
        let releases = file.document.releases
        let newest = file.versionedNewestFirst
        let level = newest.first.flatMap { file.outline.span(ofRelease: $0) }.flatMap {
            file.block(at: $0.heading.lowerBound)?.headingLevel
        }
        heading = Self.headingTemplate(file, newest: newest) ?? .keepAChangelog(level: level ?? 2)
        levelsByBump = Self.levelsByBump(file, newest: newest)

        var styles: [CategoryHeadingStyle] = []
        var blankAfterRow: Int?
        var blankBeforeRow: Int?
        var blankBeforeRelease: Int?
        var headings: [RowKey: CategoryHeading] = [:]
        var order: [RowKey] = []
        var bullet: Character?
        var lists = [0, 0]  // tight, loose
        let readOrder = file.runsNewestFirst ? Array(releases.indices) : releases.indices.reversed()
        for index in readOrder.prefix(Self.releasesRead) {
            guard let span = file.outline.span(ofRelease: index) else { continue }
            var keys: [RowKey] = []
            // Spacing is read off the newest release that shows it, from its category headings:
            // a featured row's heading stands over a summary, spaced as prose is.
            let withHeadings = span.rows.filter { $0.heading != nil }
            let categories = withHeadings.filter { (releases[index].sections[$0.index].kind ?? .other) != .other }
            let headed = categories.isEmpty ? withHeadings : categories
            if blankAfterRow == nil, let heading = headed.first?.heading {
                blankAfterRow = Self.blankLines(after: heading.upperBound, in: file)
            }
            if blankBeforeRow == nil, headed.count > 1 {
                blankBeforeRow = max(1, Self.blankLines(before: headed[1].lines.lowerBound, in: file))
            }
            if blankBeforeRelease == nil, index != releases.indices.last, let content = span.content,
                !(releases[index].isUnreleased && releases[index].version == nil)
            {
                blankBeforeRelease = max(1, Self.blankLines(after: content.upperBound, in: file))
            }
            for row in span.rows {
                let section = releases[index].sections[row.index]
                guard let key = RowKey(section: section, kinds: kinds) else { continue }
                keys.append(key)
                guard let headingLines = row.heading, let block = file.block(at: headingLines.lowerBound) else {
                    continue
                }
                let raw = file.text(headingLines)
                guard let style = CategoryHeadingStyle.of(raw: raw, block: block, section: section) else { continue }
                styles.append(style)
                // A heading that repeats its release's version or date is that release's alone.
                if headings[key] == nil, !raw[0].contains(where: \.isNumber), let title = section.title {
                    headings[key] = CategoryHeading(raw: raw, style: style, title: title, icon: section.icon)
                }
            }
            Self.merge(keys, into: &order, defaults: kinds.all.map(RowKey.init(kind:)))
            if let content = span.content {
                for case .list(let found) in file.blocks.filter({ content.contains($0.line) }).map(\.content)
                where !found.isOrdered {
                    if bullet == nil, let item = found.items.first {
                        bullet = file.lines[item.line].first { $0 != " " && $0 != "\t" }
                    }
                    // A list of one item says nothing of the spacing between items.
                    if found.items.count > 1 { lists[found.isTight ? 0 : 1] += 1 }
                }
            }
        }
        // The style most headings have, the newest first among equals.
        let counts = Dictionary(styles.map { ($0, 1) }, uniquingKeysWith: +)
        let most = counts.values.max()
        categoryStyle = styles.first { counts[$0] == most } ?? Self.defaultCategoryStyle(after: heading)
        categoryHeadings = headings
        blankLinesAfterRowHeading = blankAfterRow ?? 1
        blankLinesBeforeRow = blankBeforeRow ?? 1
        blankLinesBetweenReleases = blankBeforeRelease ?? 1
        self.order = order
        self.bullet = bullet.flatMap { "-*+".contains($0) ? $0 : nil } ?? "-"
        looseLists = lists[1] > lists[0]
        featuredInFrontMatter = releases.contains { $0.sections.contains { $0.origin == .frontMatter } }
        // Flat when most of the three newest releases are plain lists (the newest settles a tie).
        let recent = newest.filter { releases[$0].hasContent }.prefix(3).map { index in
            releases[index].sections.allSatisfy { ![.heading, .pseudoHeading, .frontMatter].contains($0.origin) }
        }
        let flat = recent.filter { $0 }.count
        isFlat = flat * 2 > recent.count || (flat * 2 == recent.count && recent.first == true)
    }

    /// `keys` as the file lists them and the rest where Keep a Changelog's order puts them
    /// among those.
    func order(of keys: some Sequence<RowKey>, kinds: ChangeKinds) -> [RowKey] {
        var result = order
        for key in keys where !result.contains(key) {
            Self.insert(key, into: &result, defaults: kinds.all.map(RowKey.init(kind:)))
        }
        return result.filter { key in keys.contains(key) }
    }

    /// A release's row keys merged into the order seen so far: a new key goes before the next
    /// key of its release already placed, else after the one before it, else where the
    /// default order puts it.
    private static func merge(_ keys: [RowKey], into order: inout [RowKey], defaults: [RowKey]) {
        let rank = { (key: RowKey) in defaults.firstIndex(of: key) ?? defaults.count }
        for (position, key) in keys.enumerated() where !order.contains(key) {
            if let next = keys[(position + 1)...].first(where: order.contains), var at = order.firstIndex(of: next) {
                // Right before it, or earlier past keys the default order puts after this one.
                while at > 0, rank(order[at - 1]) > rank(key) { at -= 1 }
                order.insert(key, at: at)
            } else if let previous = keys[..<position].last(where: order.contains),
                var at = order.firstIndex(of: previous).map({ $0 + 1 })
            {
                while at < order.count, rank(order[at]) < rank(key) { at += 1 }
                order.insert(key, at: at)
            } else {
                insert(key, into: &order, defaults: defaults)
            }
        }
    }

    /// `key` after the nearest key before it in `defaults` that `order` has, else before the
    /// nearest after it, else at the end.
    private static func insert(_ key: RowKey, into order: inout [RowKey], defaults: [RowKey]) {
        let before = defaults.prefix { $0 != key }
        if let anchor = before.last(where: order.contains), let position = order.firstIndex(of: anchor) {
            order.insert(key, at: position + 1)
        } else if let after = defaults.drop(while: { $0 != key }).dropFirst().first(where: order.contains),
            let position = order.firstIndex(of: after)
        {
            order.insert(key, at: position)
        } else {
            order.append(key)
        }
    }

    /// The heading of one of the three newest releases as a template; the newest that gives one.
    /// Every x.y.0 release at one level and every patch one level below, with some of each.
    private static func levelsByBump(_ file: NotesFile, newest: [Int]) -> (release: Int, patch: Int)? {
        var releaseLevels = Set<Int>()
        var patchLevels = Set<Int>()
        for index in newest.prefix(releasesRead) {
            guard let version = file.document.releases[index].version, version.prerelease.isEmpty,
                let level = file.outline.span(ofRelease: index).flatMap({
                    file.block(at: $0.heading.lowerBound)?.headingLevel
                })
            else { continue }
            if version.numbers.count >= 3 && version.numbers[2] != 0 {
                patchLevels.insert(level)
            } else {
                releaseLevels.insert(level)
            }
        }
        guard releaseLevels.count == 1, patchLevels.count == 1, let release = releaseLevels.first,
            let patch = patchLevels.first,
            patch == release + 1
        else { return nil }
        return (release, patch)
    }

    private static func headingTemplate(_ file: NotesFile, newest: [Int]) -> ReleaseHeadingTemplate? {
        let releases = file.document.releases
        for (position, index) in newest.prefix(3).enumerated() {
            guard let span = file.outline.span(ofRelease: index), let block = file.block(at: span.heading.lowerBound)
            else { continue }
            let inlines: [Inline]
            switch block.content {
            case .heading(_, let found), .paragraph(let found): inlines = found
            default: continue
            }
            guard case .release(let heading) = HeadingClassifier.role(of: PlainText.of(inlines)) else { continue }
            let previous = position + 1 < newest.count ? releases[newest[position + 1]].version?.text : nil
            let first = file.outline.elements.first { span.content?.contains($0.lines.lowerBound) ?? false }
            let template = ReleaseHeadingTemplate.derived(
                raw: file.text(span.heading), block: block, release: releases[index], heading: heading,
                previous: previous, firstContent: first?.block, contentLines: first.map { file.text($0.lines) })
            if var template {
                template.blankLines = Self.blankLines(after: span.heading.upperBound, in: file)
                return template
            }
        }
        return nil
    }

    /// How many blank lines come right before a line: none, one or two.
    static func blankLines(before line: Int, in file: NotesFile) -> Int {
        var count = 0
        while line - count - 1 >= 1, count < 2, file.lines.isBlank(line - count - 1) { count += 1 }
        return count
    }

    /// How many blank lines follow a line: none, one or two.
    static func blankLines(after line: Int, in file: NotesFile) -> Int {
        var count = 0
        while line + count + 1 <= file.lines.count, count < 2, file.lines.isBlank(line + count + 1) { count += 1 }
        return line + count + 1 <= file.lines.count ? count : 1
    }

    /// Rows one level under the release: `###` under `##`, a `-` underline under `=`.
    private static func defaultCategoryStyle(after heading: ReleaseHeadingTemplate) -> CategoryHeadingStyle {
        switch heading.shape {
        case .atx(let level): .atx(prefix: String(repeating: "#", count: min(6, level + 1)) + " ", emoji: false)
        case .setext(let underline, _) where underline == "=": .setext(underline: "-")
        default: .atx(prefix: "### ", emoji: false)
        }
    }
}
