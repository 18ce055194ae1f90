import WhatsNewModel

/// Reads the document model out of cmark's blocks and the lifted front matter: releases from
/// release headings, sections from category headings, pseudo-headings and front matter.
struct ChangelogReader {
    let path: String
    let blocks: [Block]
    /// Section front matter in file order.
    let frontMatterSections: [Section]
    /// Show a release written as a plain list as written, rather than grouped by kind markers.
    var keepsOrder = false
    /// Roles already classified, for a file read more than once.
    var roles: HeadingRoleMemo?

    struct Result {
        var releases: [Release]
        /// Headings that only point to older notes kept elsewhere.
        var archives: [Archive] = []
        /// The first top-level heading before any release, such as `# Changelog`.
        var title: String?
        /// What stands between the title and the first release.
        var introduction: MarkdownContent?
        var diagnostics: [Diagnostic]
        /// The lines where a release, an archive or a series begins, in file order.
        var boundaries: [Int] = []
        /// Headings whose role turns on the blocks right after them (`## 3.x` over changes of
        /// its own is a release), by line: a reading of part of the file reads what follows them.
        var contentDependentLines: [Int] = []
        /// Date headings (`### 2024-03-05`), by line: one dates the release above it only when
        /// nothing stands between them, so a reading of part of the file reads what precedes them.
        var dateHeadingLines: [Int] = []
        /// Whether any heading names a release; without, any short paragraph may name one.
        var namesReleases = false
    }

    /// A block or a front-matter section, in the order the file has them.
    private enum Element {
        case block(Int)
        /// An index into `frontMatterSections`.
        case section(Int)
    }

    func read(implicitRelease: Release) -> Result {
        let outline = HeadingOutline(blocks: blocks, roles: roles)
        let elements = self.elements()
        var state = State(path: path, keepsOrder: keepsOrder, convention: Self.dateConvention(of: outline))
        var title: String?
        // Notes without release headings are one release, and a heading above all others is
        // the sheet's title.
        var skippedTitle: Int?
        if !outline.hasReleases {
            state.current = ReleaseBuilder(release: implicitRelease, level: 0)
            skippedTitle = titleHeadingIndex()
        }
        // The headings in block order, as the blocks are walked: the next one, not a search per block.
        var nextHeading = 0
        for (position, element) in elements.enumerated() {
            switch element {
            case .section(let index):
                state.startFrontMatterSection(frontMatterSections[index])
            case .block(let index):
                let isHeading = nextHeading < outline.list.count && outline.list[nextHeading].index == index
                let heading = isHeading ? outline.list[nextHeading] : nil
                if isHeading { nextHeading += 1 }
                if index == skippedTitle {
                    title = heading.flatMap { DocumentTitle.productName(in: $0.text) }
                    continue
                }
                if state.current == nil, state.releases.isEmpty, title == nil, let heading, heading.level == 1,
                    heading.role == .other || heading.role == .series
                {
                    title = DocumentTitle.productName(in: heading.text)
                }
                // Only a paragraph that may be a pseudo-heading looks at the block after it.
                state.read(blocks[index], heading: heading, releaseLevel: outline.releaseLevel) {
                    elements[(position + 1)...].lazy.compactMap { element -> Block? in
                        if case .block(let index) = element { return blocks[index] }
                        return nil
                    }.first
                }
            }
        }
        state.finishRelease()
        let introduction = state.introduction.isEmpty ? nil : MarkdownContent(blocks: state.introduction)
        var result = Result(
            releases: state.releases, archives: state.archives, title: title, introduction: introduction,
            diagnostics: state.diagnostics)
        result.boundaries = state.boundaries
        result.contentDependentLines = outline.contentDependentIndices.map { blocks[$0].line }
        result.namesReleases = outline.list.contains { $0.role.namesRelease }
        result.dateHeadingLines = outline.dateHeadingIndices.map { blocks[$0].line }
        return result
    }

    /// Whether the file writes `26-07-2022` day first or month first, as its release headings'
    /// unambiguous dates show.
    private static func dateConvention(of outline: HeadingOutline) -> DateScanner.NumericOrder.Convention {
        let orders = outline.list.compactMap { heading -> DateScanner.NumericOrder? in
            switch heading.role {
            case .release(let release): release.date?.order
            case .dateOnly(let match): match.order
            default: nil
            }
        }
        return DateScanner.NumericOrder.convention(of: orders)
    }

