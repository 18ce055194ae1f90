import WhatsNewModel
import WhatsNewSheet

/// The chosen releases as a Slack message for an incoming webhook: Block Kit JSON
/// (`{"blocks": […]}`) with, per release, a header naming it, its summary, a section per row
/// (icon, bold title, summary) and a context line with the date and, when the notes give one, a link to the
/// full notes.
///
/// The notes are untrusted: every `&`, `<` and `>` they bring is escaped as Slack asks, so no
/// text of theirs can become `<!channel>`, `<!here>`, a mention or a disguised link; the only
/// link is whatsnew's own, to an http or https address. Slack's limits hold: at most 50 blocks
/// (rows beyond are counted in a last line), 150 characters a header and 3,000 a text.
public struct SlackRenderer: SheetRenderer {
    /// A renderer.
    public init() {}

    static let maximumBlocks = 50
    static let maximumText = 3000
    static let maximumHeader = 150

    /// The message's JSON.
    public func render(_ sheet: Presentation, to output: inout some TextOutputStream) {
        // The payload holds only text, which always encodes.
        output.write((try? JSONTextEncoder().encode(Message(blocks: blocks(sheet)))) ?? "")
    }

    private func blocks(_ sheet: Presentation) -> [Block] {
        let words = sheet.words
        var blocks: [Block] = []
        var left = 0  // rows with no room left, counted in a last line
        for release in sheet.releases {
            // A release needs room for its header, a row and its context line.
            guard blocks.count + 3 <= Self.maximumBlocks - 1 else {
                left += max(1, release.sections.count)
                continue
            }
            blocks.append(.header(Self.clipped(header(sheet.document, release, words), to: Self.maximumHeader)))
            var rows = release.sections.isEmpty ? [release.emptyNote(words)] : release.sections.map(row)
            if let summary = release.summary, !summary.isEmpty { rows.insert(Self.escaped(summary.plainText), at: 0) }
            for (index, text) in rows.enumerated() {
                // Room is kept for the release's context line and a last line counting the rest.
                guard blocks.count + 2 <= Self.maximumBlocks - 1 else {
                    left += rows.count - index
                    break
                }
                blocks.append(.section(Self.clipped(text, to: Self.maximumText)))
            }
            if let context = context(release, words) { blocks.append(.context(context)) }
        }
        if left > 0 { blocks.append(.context(Self.escaped(words.more(left)))) }
        return blocks
    }

    /// `What's New in Inkwell · Version 2.0.0`: plain text, which Slack shows as written.
    private func header(_ document: Document, _ release: PresentedRelease, _ words: SheetWords) -> String {
        let name = release.displayName(words)
        guard let title = document.title, !title.isEmpty else { return name }
        return "\(title) · \(name)"
    }

    /// `🗂️ *Collections*` and the summary under it, every piece of the notes escaped.
    private func row(_ section: Section) -> String {
        var lines: [String] = []
        let icon = section.appearance.icon.map { Self.escaped($0.glyph) + " " } ?? ""
        if let title = section.title, !title.isEmpty {
            lines.append(icon + "*" + Self.escaped(Self.oneLine(title)) + "*")
        }
        let summary = SlackMarkup.of(section.lead)
        if !summary.isEmpty { lines.append((lines.isEmpty ? icon : "") + summary) }
        return lines.joined(separator: "\n")
    }

    /// The date and the link to the full notes, when the release has either.
    private func context(_ release: PresentedRelease, _ words: SheetWords) -> String? {
        var parts: [String] = []
        if let date = release.date { parts.append(Self.escaped(words.formatDate(date))) }
        if let link = Self.safeLink(release.link ?? release.compare) {
            parts.append("<\(link)|\(Self.escaped(words.fullNotes))>")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// `&`, `<` and `>` as Slack's entities: the three characters its markup is made of.
    static func escaped(_ text: String) -> String {
        guard
            text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
        else { return text }
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A web address, which can stand inside `<…|…>` (``LinkSafety`` leaves out a space, `|`,
    /// `<` and `>`), its `&` escaped as Slack asks.
    static func safeLink(_ address: String?) -> String? {
        guard let address, LinkSafety.isWeb(address) else { return nil }
        return address.replacing(ascii: "&", with: "&amp;")
    }

    private static func oneLine(_ text: String) -> String { text.replacing(ascii: "\n", with: " ") }

    /// At most `limit` characters, cut at a line or word with an ellipsis, never inside an entity.
    static func clipped(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = String(text.prefix(limit - 1))
        if let ampersand = cut.lastIndex(of: "&"), !cut[ampersand...].contains(";") { cut = String(cut[..<ampersand]) }
        if let space = cut.lastIndex(where: { $0 == " " || $0 == "\n" }),
            cut.distance(from: space, to: cut.endIndex) < 40
        {
            cut = String(cut[..<space])
        }
        return cut + "…"
    }

    // Block Kit, as much of it as the message uses.

    private struct Message: Encodable {
        var blocks: [Block]
    }

    private enum Block: Encodable {
        case header(String)
        case section(String)
        case context(String)

        private enum CodingKeys: String, CodingKey { case type, text, elements }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .header(let text):
                try container.encode("header", forKey: .type)
                try container.encode(Text(type: "plain_text", text: text), forKey: .text)
            case .section(let text):
                try container.encode("section", forKey: .type)
                try container.encode(Text(type: "mrkdwn", text: text), forKey: .text)
            case .context(let text):
                try container.encode("context", forKey: .type)
                try container.encode([Text(type: "mrkdwn", text: text)], forKey: .elements)
            }
        }
    }

    private struct Text: Encodable {
        var type: String
        var text: String
    }
}
