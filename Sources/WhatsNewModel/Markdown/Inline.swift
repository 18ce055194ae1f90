/// Inline Markdown as cmark reads it, copied into Swift values.
public enum Inline: Sendable, Hashable {
    /// Literal text.
    case text(String)
    /// A code span's text.
    case code(String)
    /// Emphasis (`*…*`), usually drawn in italics.
    case emphasis([Inline])
    /// Strong emphasis (`**…**`), usually drawn in bold.
    case strong([Inline])
    /// A link with its destination already resolved from any reference definition.
    case link(destination: String, title: String, [Inline])
    /// An image: its address, title and alternative text, and the size an `<img>` tag gives it.
    /// Boxed: its fields are wider than any other case's, and every inline would carry them.
    indirect case image(source: String, title: String, alt: [Inline], size: ImageSize? = nil)
    /// A line break in the source that reads as a space.
    case softBreak
    /// A hard line break (two spaces or a backslash at the end of a line).
    case lineBreak
    /// Raw inline HTML; renderers decide whether it may pass.
    case html(String)
}
