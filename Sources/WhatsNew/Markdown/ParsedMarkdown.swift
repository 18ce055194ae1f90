/// What one cmark parse gives the pipeline, with what `ParallelMarkdownParser` checks a cut by.
struct ParsedMarkdown: Sendable {
    /// The lines a top-level block covers, and whether it is a heading.
    struct Span: Sendable, Equatable {
        var lines: ClosedRange<Int>
        var isHeading: Bool
    }

    var blocks: [SourceBlock] = []
    /// One span per block, in the same order.
    var spans: [Span] = []
    /// The bytes of every link's destination and title: an upper bound on what cmark counted
    /// against its limit on expanding reference definitions.
    var linkBytes = 0
}
