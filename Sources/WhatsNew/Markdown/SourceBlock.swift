/// A block at the top of the document, with cmark's own HTML for it when that was asked for.
///
/// A list keeps its items' HTML apart, so the reader can drop a placeholder item (`None.`)
/// from the HTML as well as from the model.
public struct SourceBlock: Sendable, Hashable {
    public var block: Block
    public var html: HTML

    public enum HTML: Sendable, Hashable {
        case none
        case block(String)
        case listItems([String])
    }
}
