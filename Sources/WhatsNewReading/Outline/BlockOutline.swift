/// The top-level block structure of Markdown, found as cmark finds it (block quotes and list
/// items with lazy continuation, fenced and indented code, HTML blocks 1–7, setext and ATX
/// headings) without reading any inline: where each top-level block begins and ends, which
/// are headings, and which paragraphs may hold link reference definitions.
///
/// It lets a reader hand cmark only part of a file: whole top-level blocks, cut where cmark
/// would cut them. Where it cannot be sure that a part read alone reads as it does in the whole
/// file, it says why (``doubt``) and the file is read whole.
struct BlockOutline {
    /// One top-level block: a heading, a paragraph, raw HTML or a thematic break (which no
    /// release holds as content), a list item, or anything else (a quote, code).
    struct TopBlock: Equatable {
        enum Kind: Equatable { case heading, paragraph, htmlOrBreak, listItem, other }
        var kind: Kind
        /// Index of its first line, 0-based.
        var first: Int
        /// Index of its last line that is not blank (a setext heading's underline).
        var last: Int
        /// A paragraph whose first character is `[`: it may hold link reference definitions.
        var opensWithBracket = false
        /// A paragraph whose first character is `#`: it may name a release (`###4.0.0`).
        var opensWithHash = false
    }

    private(set) var blocks: [TopBlock] = []
    /// Why reading part of the file could read otherwise than reading all of it.
    private(set) var doubt: String?

    /// A list item or block quote the current line may still be inside.
    private struct Container {
        var isQuote: Bool
        /// Columns a line needs to continue the item.
        var contentIndent = 0
        /// Whether any block has started inside it; an item with none ends at a blank line.
        var hasChild = false
    }

    /// The leaf block lines are going to, if any.
    private enum Leaf: Equatable {
        case none
        case paragraph
        case fence(marker: UInt8, length: Int)
        case html(type: Int)
        case indentedCode
    }

    private var containers: [Container] = []
    private var leaf = Leaf.none

    /// Scans `bytes` split into `lines` (the line structure cmark uses).
    init(_ bytes: [UInt8], lines: [SourceLines.Line]) {
        bytes.withUnsafeBufferPointer { buffer in
            for (index, line) in lines.enumerated() {
                process(Cursor(buffer, line.content), index: index)
            }
        }
    }

    // MARK: - A line

    private mutating func process(_ start: Cursor, index: Int) {
        var cursor = start
        let matched = continueContainers(&cursor)
        let allMatched = matched == containers.count
        if allMatched, continueLeaf(&cursor, index: index) { return }
        var opening = Opening(
            depth: matched, paragraphContinues: allMatched && leaf == .paragraph && !cursor.isBlankRest,
            maybeLazy: leaf == .paragraph)
        if openBlocks(&cursor, &opening, index: index) { return }
        finishLine(&cursor, opening, allMatched: allMatched, index: index)
    }

    /// Steps past the markers of the open containers the line continues; how many it continues.
    private func continueContainers(_ cursor: inout Cursor) -> Int {
        var matched = 0
        while matched < containers.count {
            let container = containers[matched]
            let indent = cursor.indent
            if container.isQuote {
                guard indent <= 3, cursor.firstByte == UInt8(ascii: ">") else { break }
                cursor.skipToNonspace()
                cursor.advanceBytes(1)
                cursor.skipOneSpace()
            } else if indent >= container.contentIndent {
                cursor.advanceColumns(container.contentIndent)
            } else if cursor.isBlankRest && container.hasChild {
                cursor.skipToNonspace()
            } else {
                break
            }
            matched += 1
        }
        return matched
    }

    /// Gives the line to the open fence, HTML block or indented code when that takes it; true
    /// when the line is done.
    private mutating func continueLeaf(_ cursor: inout Cursor, index: Int) -> Bool {
        switch leaf {
        case .fence(let marker, let length):
            if cursor.indent <= 3, Self.closesFence(cursor.restAfterIndent, marker: marker, length: length) {
                leaf = .none
            }
            extendLast(to: index)
            return true
        case .html(let type):
            if type >= 6, cursor.isBlankRest {
                leaf = .none
                return true
            }
            if Self.endsHTML(type, cursor.rest) { leaf = .none }
            extendLast(to: index)
            return true
        case .indentedCode:
            if cursor.indent >= 4 || cursor.isBlankRest {
                if !cursor.isBlankRest { extendLast(to: index) }
                return true
            }
            leaf = .none
            return false
        default:
            return false
        }
    }

