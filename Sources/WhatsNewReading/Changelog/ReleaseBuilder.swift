import WhatsNewModel

/// A release being read: its heading's facts and the blocks gathered under it so far.
struct ReleaseBuilder {
    var release: Release
    /// The release heading's level; 0 for notes without release headings.
    var level: Int
    /// Blocks before the first section.
    var lead: [Block] = []
    var sections: [SectionBuilder] = []
    /// `None.` or `No significant changes.` stood here: empty on purpose.
    var sawPlaceholder = false

    /// Nothing has been read under the heading yet.
    var isFresh: Bool { lead.isEmpty && sections.isEmpty }

    mutating func append(_ block: Block) {
        if sections.isEmpty {
            lead.append(block)
        } else {
            sections[sections.count - 1].body.append(block)
        }
    }

    /// The finished release. Sections with nothing in them go. A list before the first
    /// section, or a release with no sections, gives rows (`FlatReleaseRows`; with
    /// `keepsOrder`, one row holding it as written); prose before it is the summary.
    consuming func build(keepsOrder: Bool = false) -> Release {
        var release = self.release
        release.sections = Self.groupingLists(sections, releaseLevel: level).compactMap { $0.build() }
        if !lead.isEmpty, release.sections.isEmpty || lead.contains(where: \.isList) {
            let rows = FlatReleaseRows(lead, keepsOrder: keepsOrder)
            // Rows alone, as in most such releases: their own array, not a copy joined to nothing.
            release.sections = release.sections.isEmpty ? rows.sections : rows.sections + release.sections
            if !rows.summary.isEmpty { release.summary = MarkdownContent(blocks: rows.summary) }
        } else if !lead.isEmpty {
            release.summary = MarkdownContent(blocks: lead)
        }
        if !keepsOrder { release.sections = BookkeepingRows.arrange(release.sections) }
        return release
    }
}

extension ReleaseBuilder {
    /// Deeper headings that name no kind and hold only lists under a category of a known kind
    /// (`### Fixed` over `#### Windows` and its list) group that category's changes: they stay
    /// in its row, so the row keeps its kind. Deeper headings over prose (`### Notable Changes`
    /// over `#### V8 12.4` and its paragraph) are features, rows of their own. A category
    /// written at the release's own level (`## Notable Changes` under `## Version 5.11.0`) is
    /// misplaced, not a parent: the headings after it are its siblings (`### Commits`).
    static func groupingLists(_ sections: [SectionBuilder], releaseLevel: Int) -> [SectionBuilder] {
        var result: [SectionBuilder] = []
        var index = sections.startIndex
        while index < sections.endIndex {
            var parent = sections[index]
            index += 1
            guard parent.section.origin == .heading, parent.section.kind != .other, let level = parent.level,
                level > releaseLevel
            else {
                result.append(parent)
                continue
            }
            var end = index
            while end < sections.endIndex, let deeper = sections[end].level, deeper > level,
                sections[end].heading != nil,
                sections[end].section.origin == .heading,
                SectionKind.classify(sections[end].section.title ?? "") == .other
            {
                end += 1
            }
            let groups = sections[index..<end]
            if !groups.isEmpty, groups.allSatisfy({ !$0.body.isEmpty && $0.body.allSatisfy(\.isList) }) {
                for group in groups { parent.body += [group.heading!] + group.body }
                index = end
            }
            result.append(parent)
        }
        return result
    }
}

/// A section being read.
struct SectionBuilder {
    var section: Section
    /// The level of the heading that opened the section, if a heading did.
    var level: Int? = nil
    /// `unread-release-heading` for a heading where releases stand, reported only if the
    /// section turns out to hold something (`## Older versions` over older releases does not).
    var unreadHeading: Diagnostic? = nil
    /// The heading that opened the section, kept for a group a category takes in.
    var heading: Block? = nil
    var body: [Block] = []

    func build() -> Section? {
        var section = self.section
        section.body = MarkdownContent(blocks: body)
        // An empty category (`### Added` with nothing under it) is no row; a front-matter
        // section is one even without a body, since its title and summary are the row.
        guard section.origin == .frontMatter || !section.body.isEmpty else { return nil }
        return section
    }
}
