/// Where a renderer hands its output, in order, as parts of it are finished: a large sheet
/// goes to its file or pipe while the rest is still being rendered, and is never whole in
/// memory. `write` is called from one thread at a time, not always the caller's.
public struct OutputSink: Sendable {
    public let write: @Sendable (UnsafeRawBufferPointer) -> Void

    public init(_ write: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.write = write
    }
}