    /// What opening new blocks on one line has found so far.
    private struct Opening {
        /// How many containers the line stands in.
        var depth: Int
        /// Whether the line opened a quote or a list item.
        var started = false
        /// Whether the line may still continue the open paragraph.
        var paragraphContinues: Bool
        /// cmark's `maybe_lazy`: the line may still continue a paragraph, until a container opens.
        var maybeLazy: Bool
        /// Where a thematic break was ruled out: one that failed there fails from any point
        /// before it too (only its marker or spaces stand between), so `- - - … x` is scanned once.
        var breakKilled = Int.min
    }

    /// Opens the quotes and list items the line starts, then the leaf it starts, in cmark's
    /// order; true when a leaf took the line.
    private mutating func openBlocks(_ cursor: inout Cursor, _ opening: inout Opening, index: Int) -> Bool {
        while true {
            let indent = cursor.indent
            let blank = cursor.isBlankRest
            let indented = indent >= 4
            let first = cursor.firstByte
            // Most lines open with a letter, which opens none of the blocks below.
            if !indented, !(first.map(Self.mayOpenBlock) ?? false) { return false }
            if !indented, first == UInt8(ascii: ">") {
                close(above: opening.depth)
                open(Container(isQuote: true), at: index, depth: &opening.depth)
                cursor.skipToNonspace()
                cursor.advanceBytes(1)
                cursor.skipOneSpace()
                (opening.started, opening.paragraphContinues, opening.maybeLazy) = (true, false, false)
                continue
            }
            if !indented, cursor.restAfterIndent.opensATXHeading {
                close(above: opening.depth)
                startLeaf(.none, kind: .heading, at: index, depth: opening.depth)
                return true
            }
            if !indented, let fence = Self.opensFence(cursor.restAfterIndent) {
                close(above: opening.depth)
                startLeaf(
                    .fence(marker: fence.marker, length: fence.length), kind: .other, at: index, depth: opening.depth)
                return true
            }
            if !indented, first == UInt8(ascii: "<"),
                let type = Self.htmlStart(
                    cursor.restAfterIndent, allowsType7: !opening.paragraphContinues && !opening.maybeLazy)
            {
                close(above: opening.depth)
                startLeaf(.html(type: type), kind: .htmlOrBreak, at: index, depth: opening.depth)
                if Self.endsHTML(type, cursor.rest) { leaf = .none }
                return true
            }
            if !indented, opening.paragraphContinues, Self.isSetextUnderline(cursor.restAfterIndent) {
                underlineParagraph(at: index, depth: opening.depth)
                return true
            }
            if !indented, cursor.restAfterIndent.startIndex >= opening.breakKilled,
                Self.isThematicBreak(cursor.restAfterIndent, failedAt: &opening.breakKilled)
            {
                close(above: opening.depth)
                startLeaf(.none, kind: .htmlOrBreak, at: index, depth: opening.depth)
                return true
            }
            if !indented,
                let width = Self.listMarker(cursor.restAfterIndent, interruptsParagraph: opening.paragraphContinues)
            {
                close(above: opening.depth)
                openListItem(&cursor, markerWidth: width, at: index, depth: &opening.depth)
                (opening.started, opening.paragraphContinues, opening.maybeLazy) = (true, false, false)
                continue
            }
            if indented, !opening.maybeLazy, !blank {
                close(above: opening.depth)
                startLeaf(.indentedCode, kind: .other, at: index, depth: opening.depth)
                return true
            }
            return false
        }
    }

    /// The paragraph above becomes a heading, unless it held only link definitions.
    private mutating func underlineParagraph(at index: Int, depth: Int) {
        if depth == 0, let last = blocks.indices.last, blocks[last].kind == .paragraph {
            if blocks[last].opensWithBracket { doubt = doubt ?? "a setext heading under a link definition" }
            blocks[last].kind = .heading
            blocks[last].last = index
            blocks[last].opensWithHash = false
        }
        leaf = .none
    }