    /// Blocks and front-matter sections merged in line order.
    private func elements() -> [Element] {
        var elements: [Element] = []
        var section = frontMatterSections.startIndex
        for index in blocks.indices {
            while section < frontMatterSections.endIndex, frontMatterSections[section].line < blocks[index].line {
                elements.append(.section(section))
                section += 1
            }
            elements.append(.block(index))
        }
        elements.append(contentsOf: (section..<frontMatterSections.endIndex).map(Element.section))
        return elements
    }

    /// In notes without releases, a first heading above all others is the sheet's title.
    private func titleHeadingIndex() -> Int? {
        guard case .heading(let level, _)? = blocks.first?.content else { return nil }
        let others = blocks.dropFirst().compactMap { block -> Int? in
            if case .heading(let other, _) = block.content { return other }
            return nil
        }
        return others.allSatisfy { $0 > level } ? 0 : nil
    }
}

/// The walk's state: the release and section being filled, and what is finished.
private struct State {
    let path: String
    let keepsOrder: Bool
    let convention: DateScanner.NumericOrder.Convention
    var releases: [Release] = []
    var archives: [Archive] = []
    var current: ReleaseBuilder?
    /// Blocks before the first release, other than its title.
    var introduction: [Block] = []
    /// Content between releases has been reported since the last release began.
    var reportedOutside = false
    var diagnostics: [Diagnostic] = []
    /// Where each release and series began.
    var boundaries: [Int] = []

    init(path: String, keepsOrder: Bool, convention: DateScanner.NumericOrder.Convention) {
        self.path = path
        self.keepsOrder = keepsOrder
        self.convention = convention
    }

    mutating func read(_ block: Block, heading: HeadingOutline.Heading?, releaseLevel: Int?, next: () -> Block?) {
        // `![demo](…)` over `---` is a setext heading to cmark, but an image to its writer.
        if current != nil, case .heading(_, let inlines) = block.content, Self.isOnlyImages(inlines) {
            current?.append(Block(.paragraph(inlines), line: block.line, endLine: block.endLine))
            return
        }
        if let heading {
            switch block.content {
            case .heading(_, let inlines), .paragraph(let inlines):  // a paragraph may be a release line
                readHeading(heading, block: block, inlines: inlines, releaseLevel: releaseLevel)
                return
            default: break
            }
        }
        guard current != nil else {
            guard block.isContent else { return }
            if releases.isEmpty {
                introduction.append(block)
            } else if !reportedOutside {
                // Under a series heading (`## 5.x Releases`) before its first release: no
                // release can show it, so say so once for the run of blocks.
                reportedOutside = true
                diagnostics.append(
                    Diagnostic(
                        .contentOutsideRelease, at: SourceLocation(path: path, line: block.line, column: 1),
                        "this stands between releases, under no release heading, so no release shows it"))
            }
            return
        }
        reportHiddenHTML(in: block)
        switch block.content {
        case .html, .thematicBreak:
            return  // anchors, comments and separators between releases
        case .paragraph where block.isOnlyInlineHTML:
            return  // `<a id="1.2.0"></a>` written as a paragraph
        case .paragraph, .blockQuote:
            readParagraph(block, next: next)
        case .list:
            var block = block
            if current?.isFresh == true, current?.release.date == nil,
                let (match, rest) = ReleaseDetailLine.dateItem(in: block)
            {
                let date = checked(match, line: block.line)
                current?.release.date = date
                guard let rest else { return }
                block = rest
            }
            guard let kept = block.removingItems(where: Placeholder.matches) else {
                current?.sawPlaceholder = true
                return
            }
            current?.append(kept)
        default:
            current?.append(block)
        }
    }

    /// Images, linked or not, and the spaces between them.
    private static func isOnlyImages(_ inlines: [Inline]) -> Bool {
        imageCount(inlines).map { $0 > 0 } ?? false
    }

