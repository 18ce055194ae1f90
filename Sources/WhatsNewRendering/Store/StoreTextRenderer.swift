import WhatsNewModel
import WhatsNewSheet

/// Where store release notes go, and how long they may be.
public enum Store: String, Sendable, CaseIterable {
    /// App Store Connect's "What's New in This Version".
    case appStore = "appstore"
    /// Google Play's release notes, per language.
    case play
    /// TestFlight's "What to Test" for a beta build, in App Store Connect.
    case testFlight = "testflight"

    /// The most characters the store takes.
    public var limit: Int {
        switch self {
        case .appStore: 4000
        case .play: 500
        case .testFlight: 4000
        }
    }

    /// The store's name, as diagnostics give it.
    public var name: String {
        switch self {
        case .appStore: "App Store Connect"
        case .play: "Google Play"
        case .testFlight: "TestFlight"
        }
    }
}

/// Release notes as a store takes them: plain text, no Markdown left, bullets for items,
/// within the store's limit, counted in characters (grapheme clusters, as a person counts).
public struct StoreTextRenderer: SheetRenderer {
    /// The store written for, with its limit.
    public var store: Store
    /// Cut at a whole item and end with an ellipsis line rather than fail when over the limit.
    public var truncates: Bool

    /// A renderer for a store; over the limit is an error unless it truncates.
    public init(store: Store, truncates: Bool = false) {
        self.store = store
        self.truncates = truncates
    }

    /// The text, or a diagnostic saying by how much it is over the limit.
    public func render(_ sheet: Presentation, to output: inout some TextOutputStream) throws(Diagnostic) {
        let lines = self.lines(sheet)
        let text = lines.map(\.text).joined(separator: "\n")
        let length = text.count
        guard length > store.limit else { return output.write(text + "\n") }
        guard truncates else {
            throw Diagnostic(
                .storeLimit, at: SourceLocation(path: sheet.path, line: sheet.releases.first?.line ?? 1, column: 1),
                "the \(store.name) text is \(length) characters, \(length - store.limit) over its limit of "
                    + "\(store.limit); shorten the notes or pass --truncate")
        }
        output.write(truncated(lines) + "\n")
    }

    /// A line and whether a cut may come after it (an item, a paragraph; not a title).
    struct Line {
        var text: String
        var endsUnit: Bool
    }

    func lines(_ sheet: Presentation) -> [Line] {
        let (releases, words) = (sheet.releases, sheet.words)
        var lines: [Line] = []
        func blank() { if let last = lines.last, !last.text.isEmpty { lines.append(Line(text: "", endsUnit: true)) } }
        for release in releases {
            if releases.count > 1 {
                blank()
                lines.append(Line(text: release.displayName(words), endsUnit: false))
            }
            if let summary = release.summary { lines += text(summary.blocks, depth: 0) }
            for section in release.sections {
                blank()
                if let title = section.title {
                    let icon = section.appearance.icon.map { $0.glyph + " " } ?? ""
                    lines.append(Line(text: icon + Self.oneLine(title), endsUnit: false))
                }
                lines += text(section.lead.blocks, depth: 0)
            }
        }
        return lines
    }

    private func text(_ blocks: [Block], depth: Int) -> [Line] {
        blocks.flatMap { block -> [Line] in
            switch block.content {
            case .paragraph(let inlines), .heading(_, let inlines):
                return [Line(text: Self.oneLine(PlainText.of(inlines)), endsUnit: true)]
            case .list(let list):
                let bullet = String(repeating: "  ", count: depth) + (depth == 0 ? "• " : "◦ ")
                return list.items.flatMap { item -> [Line] in
                    let paragraphs = item.blocks.filter { if case .list = $0.content { false } else { true } }
                    let nested = item.blocks.filter { if case .list = $0.content { true } else { false } }
                    let own = Self.oneLine(PlainText.of(paragraphs))
                    return [Line(text: bullet + own, endsUnit: true)] + text(nested, depth: depth + 1)
                }
            case .blockQuote(let inner):
                return text(inner, depth: depth)
            case .codeBlock(_, let code):
                return code.split(separator: "\n").map { Line(text: String($0), endsUnit: true) }
            case .html, .thematicBreak:
                return []
            }
        }
    }

    /// Whole lines up to the last complete unit that leaves room for the ellipsis line.
    private func truncated(_ lines: [Line]) -> String {
        let ellipsis = "…"
        var kept: [Line] = []
        var length = 0
        for line in lines {
            let added = (kept.isEmpty ? 0 : 1) + line.text.count
            if length + added + 1 + ellipsis.count > store.limit { break }
            kept.append(line)
            length += added
        }
        // Never end on a title or a blank line: cut back to the last whole unit.
        while let last = kept.last, !last.endsUnit || last.text.isEmpty { kept.removeLast() }
        return (kept.map(\.text) + [ellipsis]).joined(separator: "\n")
    }

    /// Text on one line: the store shows line breaks as they are.
    static func oneLine(_ text: String) -> String {
        TerminalSanitizer.clean(text).replacing(ascii: "\n", with: " ").collapsingWhitespace()
    }
}
