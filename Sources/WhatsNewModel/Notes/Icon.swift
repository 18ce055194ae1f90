/// What a section names as its icon, before the icon catalog turns it into a glyph.
public enum Icon: Sendable, Hashable {
    /// An emoji or any other text glyph, shown as is.
    case glyph(String)
    /// A name: an SF Symbol name such as `star.circle.fill`, or a bare shortcode name such as
    /// `tada`. The SF Symbols artwork is Apple's and never shipped; a stand-in glyph is.
    case symbol(String)
    /// A `:shortcode:`, stored without its colons.
    case shortcode(String)

    /// Text longer than an icon: a phrase written as `icon:` (`Faster sync for everyone`). The
    /// sheet draws the row's default icon instead, so one row cannot widen the icon column.
    public var isTooLongForAnIcon: Bool {
        guard case .glyph(let text) = self else { return false }
        return text.count > 3
    }

    /// Reads an icon as front matter or a heading writes it.
    public init?(_ spec: String) {
        let spec = spec.trimmedWhitespace()
        guard !spec.isEmpty else { return nil }
        if spec.count > 2, spec.hasPrefix(":"), spec.hasSuffix(":"),
            Icon.isName(spec.dropFirst().dropLast(), needsLetter: false)
        {
            self = .shortcode(String(spec.dropFirst().dropLast()))
        } else if Icon.isName(spec) {
            self = .symbol(spec)
        } else {
            self = .glyph(spec)
        }
    }

    /// Names are two or more ASCII letters, digits, dots, `_`, `+` or `-`, with a letter among
    /// them; anything else (an emoji, `★`, a single character) is a glyph. Between colons no
    /// letter is needed: `:+1:` and `:100:` are shortcodes.
    static func isName(_ text: some StringProtocol, needsLetter: Bool = true) -> Bool {
        var hasLetter = false
        var count = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): hasLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"),
                UInt8(ascii: "-"):
                break
            default: return false
            }
            count += 1
        }
        return (hasLetter || !needsLetter) && count >= (needsLetter ? 2 : 1)
    }
}