    /// Whether `text` is whitespace alone. A first byte of ASCII that is none settles it without
    /// reading characters: no character opening with it is whitespace (a version's digit, say).
    private static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first < 0x80, first != 0x20, !(0x09...0x0D).contains(first) { return false }
        return text.allSatisfy(\.isWhitespace)
    }

    /// How many images `inlines` hold if they hold nothing else but spaces; nil otherwise.
    private static func imageCount(_ inlines: [Inline]) -> Int? {
        var images = 0
        for inline in inlines {
            switch inline {
            case .image: images += 1
            case .link(_, _, let content):
                guard let inner = imageCount(content) else { return nil }
                images += inner
            case .text(let text): guard Self.isBlank(text) else { return nil }
            case .softBreak, .lineBreak: break
            default: return nil
            }
        }
        return images
    }

    /// Raw HTML that holds text or media no output shows, at any depth: said once per block.
    private mutating func reportHiddenHTML(in block: Block) {
        switch block.content {
        case .html(let html) where RawHTML.hidesContent(html):
            diagnostics.append(
                Diagnostic(
                    .rawHTML, at: SourceLocation(path: path, line: block.line, column: 1),
                    "this raw HTML is not shown in any output; write it in Markdown (an image as ![alt](address))"))
        case .list(let list):
            for item in list.items { item.blocks.forEach { reportHiddenHTML(in: $0) } }
        case .blockQuote(let blocks):
            blocks.forEach { reportHiddenHTML(in: $0) }
        default:
            break
        }
    }

    private mutating func readHeading(
        _ heading: HeadingOutline.Heading, block: Block, inlines: [Inline], releaseLevel: Int?
    ) {
        let level = heading.level
        let line = block.line
        let link = ReleaseDetailLine.firstDestination(in: inlines)
        let compare = link.flatMap { ReleaseDetailLine.isComparison($0) ? $0 : nil }
        switch heading.role {
        case .release(let heading):
            let date = heading.date.flatMap { checked($0, line: line) }
            var release = Release(
                version: heading.version, date: date, title: heading.title, isUnreleased: heading.isUnreleased,
                link: link, line: line)
            release.compare = compare
            startRelease(release, level: level)
        case .unreleased:
            var release = Release(title: "Unreleased", isUnreleased: true, link: link, line: line)
            release.compare = compare
            startRelease(release, level: level)
        case .period:
            // `## November 2021` among releases is an entry with no version; deeper, a category.
            if let currentLevel = current?.level, level > currentLevel {
                startCategory(CategoryHeading(heading.text), line: line, level: level)
            } else {
                startRelease(Release(title: heading.text, link: link, line: line), level: level)
            }
        case .dateOnly(let match):
            // Right under an undated release, a date heading dates it (`## Swift 5.10` over
            // `### 2024-03-05`); at the release level it is a release of its own.
            if let release = current, level > release.level, release.release.date == nil, release.isFresh,
                !release.release.isUnreleased
            {
                let date = checked(match, line: line)
                current?.release.date = date
            } else if level <= (current?.level ?? level) || level <= (releaseLevel ?? level) {
                let iso = match.date?.iso ?? match.text
                let date = checked(match, line: line)
                startRelease(Release(version: ReleaseVersion(iso), date: date, title: iso, line: line), level: level)
            } else {
                startCategory(CategoryHeading(heading.text), line: line, level: level)
            }
        case .series:
            boundaries.append(line)
            finishRelease()
        case .other:
            guard let release = current else { return }
            let category = CategoryHeading(heading.text)
            // A heading where releases stand that names no version keeps its content, in the
            // release before it, unless it is plainly one of that release's categories.
            startCategory(category, line: line, level: level, block: block)
            if level <= release.level, SectionKind.named(category.title) == nil,
                SectionKind.classify(category.title) == .other,
                !release.sections.contains(where: { $0.level == level })
            {
                current?.sections[release.sections.count].unreadHeading = Diagnostic(
                    .unreadReleaseHeading, at: SourceLocation(path: path, line: line, column: 1),
                    "`\(heading.text)` stands where releases do but names no version, so its content is shown "
                        + "under \(release.release.version.map { "release \($0.text)" } ?? release.release.title)")
            }
        }
    }

    /// Edits `current` in place throughout, so its arrays are never copied.
    private mutating func readParagraph(_ block: Block, next: () -> Block?) {
        guard current != nil else { return }
        // A date line dates an undated release, and repeats the heading's date otherwise.
        let known = current?.release.date
        if current?.isFresh == true, let line = ReleaseDetailLine.dateLine(in: block),
            known == nil || known == line.date.settled(by: convention).date
        {
            if known == nil {
                let date = checked(line.date, line: block.line)
                current?.release.date = date
            }
            // `_2019-10-04_ [GitHub Diff](…)`: the link on the date's line compares the release.
            if let link = line.link { note(link: link, comparing: line.compares) }
            // `Released on 2019-10-26. All issues…`: the rest of the paragraph is the release's.
            if let rest = line.rest { current?.append(rest) }
        } else if case .blockQuote = block.content {
            current?.append(block)
        } else if let link = ReleaseDetailLine.comparisonLink(in: block) {
            note(link: link.destination, comparing: link.isComparison)
        } else if Placeholder.matches(block) {
            current?.sawPlaceholder = true
        } else if current?.sections.last.map({ $0.section.origin == .pseudoHeading }) ?? true,
            let title = PseudoHeading.title(of: block, followedBy: next())
        {
            let section = Section(
                origin: .pseudoHeading, kind: SectionKind.classify(title), title: title, line: block.line)
            current?.sections.append(SectionBuilder(section: section))
        } else {
            current?.append(block)
        }
    }

    /// A link that describes the release: a comparison (`Full Changelog`) or its page.
    private mutating func note(link: String, comparing: Bool) {
        if comparing || ReleaseDetailLine.isComparison(link) {
            if current?.release.compare == nil { current?.release.compare = link }
        }
        if current?.release.link == nil { current?.release.link = link }
    }

    mutating func startFrontMatterSection(_ section: Section) {
        guard current != nil else {
            diagnostics.append(
                Diagnostic(
                    .sectionOutsideRelease, at: SourceLocation(path: path, line: section.line, column: 1),
                    "this section stands before the first release, so no release shows it"))
            return
        }
        current?.sections.append(SectionBuilder(section: section))
    }

    private mutating func startCategory(_ category: CategoryHeading, line: Int, level: Int, block: Block? = nil) {
        var category = category
        if let version = current?.release.version, category.title.contains(text: version.text) {
            category = category.dropping(version: version)
        }
        let section = Section(
            origin: .heading, kind: SectionKind.classify(category.title), icon: category.icon,
            title: category.title.isEmpty ? nil : category.title, line: line)
        current?.sections.append(SectionBuilder(section: section, level: level, heading: block))
    }

    private mutating func startRelease(_ release: Release, level: Int) {
        finishRelease()
        boundaries.append(release.line)
        reportedOutside = false
        current = ReleaseBuilder(release: release, level: level)
    }

    mutating func finishRelease() {
        // Taken, not copied: the builder's arrays stay uniquely held while the release is built.
        guard let builder = current.take() else { return }
        diagnostics += builder.sections.compactMap { $0.body.isEmpty ? nil : $0.unreadHeading }
        // `## 0.11.x` over `See [changelogs/0.11.x](…)` points to older notes; it is no release.
        if let link = ArchiveHeading.link(of: builder) {
            archives.append(Archive(title: builder.release.title, link: link, line: builder.release.line))
            return
        }
        let sawPlaceholder = builder.sawPlaceholder, level = builder.level
        let release = builder.build(keepsOrder: keepsOrder)
        if !release.hasContent, !release.isUnreleased, !sawPlaceholder, level > 0 {
            diagnostics.append(
                Diagnostic(
                    .emptyRelease, at: SourceLocation(path: path, line: release.line, column: 1),
                    "release \(release.version?.text ?? release.title) has no changes listed"))
        }
        releases.append(release)
    }

    /// The date a match names; one that names no real day is reported and left out.
    private mutating func checked(_ match: DateScanner.Match, line: Int) -> ReleaseDate? {
        let match = match.settled(by: convention)
        if match.isUndecided {
            diagnostics.append(
                Diagnostic(
                    .ambiguousDate, at: SourceLocation(path: path, line: line, column: 1),
                    "`\(match.text)` could be day-first or month-first and no other date in the file says which; "
                        + "write it as YYYY-MM-DD"))
            return nil
        }
        if match.date == nil {
            diagnostics.append(
                Diagnostic(
                    .invalidDate, at: SourceLocation(path: path, line: line, column: 1),
                    "`\(match.text)` is not a real date; write release dates as YYYY-MM-DD"))
        }
        return match.date
    }
}
