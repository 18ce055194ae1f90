import CCMark
import WhatsNewModel

/// Parses Markdown with cmark and copies the tree into Swift values.
///
/// This is the only place that holds cmark pointers: the document is parsed once, walked once
/// with `cmark_iter`, each node copied as the walk leaves it, and the tree freed before
/// returning: each top-level block as soon as it is copied, so cmark's tree and its Swift copy
/// never both hold the whole file (10 MB, a sixth, off the peak memory of a 2 MB changelog).
package struct MarkdownParser {
    /// Added to cmark's line numbers, for Markdown that starts partway into the file.
    var lineOffset = 0
    /// The file's line number of each line cmark is given (1-based lines, at index line - 1),
    /// for Markdown made of parts of a file; nil when its lines are the file's.
    var lineMap: [Int]?

    package init(lineOffset: Int = 0) {
        self.lineOffset = lineOffset
    }

    /// A parser of parts of a file, whose line `n` is the file's line `lineMap[n - 1]`.
    init(lineMap: [Int]) {
        self.lineMap = lineMap
    }

    /// Containers nested deeper than this are flattened into the deepest one kept, their text
    /// intact, so no walk over the model (or its deallocation) can exhaust the stack.
    static let maximumDepth = 64

    /// The top-level blocks of `bytes`.
    func parse(_ bytes: [UInt8]) -> [Block] {
        guard !bytes.isEmpty else { return [] }
        let document = bytes.withUnsafeBytes { buffer in
            cmark_parse_document(
                buffer.baseAddress!.assumingMemoryBound(to: CChar.self), buffer.count, CMARK_OPT_DEFAULT)
        }
        guard let document else { return [] }
        defer { cmark_node_free(document) }
        return walk(document)
    }

    package func parse(_ text: String) -> [Block] { parse(Array(text.utf8)) }

    /// A container being filled while the walk is inside it.
    private struct Frame {
        var node: OpaquePointer
        var blocks: [Block] = []
        var inlines: [Inline] = []
        var items: [ListItem] = []
    }

    private func walk(_ document: OpaquePointer) -> [Block] {
        var stack = [Frame(node: document)]
        var flattened = 0  // containers entered past the depth limit and not yet left
        while let block = cmark_node_first_child(document) {
            walk(block, stack: &stack, flattened: &flattened)
            cmark_node_free(block)  // unlinked from the document, so the next block is first
        }
        return stack[0].blocks
    }

    /// Copies one top-level block into the document's frame, the bottom of `stack`.
    private func walk(_ root: OpaquePointer, stack: inout [Frame], flattened: inout Int) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_ENTER, !Self.isLeaf(node) {
                if stack.count >= Self.maximumDepth, Self.canFlatten(node, into: stack.last?.node) {
                    flattened += 1
                } else {
                    stack.append(Frame(node: node))
                }
                continue
            }
            if event == CMARK_EVENT_EXIT, flattened > 0, stack.last?.node != node {
                flattened -= 1
                continue
            }
            let finished = event == CMARK_EVENT_EXIT ? stack.removeLast() : Frame(node: node)
            if let inline = inline(from: finished) {
                stack[stack.count - 1].inlines.append(inline)
            } else if cmark_node_get_type(node) == CMARK_NODE_ITEM {
                stack[stack.count - 1].items.append(ListItem(blocks: finished.blocks, line: line(of: node)))
            } else if let block = block(from: finished) {
                stack[stack.count - 1].blocks.append(block)
            }
        }
    }

    private func block(from frame: Frame) -> Block? {
        let node = frame.node
        let content: Block.Content
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH: content = .paragraph(frame.inlines)
        case CMARK_NODE_HEADING: content = .heading(level: Int(cmark_node_get_heading_level(node)), frame.inlines)
        case CMARK_NODE_BLOCK_QUOTE: content = .blockQuote(frame.blocks)
        case CMARK_NODE_CODE_BLOCK:
            content = .codeBlock(info: Self.string(cmark_node_get_fence_info(node)), code: literal(node))
        case CMARK_NODE_HTML_BLOCK:
            // GitHub's uploader writes images as `<img …>`: they are images, as `![…](…)` is.
            let html = literal(node)
            content = RawHTML.images(in: html).map { .paragraph($0) } ?? .html(html)
        case CMARK_NODE_THEMATIC_BREAK: content = .thematicBreak
        case CMARK_NODE_LIST:
            content = .list(
                ListBlock(
                    isOrdered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                    start: Int(cmark_node_get_list_start(node)),
                    isTight: cmark_node_get_list_tight(node) != 0,
                    items: frame.items))
        default: return nil
        }
        return Block(content, line: line(of: node), endLine: fileLine(cmark_node_get_end_line(node)))
    }

    private func inline(from frame: Frame) -> Inline? {
        let node = frame.node
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return .text(literal(node))
        case CMARK_NODE_CODE: return .code(literal(node))
        case CMARK_NODE_HTML_INLINE:
            let html = literal(node)
            return RawHTML.images(in: html)?.first ?? .html(html)
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_EMPH: return .emphasis(frame.inlines)
        case CMARK_NODE_STRONG: return .strong(frame.inlines)
        case CMARK_NODE_LINK:
            return .link(
                destination: Self.string(cmark_node_get_url(node)), title: Self.string(cmark_node_get_title(node)),
                frame.inlines)
        case CMARK_NODE_IMAGE:
            return .image(
                source: Self.string(cmark_node_get_url(node)), title: Self.string(cmark_node_get_title(node)),
                alt: frame.inlines)
        default: return nil
        }
    }

    /// Block containers and inline spans can give their children to the container above;
    /// a paragraph or heading, and an item directly in a list, keep their own frame.
    private static func canFlatten(_ node: OpaquePointer, into parent: OpaquePointer?) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING: false
        case CMARK_NODE_ITEM: parent.map { cmark_node_get_type($0) != CMARK_NODE_LIST } ?? true
        default: true
        }
    }

    private static func isLeaf(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK,
            CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK:
            true
        default:
            false
        }
    }

    private func line(of node: OpaquePointer) -> Int { fileLine(cmark_node_get_start_line(node)) }

    private func fileLine(_ line: Int32) -> Int {
        guard let lineMap else { return Int(line) + lineOffset }
        return lineMap[min(max(Int(line), 1), lineMap.count) - 1]
    }

    private func literal(_ node: OpaquePointer) -> String { Self.string(cmark_node_get_literal(node)) }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
