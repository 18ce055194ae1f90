import WhatsNewModel
import WhatsNewReading

/// How a notes file writes a row's heading inside a release: `### Fixed`, `### 🐞 Fixed`,
/// `Fixed` over `-----`, or a bold line such as `**Fixed bugs:**`.
enum CategoryHeadingStyle: Sendable, Hashable {
    /// `prefix` holds the hashes and the space after them.
    case atx(prefix: String, emoji: Bool)
    case setext(underline: Character)
    /// A paragraph with `title` in place of the title.
    case line(template: String)

    static let title = "\u{E003}"

    /// The same kind of heading, whether or not it carries an emoji: a file's `### ⚠ BREAKING
    /// CHANGES` among plain `### Features` is still written as the file wrote it.
    func hasShape(of other: CategoryHeadingStyle) -> Bool {
        switch (self, other) {
        case (.atx(let prefix, _), .atx(let otherPrefix, _)): prefix == otherPrefix
        default: self == other
        }
    }

    /// The lines of a heading for `title`, with `glyph` before it where the file puts icons
    /// there, or wherever `showsGlyph` asks for it (a featured row's own icon).
    func lines(title: String, glyph: String?, showsGlyph: Bool = false) -> [String] {
        // A title is text, not Markdown: `<img …>` or `*` in it must reach the sheet as written.
        let title = MarkdownWriter().inline([.text(title)])
        switch self {
        case .atx(let prefix, let emoji):
            let icon = emoji || showsGlyph ? glyph.flatMap(Self.emoji).map { $0 + " " } ?? "" : ""
            return [prefix + icon + title]
        case .setext(let underline):
            let text = (showsGlyph ? glyph.flatMap(Self.emoji).map { $0 + " " } ?? "" : "") + title
            return [text, String(repeating: underline, count: max(3, DisplayWidth().of(text)))]
        case .line(let template):
            return [template.replacing(Self.title, with: title)]
        }
    }

    /// A glyph a heading can carry and be read back as the row's icon: one emoji.
    static func emoji(_ glyph: String) -> String? {
        guard glyph.count == 1, let character = glyph.first, character.isEmoji else { return nil }
        return glyph
    }

    /// The style a file's row heading shows, from its source lines.
    static func of(raw: [String], block: Block, section: Section) -> CategoryHeadingStyle? {
        guard let first = raw.first else { return nil }
        switch block.content {
        case .heading:
            if ArraySlice(first.utf8).opensATXHeading {
                let trimmed = first.drop { $0 == " " }
                let hashes = trimmed.prefix { $0 == "#" }
                let emoji: Bool
                if case .glyph? = section.icon { emoji = true } else { emoji = false }
                return .atx(prefix: String(hashes) + " ", emoji: emoji)
            }
            guard raw.count > 1, let underline = raw[1].trimmedWhitespace().first else { return nil }
            return .setext(underline: underline)
        case .paragraph:
            guard let title = section.title, let found = first.firstRange(of: title) else { return nil }
            var template = first
            template.replaceSubrange(found, with: Self.title)
            return .line(template: template)
        default:
            return nil
        }
    }
}
