import WhatsNewModel
import WhatsNewSheet

/// The chosen releases as GitHub-flavoured Markdown for a release body: a Keep a Changelog
/// heading per release, a section heading per section with its icon, then the section's
/// summary and body as they were written (lists, links, code), reference links made inline.
/// The release heading stays even for one release: it is what lets whatsnew read its own
/// output back to the same sections (a `### V8 12.4` under it is a category, not a release).
public struct MarkdownRenderer: SheetRenderer {
    /// A renderer.
    public init() {}

    /// The releases as Markdown.
    public func render(_ sheet: Presentation, to output: inout some TextOutputStream) {
        let writer = MarkdownWriter()
        let document = sheet.document
        var parts: [String] = []
        for release in sheet.releases {
            parts.append("## " + heading(of: release, writer: writer))
            if let summary = release.summary, !summary.blocks.isEmpty {
                parts.append(writer.blocks(summary.blocks))
            }
            for section in release.sections {
                if let title = section.title {
                    let icon = section.appearance.icon.flatMap { Self.headingIcon($0.glyph) }
                    parts.append("### " + (icon.map { $0 + " " } ?? "") + writer.inline([.text(title)]))
                }
                let content = writer.blocks(section.content.blocks)
                if !content.isEmpty { parts.append(content) }
                if let link = section.link {
                    parts.append(writer.inline([.link(destination: link, title: "", [.text(link)])]))
                }
            }
        }
        // Older notes kept elsewhere close the whole changelog.
        if !document.archives.isEmpty, sheet.showsEveryRelease {
            let links = document.archives.map { Inline.link(destination: $0.link, title: "", [.text($0.title)]) }
            parts.append(writer.inline(Array(links.map { [$0] }.joined(separator: [.text(" · ")]))))
        }
        output.write(ControlBytes.stripped(parts.joined(separator: "\n\n") + "\n"))
    }

    /// `1.4.0 - 2024-05-02`, `[1.4.0](…/compare/v1.3.0...v1.4.0) - 2024-05-02` where the notes
    /// give a comparison or a page for the release, `Unreleased`, or the release's own title.
    private func heading(of release: PresentedRelease, writer: MarkdownWriter) -> String {
        guard let version = release.version else {
            let name = release.isUnreleased ? "Unreleased" : release.title
            guard let compare = release.compare else { return name }
            return writer.inline([.link(destination: compare, title: "", [.text(name)])])
        }
        let date = release.date?.iso ?? (release.isUnreleased ? "Unreleased" : nil)
        // Brackets only as a link: `[0.28.1]` with no definition would show its brackets.
        let name =
            (release.compare ?? release.link).map {
                writer.inline([.link(destination: $0, title: "", [.text(version.text)])])
            }
            ?? version.text
        // A release not out yet says so where a reader of the body looks first.
        return name + (date.map { " - \($0)" } ?? "") + (release.isScheduled ? " (scheduled)" : "")
    }

    /// An icon for a heading: an emoji, which reads back as the section's icon; anything else
    /// (a text glyph, the fallback) would read back as part of the title, so it is left out.
    static func headingIcon(_ glyph: String) -> String? {
        guard glyph.count == 1, let character = glyph.first, character.isEmoji else { return nil }
        return glyph
    }
}
