/// Rows for a release written without category headings: a plain list becomes icon rows.
///
/// Items that open with a kind marker (`**New**:`, `fix:`, `🐛`) are grouped by kind, the
/// marker taken off, in the order each kind first appears and with the items' own order kept;
/// unmarked items stay together in one `other` row. Prose before the first list is the
/// release's summary.
struct FlatReleaseRows {
    var summary: [Block] = []
    var sections: [Section] = []

    init(_ blocks: [Block], keepsOrder: Bool) {
        let firstList = blocks.firstIndex { if case .list = $0.content { true } else { false } }
        guard let firstList else {
            sections = [Self.changes(blocks, title: "Changes")]  // prose only: one row says it all
            return
        }
        summary = Array(blocks[..<firstList])
        let rest = Array(blocks[firstList...])
        var groups = Groups()
        if !keepsOrder {
            for (index, block) in rest.enumerated() { groups.add(block, source: index) }
        }
        guard groups.hasMarkers else {
            sections = [Self.changes(rest, title: "Changes")]
            return
        }
        sections = groups.sections
    }

    private static func changes(_ blocks: [Block], title: String) -> Section {
        Section(
            origin: .wholeRelease, kind: .other, title: title, body: MarkdownContent(blocks: blocks),
            line: blocks.first?.line ?? 1)
    }

    /// The rows being gathered, by kind, in the order each first appears.
    private struct Groups {
        struct Group {
            var kind: SectionKind
            var title: String
            var icon: Icon?
            var isMarked: Bool
            var blocks: [Block] = []
            /// The list the last item came from, so items from one list stay one list.
            var lastSource: Int?
        }

        var groups: [Group] = []
        var last: Int?

        var hasMarkers: Bool { groups.contains(where: \.isMarked) }

        mutating func add(_ block: Block, source: Int) {
            guard case .list(let list) = block.content else {
                groups[last ?? unmarked()].blocks.append(block)  // a code block or note after an item
                return
            }
            for item in list.items {
                let index: Int
                var kept = item
                if let marker = KindMarker(item) {
                    index = marked(marker)
                    kept = marker.item
                } else {
                    index = unmarked()
                }
                append(kept, of: list, source: source, to: index)
                last = index
            }
        }

        private mutating func append(_ item: ListItem, of list: ListBlock, source: Int, to index: Int) {
            if groups[index].lastSource == source, case .list(var current)? = groups[index].blocks.last?.content {
                current.items.append(item)
                groups[index].blocks[groups[index].blocks.count - 1].content = .list(current)
            } else {
                let copy = ListBlock(isOrdered: list.isOrdered, start: list.start, isTight: list.isTight, items: [item])
                groups[index].blocks.append(Block(.list(copy), line: item.line))
            }
            groups[index].lastSource = source
        }

        private mutating func marked(_ marker: KindMarker) -> Int {
            if let index = groups.firstIndex(where: { $0.isMarked && $0.kind == marker.kind }) { return index }
            groups.append(Group(kind: marker.kind, title: marker.title, icon: marker.icon, isMarked: true))
            return groups.count - 1
        }

        private mutating func unmarked() -> Int {
            if let index = groups.firstIndex(where: { !$0.isMarked }) { return index }
            groups.append(Group(kind: .other, title: "Other changes", isMarked: false))
            return groups.count - 1
        }

        var sections: [Section] {
            groups.map { group in
                Section(
                    origin: group.isMarked ? .itemMarkers : .wholeRelease, kind: group.kind, icon: group.icon,
                    title: group.title, body: MarkdownContent(blocks: group.blocks), line: group.blocks.first?.line ?? 1
                )
            }
        }
    }
}
