import WhatsNewModel

/// Generators mix bookkeeping into a release's rows: `* **deps:** bump …` among the bug fixes,
/// changesets' `Updated dependencies` under Patch Changes, contributor and merged-PR lists.
/// Nothing is dropped: dependency items move to the release's dependencies row, and the
/// bookkeeping rows follow the rows a user reads for.
enum BookkeepingRows {
    static func arrange(_ sections: [Section]) -> [Section] {
        var sections = sections
        var gathered: [ListItem] = []
        var kinds: [Int: SectionKind] = [:]
        var index = 0
        while index < sections.count {
            let section = sections[index]
            // A breaking change stays one, whatever it updates.
            guard section.origin != .frontMatter, !(section.kind?.isBookkeeping ?? false), section.kind != .breaking
            else {
                index += 1
                continue
            }
            guard section.body.blocks.contains(where: hasDependencyUpdates) else {
                index += 1
                continue
            }
            let (kept, moved) = section.body.splittingItems(where: isDependencyUpdate)
            if moved.isEmpty {
                index += 1
                continue
            }
            gathered += moved
            if let kind = section.kind { for item in moved { kinds[item.line] = kind } }
            if kept.isEmpty && section.summary == nil {
                sections.remove(at: index)
            } else {
                sections[index].body = MarkdownContent(blocks: kept)
                index += 1
            }
        }
        if !gathered.isEmpty {
            let list = Block(
                .list(ListBlock(isOrdered: false, start: 1, isTight: true, items: gathered)),
                line: gathered[0].line, endLine: gathered[gathered.count - 1].blocks.last?.endLine)
            if let existing = sections.firstIndex(where: { $0.kind == .dependencies && $0.origin != .frontMatter }) {
                var blocks = sections[existing].body.blocks
                // One list: the gathered items after the row's own.
                if let last = blocks.last, case .list(var own) = last.content {
                    own.items += gathered
                    blocks[blocks.count - 1].content = .list(own)
                } else {
                    blocks.append(list)
                }
                sections[existing].body = MarkdownContent(blocks: blocks)
                sections[existing].itemKinds.merge(kinds) { $1 }
            } else {
                var row = Section(
                    origin: .gathered, kind: .dependencies, title: SectionKind.dependencies.markerTitle,
                    body: MarkdownContent(blocks: [list]), line: list.line)
                row.itemKinds = kinds
                sections.append(row)
            }
        }
        // Stable: user-facing rows in their order, then dependencies, pull requests, contributors.
        // Most releases have no bookkeeping, and sorting them would only cost.
        guard sections.contains(where: { $0.kind?.isBookkeeping ?? false }) else { return sections }
        let ranked = sections.enumerated().sorted { left, right in
            let (leftRank, rightRank) = (rank(left.element), rank(right.element))
            return leftRank != rightRank ? leftRank < rightRank : left.offset < right.offset
        }
        return ranked.map(\.element)
    }

    private static func rank(_ section: Section) -> Int {
        switch section.kind {
        case .dependencies?: 1
        case .pullRequests?: 2
        case .contributors?: 3
        default: 0
        }
    }

    /// The blocks without their dependency items, and those items.
    private static func hasDependencyUpdates(_ block: Block) -> Bool {
        guard case .list(let list) = block.content else { return false }
        return list.items.contains(where: isDependencyUpdate)
    }

    /// The first bytes, lowercased (`| 0x20`, which leaves digits as they are), of every shape below.
    private static let openingBytes = ByteSet("bcdfu0123456789ae".utf8)

    /// `**deps:** update …`, `*(deps)* Bump …`, `Updated dependencies [abc1234]`,
    /// `Bump rack from 2.2.3 to 2.2.3.1`, `chore(deps): update dependency yaml to v2.4.1`.
    static func isDependencyUpdate(_ item: ListItem) -> Bool {
        guard case .paragraph(let inlines)? = item.blocks.first?.content, let first = inlines.first else {
            return false
        }
        // Every shape below opens with one of these letters (or a scope in bold or italics).
        if case .text(let text) = first, let byte = text.utf8.first, !Self.openingBytes.contains(byte | 0x20) {
            return false
        }
        switch first {
        case .strong(let scope), .emphasis(let scope):
            let name = PlainText.of(scope).lowercased().trimmingCharacters(from: " :()")
            if KindWords.dependencyScopes.contains(name) { return true }
        default:
            break
        }
        let text = PlainText.of(Array(inlines.prefix(4))).lowercased()
        // Every row of every release is looked at: ASCII text, nearly all of it, is read as
        // bytes, which by characters cost a sixth of reading a long changelog.
        return text.ifASCII { isDependencyText(ascii: $0[...]) } ?? isDependencyText(Substring(text))
    }

    /// Whether an item's lowercased text, beyond ASCII, names a dependency update.
    private static func isDependencyText(_ text: Substring) -> Bool {
        var text = text
        // changesets' `abc1234: ` before the text.
        if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy(\.isHexDigit),
            text.distance(from: text.startIndex, to: colon) >= 7
        {
            text = text[text.index(after: colon)...].drop(while: { $0 == " " })
        }
        if text.hasPrefix("updated dependencies") || text.hasPrefix("update dependency ")
            || text.hasPrefix("update rust crate ") || text.hasPrefix("update module ")
        {
            return true
        }
        if let scope = conventionalScope(text), KindWords.dependencyScopes.contains(scope) { return true }
        // Dependabot's titles, which name both versions.
        return text.hasPrefix("bump ") && text.contains(text: " from ") && text.contains(text: " to ")
    }

    /// The same as ``isDependencyText(_:)`` for ASCII text, where a byte is a character.
    private static func isDependencyText(ascii text: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var text = text
        if let colon = text.firstIndex(of: UInt8(ascii: ":")), text[..<colon].allSatisfy(isHexDigit),
            colon - text.startIndex >= 7
        {
            let rest = text[(colon + 1)...]
            text = rest[(rest.firstIndex { $0 != UInt8(ascii: " ") } ?? rest.endIndex)...]
        }
        if text.starts(with: "updated dependencies".utf8) || text.starts(with: "update dependency ".utf8)
            || text.starts(with: "update rust crate ".utf8) || text.starts(with: "update module ".utf8)
        {
            return true
        }
        if let scope = conventionalScope(ascii: text), KindWords.dependencyScopes.contains(scope) { return true }
        return text.starts(with: "bump ".utf8) && text.firstIndex(ofBytes: " from ".utf8) != nil
            && text.firstIndex(ofBytes: " to ".utf8) != nil
    }

    /// `deps` in `chore(deps): …` or `build(deps-dev): …`.
    private static func conventionalScope(_ text: Substring) -> String? {
        guard let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")"), open < close,
            text[text.index(after: close)...].hasPrefix(":") || text[text.index(after: close)...].hasPrefix("!:"),
            text[..<open].allSatisfy(\.isLetter)
        else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// ``conventionalScope(_:)`` for ASCII text.
    private static func conventionalScope(ascii text: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard let open = text.firstIndex(of: UInt8(ascii: "(")), let close = text.firstIndex(of: UInt8(ascii: ")")),
            open < close
        else { return nil }
        let after = text[(close + 1)...]
        guard after.starts(with: ":".utf8) || after.starts(with: "!:".utf8),
            text[..<open].allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) })
        else { return nil }
        return String(decoding: text[(open + 1)..<close], as: UTF8.self)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
