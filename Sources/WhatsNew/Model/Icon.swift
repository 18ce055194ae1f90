/// What a section names as its icon, before any table turns it into a glyph.
public enum Icon: Sendable, Hashable {
    /// An emoji or any other text glyph, shown as is.
    case glyph(String)
    /// An SF Symbol name such as `star.circle.fill`; the artwork is Apple's and never shipped.
    case symbol(String)
    /// A `:shortcode:`, stored without its colons.
    case shortcode(String)

    /// Reads an icon as front matter or a heading writes it.
    public init?(_ spec: String) {
        let spec = spec.trimmedWhitespace()
        guard !spec.isEmpty else { return nil }
        if spec.count > 2, spec.hasPrefix(":"), spec.hasSuffix(":") {
            self = .shortcode(String(spec.dropFirst().dropLast()))
        } else if Icon.isSymbolName(spec) {
            self = .symbol(spec)
        } else {
            self = .glyph(spec)
        }
    }

    /// SF Symbol names are lowercase ASCII words and digits joined by dots.
    static func isSymbolName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return text.contains { $0.isLetter }
            && parts.allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
            }
    }
}
