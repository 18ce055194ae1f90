/// Inline Markdown as cmark reads it, copied into Swift values.
public enum Inline: Sendable, Hashable {
    case text(String)
    case code(String)
    case emphasis([Inline])
    case strong([Inline])
    /// A link with its destination already resolved from any reference definition.
    case link(destination: String, title: String, [Inline])
    case image(source: String, title: String, alt: [Inline])
    case softBreak
    case lineBreak
    /// Raw inline HTML; renderers decide whether it may pass.
    case html(String)
}
