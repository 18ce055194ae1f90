import WhatsNewModel
import WhatsNewReading

/// What a dependency's changelog says of an update: the releases after the old version up to
/// the new one (for a downgrade, those taken back) merged into one release, a row per kind,
/// breaking rows first. An item marked breaking (``BreakingMark``) under another kind moves to
/// the breaking row, so nothing breaking is found only by reading every row.
struct DependencyNotes {
    /// The merged release the sheet shows.
    var release: Release
    /// The versions it covers, in the changelog's order.
    var versions: [String]
    /// How many breaking items (or rows without items) it holds.
    var breakingCount: Int

    /// The notes of `update` in `document`; nil when the changelog lists none of its versions.
    init?(_ document: Document, update: DependencyUpdate, reader: DocumentReader) {
        guard let from = update.from.flatMap({ ReleaseVersion($0.version) }),
            let to = update.to.flatMap({ ReleaseVersion($0.version) })
        else { return nil }
        let (low, high) = from < to ? (from, to) : (to, from)
        let chosen = document.releases.filter { release in
            guard let version = release.version, release.hasContent else { return false }
            return version > low && version <= high
        }
        guard !chosen.isEmpty else { return nil }
        versions = chosen.compactMap { $0.version?.text }
        var breaking: Section?
        var rows: [Section] = []
        var keys: [String: Int] = [:]
        breakingCount = 0
        for section in chosen.flatMap(\.sections) {
            var section = section
            if section.kind == .breaking {
                breakingCount += max(1, section.body.items.count)
                breaking = Self.merged(breaking, section)
                continue
            }
            // Items marked breaking under another kind join the breaking row.
            let (rest, marked) = section.body.splittingItems { BreakingMark.marks($0) }
            if !marked.isEmpty {
                breakingCount += marked.count
                var moved = Section(origin: .heading, kind: .breaking, title: "Breaking changes", line: section.line)
                moved.body = MarkdownContent(blocks: [
                    Block(
                        .list(ListBlock(isOrdered: false, start: 1, isTight: true, items: marked)), line: marked[0].line
                    )
                ])
                moved.appearance = breaking?.appearance ?? reader.appearance(of: moved)
                breaking = Self.merged(breaking, moved)
                guard !rest.isEmpty || section.summary != nil else { continue }
                section.body = MarkdownContent(blocks: rest)
            }
            // Rows of one kind and title merge; a curated row (a summary of its own) stands alone.
            let key = "\(section.kind?.rawValue ?? "")|\(SectionKind.normalized(section.title ?? ""))"
            if section.summary == nil, let index = keys[key] {
                rows[index] = Self.merged(rows[index], section)
            } else {
                if section.summary == nil { keys[key] = rows.count }
                rows.append(section)
            }
        }
        let newest = chosen.max { ($0.version ?? low) < ($1.version ?? low) }!
        let oldest = chosen.min { ($0.version ?? high) < ($1.version ?? high) }!
        let span =
            versions.count == 1
            ? newest.version!.text
            : "\(versions.count) releases, \(oldest.version!.text) to \(newest.version!.text)"
        release = Release(
            date: newest.date, title: update.step == .downgrade ? "Taken back: \(span)" : span,
            sections: (breaking.map { [$0] } ?? []) + rows, line: newest.line)
    }

    /// `first` with `next`'s body after its own: one list when both are one.
    private static func merged(_ first: Section?, _ next: Section) -> Section {
        guard var first else { return next }
        if case .list(var list)? = first.body.blocks.last?.content, next.isOneList,
            case .list(let more) = next.body.blocks[0].content, list.isOrdered == more.isOrdered
        {
            list.items += more.items
            list.isTight = list.isTight && more.isTight
            first.body.blocks[first.body.blocks.count - 1].content = .list(list)
        } else {
            first.body.blocks += next.body.blocks
        }
        return first
    }
}
