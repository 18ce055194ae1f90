import WhatsNewModel

/// How the renderers that write as they go hand their output on.
enum StreamedOutput {
    /// How much output is gathered before it is handed on: large enough that a write costs
    /// little per byte, small enough that a long sheet is never held whole.
    static let chunkSize = 1 << 16
}