    /// Opens a list item whose marker, `width` bytes, stands at the cursor: its content starts
    /// after the marker and its spaces (one when there are none, five or more, or only a blank).
    private mutating func openListItem(_ cursor: inout Cursor, markerWidth width: Int, at index: Int, depth: inout Int)
    {
        let markerIndent = cursor.indent
        cursor.skipToNonspace()
        cursor.advanceBytes(width)
        let spaces = cursor.indent
        let padding: Int
        if cursor.isBlankRest || spaces >= 5 || spaces < 1 {
            padding = width + 1
            if !cursor.isBlankRest { cursor.advanceColumns(1) }
        } else {
            padding = width + spaces
            cursor.advanceColumns(spaces)
        }
        open(
            Container(isQuote: false, contentIndent: markerIndent + padding), kind: .listItem, at: index, depth: &depth)
    }

    /// What is left of the line once no new leaf took it: a lazy continuation, a blank, more of
    /// the open paragraph, or a new paragraph.
    private mutating func finishLine(_ cursor: inout Cursor, _ opening: Opening, allMatched: Bool, index: Int) {
        let blank = cursor.isBlankRest
        if !opening.started, !allMatched, !blank, leaf == .paragraph {
            extendLast(to: index)  // a lazy continuation line: every container stays open
            return
        }
        close(above: opening.depth)
        if blank {
            if leaf == .paragraph { leaf = .none }
            return
        }
        if leaf == .paragraph {
            extendLast(to: index)
            return
        }
        startLeaf(.paragraph, kind: .paragraph, at: index, depth: opening.depth)
        guard let first = cursor.firstByte else { return }
        if opening.depth == 0 {
            blocks[blocks.count - 1].opensWithBracket = first == UInt8(ascii: "[")
            blocks[blocks.count - 1].opensWithHash = first == UInt8(ascii: "#")
        } else if first == UInt8(ascii: "["), cursor.restAfterIndent.containsColonAfterBracket {
            doubt = doubt ?? "a link definition inside a list or quote"
        }
    }

    /// Closes containers deeper than `depth`, and the leaf with them.
    private mutating func close(above depth: Int) {
        if containers.count > depth {
            containers.removeSubrange(depth...)
            leaf = .none
        }
    }

    private mutating func open(_ container: Container, kind: TopBlock.Kind = .other, at index: Int, depth: inout Int) {
        noteChild(at: index, depth: depth, kind: kind)
        leaf = .none
        containers.append(container)
        depth += 1
    }

    private mutating func startLeaf(_ newLeaf: Leaf, kind: TopBlock.Kind, at index: Int, depth: Int) {
        noteChild(at: index, depth: depth, kind: kind)
        leaf = newLeaf
    }

    /// A block begins inside the container at `depth`, or at the top level.
    private mutating func noteChild(at index: Int, depth: Int, kind: TopBlock.Kind) {
        if depth == 0 {
            blocks.append(TopBlock(kind: kind, first: index, last: index))
        } else {
            containers[depth - 1].hasChild = true
            extendLast(to: index)
        }
    }

    /// The current top-level block reaches line `index`.
    private mutating func extendLast(to index: Int) {
        if !blocks.isEmpty { blocks[blocks.count - 1].last = index }
    }
}

// MARK: - Block starts, as CommonMark defines them

