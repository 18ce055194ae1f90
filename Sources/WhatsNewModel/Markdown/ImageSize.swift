/// The size an `<img width="18">` tag gives an image, in CSS pixels: HTML keeps it, and plain
/// text leaves out an image this small (``Inline/isDecorative``).
public struct ImageSize: Sendable, Hashable {
    /// The width, when the tag gives one in pixels.
    public var width: UInt16?
    /// The height, when the tag gives one in pixels.
    public var height: UInt16?

    /// A size of the given pixels; nil where the tag gives neither.
    public init?(width: UInt16?, height: UInt16?) {
        guard width != nil || height != nil else { return nil }
        self.width = width
        self.height = height
    }

    /// The pixels of an attribute's value (`18`, `18px`); nil for a percentage or other units.
    public static func pixels(_ value: String?) -> UInt16? {
        guard var text = value?.trimmedWhitespace() else { return nil }
        if text.hasSuffix("px") { text.removeLast(2) }
        return UInt16(text)
    }
}

extension Inline {
    /// Whether a plain-text output (a terminal, a store's text, Slack) leaves this image out:
    /// it is drawn small (an avatar or a badge, at most 48 pixels), or its alternative text
    /// names no content (none, or a word such as `avatar`, `badge` or `image`). HTML shows it.
    public var isDecorative: Bool {
        guard case .image(_, _, let alt, let size) = self else { return false }
        if let size, let largest = [size.width, size.height].compactMap({ $0 }).max(), largest <= 48 { return true }
        let words = PlainText.of(alt).lowercased().split { !$0.isLetter && !$0.isNumber }
        return words.isEmpty || (words.count == 1 && Self.contentlessAlt.contains(String(words[0])))
    }

    /// `inlines` as plain text shows them: without decorative images, nor the space that
    /// parted one from the words after it (`<img …> [Jay](…)` reads `Jay`).
    public static func shownInPlainText(_ inlines: [Inline]) -> [Inline] {
        guard inlines.contains(where: \.isDecorative) else { return inlines }
        var shown: [Inline] = []
        var droppedImage = false
        for inline in inlines {
            if inline.isDecorative {
                droppedImage = true
                continue
            }
            if droppedImage, case .text(let text) = inline, shown.isEmpty || shown.last.map(Self.endsWithSpace) == true
            {
                let rest = String(text.drop { $0 == " " || $0 == "\t" })
                droppedImage = false
                if !rest.isEmpty { shown.append(.text(rest)) }
                continue
            }
            droppedImage = false
            shown.append(inline)
        }
        return shown
    }

    private static func endsWithSpace(_ inline: Inline) -> Bool {
        switch inline {
        case .text(let text): text.last == " " || text.last == "\t"
        case .softBreak, .lineBreak: true
        default: false
        }
    }

    /// Alternative texts that name no content a reader would miss.
    private static let contentlessAlt: Set<String> = [
        "avatar", "image", "img", "icon", "logo", "badge", "picture", "pic", "photo", "emoji", "gif", "png", "jpg",
        "svg", "profile", "alt",
    ]
}
