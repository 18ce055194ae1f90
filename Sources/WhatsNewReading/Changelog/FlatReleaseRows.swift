import WhatsNewModel

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
        guard let firstList = blocks.firstIndex(where: \.isList) else {
            sections = [Self.changes(blocks)]  // prose only: one row says it all
            return
        }
        summary = Array(blocks[..<firstList])
        let rest = blocks[firstList...]
        // Markers first: most flat releases have none, and then the list stays as it is (looked
        // for item by item, with nothing gathered, since that is the common case).
        let isMarked =
            !keepsOrder
            && rest.contains { block in
                guard case .list(let list) = block.content else { return false }
                return list.items.contains { KindMarker($0) != nil }
            }
        guard isMarked else {
            sections = [Self.changes(Array(rest))]
            return
        }
        let markers = rest.map { block -> [KindMarker?] in
            guard case .list(let list) = block.content else { return [] }
            return list.items.map(KindMarker.init)
        }
        var groups = Groups()
        for (block, blockMarkers) in zip(rest, markers) { groups.add(block, markers: blockMarkers) }
        sections = groups.sections
    }

    private static func changes(_ blocks: [Block]) -> Section {
        Section(
            origin: .wholeRelease, kind: .other, title: SheetWords.english.changes,
            body: MarkdownContent(blocks: blocks),
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
            /// Items gathered from one source list, not yet made a list block.
            var items: [ListItem] = []
            var source: ListBlock?

            /// Makes the gathered items one list, shaped like the list they came from.
            mutating func flush() {
                guard let source, let first = items.first else { return }
                let list = ListBlock(
                    isOrdered: source.isOrdered, start: source.start, isTight: source.isTight, items: items)
                blocks.append(Block(.list(list), line: first.line))
                items = []
                self.source = nil
            }
        }

        var groups: [Group] = []
        var last: Int?

        mutating func add(_ block: Block, markers: [KindMarker?]) {
            guard case .list(let list) = block.content else {
                let index = last ?? unmarked()  // a code block or note after an item stays with it
                groups[index].flush()
                groups[index].blocks.append(block)
                return
            }
            for index in groups.indices { groups[index].flush() }  // items from one list stay one list
            for (item, marker) in zip(list.items, markers) {
                let index: Int
                if let marker { index = marked(marker) } else { index = unmarked() }
                groups[index].source = list
                groups[index].items.append(marker?.item ?? item)
                last = index
            }
        }

        private mutating func marked(_ marker: KindMarker) -> Int {
            if let index = groups.firstIndex(where: { $0.isMarked && $0.kind == marker.kind }) { return index }
            groups.append(Group(kind: marker.kind, title: marker.title, icon: marker.icon, isMarked: true))
            return groups.count - 1
        }

        private mutating func unmarked() -> Int {
            if let index = groups.firstIndex(where: { !$0.isMarked }) { return index }
            groups.append(Group(kind: .other, title: SheetWords.english.otherChanges, isMarked: false))
            return groups.count - 1
        }

        var sections: [Section] {
            groups.map { group in
                var group = group
                group.flush()
                return Section(
                    origin: group.isMarked ? .itemMarkers : .wholeRelease, kind: group.kind, icon: group.icon,
                    title: group.title, body: MarkdownContent(blocks: group.blocks),
                    line: group.blocks.first?.line ?? 1)
            }
        }
    }
}