extension BlockOutline {
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Whether a line's first character may open a block other than a paragraph: a quote's `>`,
    /// a heading's `#`, a fence, HTML, a setext underline or thematic break, a list marker.
    private static func mayOpenBlock(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ">"), UInt8(ascii: "#"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "<"),
            UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }

    private static func restIsBlank(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        bytes.allSatisfy { isSpace($0) }
    }

    static func opensFence(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> (marker: UInt8, length: Int)? {
        guard let marker = bytes.first, marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") else { return nil }
        let length = bytes.prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        if marker == UInt8(ascii: "`"), bytes.dropFirst(length).contains(marker) { return nil }
        return (marker, length)
    }

    static func closesFence(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, marker: UInt8, length: Int) -> Bool {
        let run = bytes.prefix { $0 == marker }.count
        return run >= length && restIsBlank(bytes.dropFirst(run))
    }

    static func isSetextUnderline(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        guard let marker = bytes.first, marker == UInt8(ascii: "=") || marker == UInt8(ascii: "-") else { return false }
        let run = bytes.prefix { $0 == marker }.count
        return restIsBlank(bytes.dropFirst(run))
    }

    static func isThematicBreak(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, failedAt: inout Int) -> Bool {
        guard let marker = bytes.first,
            marker == UInt8(ascii: "*") || marker == UInt8(ascii: "-") || marker == UInt8(ascii: "_")
        else { return false }
        var count = 0
        // Positions counted by hand: a slice's `indices` is generic here, a thousand instructions.
        for position in bytes.startIndex..<bytes.endIndex {
            let byte = bytes[position]
            if byte == marker {
                count += 1
            } else if !isSpace(byte) {
                failedAt = position
                return false
            }
        }
        if count < 3 { failedAt = bytes.endIndex }
        return count >= 3
    }

    /// A bullet (`-`, `+`, `*`) or ordered (`1.`, `2)`) marker followed by a space or the line's
    /// end. Interrupting a paragraph, an item must hold something, and an ordered one start at 1.
    static func listMarker(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, interruptsParagraph: Bool) -> Int? {
        guard let first = bytes.first else { return nil }
        var width: Int
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            width = 1
        } else {
            let digits = bytes.prefix { (0x30...0x39).contains($0) }
            guard (1...9).contains(digits.count), let delimiter = bytes.dropFirst(digits.count).first,
                delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")")
            else { return nil }
            if interruptsParagraph, digits.dropLast().contains(where: { $0 != 0x30 }) || digits.last != 0x31 {
                return nil
            }
            width = digits.count + 1
        }
        let after = bytes.dropFirst(width)
        guard after.first.map(isSpace) ?? true else { return nil }
        if interruptsParagraph, restIsBlank(after) { return nil }
        return width
    }

    /// The HTML block a line opens (CommonMark's seven kinds), if any.
    static func htmlStart(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, allowsType7: Bool) -> Int? {
        guard bytes.first == UInt8(ascii: "<") else { return nil }
        let text = bytes.dropFirst()
        for name in ["script", "pre", "style", "textarea"] where text.startsWithIgnoringCase(name) {
            let after = text.dropFirst(name.utf8.count)
            if after.first.map({ isSpace($0) || $0 == UInt8(ascii: ">") }) ?? true { return 1 }
        }
        if text.starts(with: "!--".utf8) { return 2 }
        if text.first == UInt8(ascii: "?") { return 3 }
        if text.first == UInt8(ascii: "!"), let letter = text.dropFirst().first,
            (0x41...0x5A).contains(letter) || (0x61...0x7A).contains(letter)
        {
            return 4
        }
        if text.starts(with: "![CDATA[".utf8) { return 5 }
        let closing = text.first == UInt8(ascii: "/")
        let nameStart = text.dropFirst(closing ? 1 : 0)
        let name = nameStart.prefix { isTagNameByte($0) }
        if !name.isEmpty, blockTagNames.contains(String(decoding: name, as: UTF8.self).lowercased()) {
            let after = nameStart.dropFirst(name.count)
            if after.first.map({ isSpace($0) || $0 == UInt8(ascii: ">") }) ?? true { return 6 }
            if after.starts(with: "/>".utf8) { return 6 }
        }
        if allowsType7, isCompleteTag(bytes) { return 7 }
        return nil
    }

    private static func isTagNameByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            || byte == UInt8(ascii: "-")
    }

    /// An open tag (`<a href="x">`) or a closing one (`</span>`) and nothing after it but spaces.
    private static func isCompleteTag(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        var rest = bytes.dropFirst()
        let closing = rest.first == UInt8(ascii: "/")
        if closing { rest = rest.dropFirst() }
        guard let letter = rest.first, (0x41...0x5A).contains(letter) || (0x61...0x7A).contains(letter) else {
            return false
        }
        rest = rest.drop { isTagNameByte($0) }
        if closing {
            rest = rest.drop { isSpace($0) }
            guard rest.first == UInt8(ascii: ">") else { return false }
            return restIsBlank(rest.dropFirst())
        }
        while true {
            let spaced = rest.prefix { isSpace($0) }.count
            rest = rest.dropFirst(spaced)
            guard let next = rest.first else { return false }
            if next == UInt8(ascii: ">") { return restIsBlank(rest.dropFirst()) }
            if next == UInt8(ascii: "/") {
                return rest.dropFirst().first == UInt8(ascii: ">") && restIsBlank(rest.dropFirst(2))
            }
            // An attribute needs a space before it.
            guard spaced > 0,
                (0x41...0x5A).contains(next) || (0x61...0x7A).contains(next) || next == UInt8(ascii: "_")
                    || next == UInt8(ascii: ":")
            else { return false }
            rest = rest.drop {
                isTagNameByte($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
            }
            let beforeValue = rest.drop { isSpace($0) }
            guard beforeValue.first == UInt8(ascii: "=") else { continue }
            rest = beforeValue.dropFirst().drop { isSpace($0) }
            guard let quote = rest.first else { return false }
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                guard let end = rest.dropFirst().firstIndex(of: quote) else { return false }
                rest = rest[(end + 1)...]
            } else {
                let value = rest.prefix { !isSpace($0) && !"\"'=<>`".utf8.contains($0) }
                guard !value.isEmpty else { return false }
                rest = rest.dropFirst(value.count)
            }
        }
    }

    /// Whether the HTML block of `type` ends on this line.
    static func endsHTML(_ type: Int, _ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        switch type {
        case 1: ["</script>", "</pre>", "</style>", "</textarea>"].contains { bytes.containsIgnoringCase($0) }
        case 2: bytes.containsIgnoringCase("-->")
        case 3: bytes.containsIgnoringCase("?>")
        case 4: bytes.contains(UInt8(ascii: ">"))
        case 5: bytes.containsIgnoringCase("]]>")
        default: false
        }
    }

    private static let blockTagNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup",
        "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "title", "tr", "track", "ul",
    ]
}

