import CCMark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses Markdown with cmark and copies the tree into Swift values.
///
/// This is the only place that holds cmark pointers: the tree is walked once with
/// `cmark_iter`, each node copied as the walk leaves it, and the tree freed before returning.
struct MarkdownParser {
    /// Ask cmark's own HTML renderer, in its default safe mode, for each top-level block.
    var rendersHTML: Bool
    /// Added to cmark's line numbers, for Markdown that starts partway into the file.
    var lineOffset = 0

    /// Containers nested deeper than this are flattened into the deepest one kept, their text
    /// intact, so no walk over the model (or its deallocation) can exhaust the stack.
    static let maximumDepth = 64

    /// Large input is cut at top-level headings and the pieces parsed on every core when the
    /// cut provably changes nothing (`ParallelMarkdownParser`); otherwise it is parsed whole.
    func parse(_ bytes: [UInt8]) -> [SourceBlock] {
        ParallelMarkdownParser(parser: self).parse(bytes).blocks
    }

    func parse(_ text: String) -> [SourceBlock] { parse(Array(text.utf8)) }

    /// The blocks of the whole input parsed in one piece, with what the parallel parser checks.
    func parseWhole(_ bytes: [UInt8]) -> ParsedMarkdown {
        guard !bytes.isEmpty else { return ParsedMarkdown() }
        guard let document = Self.document(bytes) else { return ParsedMarkdown() }
        defer { cmark_node_free(document) }
        return walk(document)
    }

    /// The top-level blocks cmark finds in `bytes`, without copying anything else.
    static func outline(of bytes: [UInt8]) -> [ParsedMarkdown.Span] {
        guard !bytes.isEmpty, let document = document(bytes) else { return [] }
        defer { cmark_node_free(document) }
        var spans: [ParsedMarkdown.Span] = []
        var child = cmark_node_first_child(document)
        while let node = child {
            spans.append(span(of: node, lineOffset: 0))
            child = cmark_node_next(node)
        }
        return spans
    }

    private static func document(_ bytes: [UInt8]) -> OpaquePointer? {
        bytes.withUnsafeBytes { buffer in
            cmark_parse_document(
                buffer.baseAddress!.assumingMemoryBound(to: CChar.self), buffer.count, CMARK_OPT_DEFAULT)
        }
    }

    private static func span(of node: OpaquePointer, lineOffset: Int) -> ParsedMarkdown.Span {
        ParsedMarkdown.Span(
            lines: (Int(cmark_node_get_start_line(node)) + lineOffset)...(max(
                Int(cmark_node_get_end_line(node)), Int(cmark_node_get_start_line(node))) + lineOffset),
            isHeading: cmark_node_get_type(node) == CMARK_NODE_HEADING)
    }

    /// A container being filled while the walk is inside it.
    private struct Frame {
        var node: OpaquePointer
        var blocks: [Block] = []
        var inlines: [Inline] = []
        var items: [ListItem] = []
        var itemHTML: [String] = []
    }

    private func walk(_ document: OpaquePointer) -> ParsedMarkdown {
        guard let iterator = cmark_iter_new(document) else { return ParsedMarkdown() }
        defer { cmark_iter_free(iterator) }
        var result = ParsedMarkdown()
        var stack: [Frame] = []
        var flattened = 0  // containers entered past the depth limit and not yet left
        // Each top-level block is freed once the walk is past it (the iterator only ever looks
        // ahead), so the memory of cmark's tree is reused for the Swift copy rather than held
        // beside it: about a third less peak memory on a large changelog.
        var copiedTopLevel: OpaquePointer?
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
            guard !stack.isEmpty else { break }  // the document itself
            if let inline = inline(from: finished) {
                result.linkBytes += Self.linkBytes(of: inline)
                stack[stack.count - 1].inlines.append(inline)
            } else if cmark_node_get_type(node) == CMARK_NODE_ITEM {
                let item = ListItem(blocks: finished.blocks, line: line(of: node))
                stack[stack.count - 1].items.append(item)
                if rendersHTML, stack.count == 2 { stack[1].itemHTML.append(html(of: node)) }
            } else if let block = block(from: finished) {
                if stack.count == 1 {
                    result.blocks.append(SourceBlock(block: block, html: topLevelHTML(of: node, finished)))
                    result.spans.append(Self.span(of: node, lineOffset: lineOffset))
                    if let copiedTopLevel { cmark_node_free(copiedTopLevel) }
                    copiedTopLevel = node
                } else {
                    stack[stack.count - 1].blocks.append(block)
                }
            }
        }
        return result
    }

    private func topLevelHTML(of node: OpaquePointer, _ frame: Frame) -> SourceBlock.HTML {
        guard rendersHTML else { return .none }
        return cmark_node_get_type(node) == CMARK_NODE_LIST ? .listItems(frame.itemHTML) : .block(html(of: node))
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
        case CMARK_NODE_HTML_BLOCK: content = .html(literal(node))
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
        return Block(content, line: line(of: node))
    }

    private func inline(from frame: Frame) -> Inline? {
        let node = frame.node
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return .text(literal(node))
        case CMARK_NODE_CODE: return .code(literal(node))
        case CMARK_NODE_HTML_INLINE: return .html(literal(node))
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

    /// What a link costs against cmark's limit on expanding references: its destination and title.
    private static func linkBytes(of inline: Inline) -> Int {
        switch inline {
        case .link(let destination, let title, _): destination.utf8.count + title.utf8.count
        case .image(let source, let title, _): source.utf8.count + title.utf8.count
        default: 0
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

    private func line(of node: OpaquePointer) -> Int { Int(cmark_node_get_start_line(node)) + lineOffset }

    private func literal(_ node: OpaquePointer) -> String { Self.string(cmark_node_get_literal(node)) }

    /// cmark's HTML for one node and what it holds; never `CMARK_OPT_UNSAFE`, so raw HTML and
    /// `javascript:` links do not get through.
    private func html(of node: OpaquePointer) -> String {
        guard let rendered = cmark_render_html(node, CMARK_OPT_DEFAULT) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