// MARK: - Reading a line by columns

/// A position in one line, by byte and by column (a tab reaches the next multiple of four, and
/// may be consumed in part, as CommonMark's containers consume it).
private struct Cursor {
    let line: UnsafeBufferPointer<UInt8>.SubSequence
    var index: Int
    var column = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        line = buffer[range]
        index = range.lowerBound
    }

    var rest: UnsafeBufferPointer<UInt8>.SubSequence { line[index...] }

    /// The first character that is no space or tab from here, by index and column: found once
    /// and kept while the cursor moves through the spaces before it, so a line indented by
    /// thousands of columns under thousands of containers is read in one pass, as cmark does.
    private var nonspace: (index: Int, column: Int)?

    private mutating func firstNonspace() -> (index: Int, column: Int) {
        if let nonspace, nonspace.index >= index { return nonspace }
        var columns = column
        var position = index
        while position < line.endIndex {
            let byte = line[position]
            if byte == 0x20 {
                columns += 1
            } else if byte == 0x09 {
                columns += 4 - columns % 4
            } else {
                break
            }
            position += 1
        }
        nonspace = (position, columns)
        return (position, columns)
    }

    /// Columns of spaces and tabs from here to the first other character.
    var indent: Int {
        mutating get { firstNonspace().column - column }
    }

    /// Whether nothing but spaces and tabs is left.
    var isBlankRest: Bool {
        mutating get { firstNonspace().index == line.endIndex }
    }

    /// The rest from its first character that is no space or tab.
    var restAfterIndent: UnsafeBufferPointer<UInt8>.SubSequence {
        mutating get { line[firstNonspace().index...] }
    }

    var firstByte: UInt8? {
        mutating get { restAfterIndent.first }
    }

    mutating func skipToNonspace() {
        (index, column) = firstNonspace()
    }

    mutating func advanceBytes(_ count: Int) {
        index = min(index + count, line.endIndex)
        column += count
    }

    mutating func advanceColumns(_ count: Int) {
        var needed = count
        while needed > 0, index < line.endIndex {
            let byte = line[index]
            if byte == 0x09 {
                let width = 4 - column % 4
                if width <= needed {
                    index += 1
                    column += width
                    needed -= width
                } else {
                    column += needed
                    needed = 0
                }
            } else if byte == 0x20 {
                index += 1
                column += 1
                needed -= 1
            } else {
                break
            }
        }
    }

    /// After a `>`: one space, or one column of a tab.
    mutating func skipOneSpace() {
        if index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { advanceColumns(1) }
    }
}

extension Slice where Base == UnsafeBufferPointer<UInt8> {
    fileprivate func startsWithIgnoringCase(_ text: String) -> Bool {
        let pattern = text.utf8
        guard count >= pattern.count else { return false }
        return zip(self, pattern).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    fileprivate func containsIgnoringCase(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        guard count >= pattern.count, let head = pattern.first else { return false }
        var position = startIndex
        while position + pattern.count <= endIndex {
            if self[position] | 0x20 == head | 0x20,
                self[position..<(position + pattern.count)].startsWithIgnoringCase(text)
            {
                return true
            }
            position += 1
        }
        return false
    }

    /// `[label]:` somewhere on the line: it may be a link reference definition.
    fileprivate var containsColonAfterBracket: Bool {
        guard let close = firstIndex(of: UInt8(ascii: "]")) else { return false }
        return self[close...].dropFirst().first == UInt8(ascii: ":")
    }
}
