/// The chosen releases as GitHub-flavoured Markdown for a release body: a Keep a Changelog
/// heading per release, a section heading per section with its icon, then the section's
/// summary and body as they were written (lists, links, code), reference links made inline.
/// The release heading stays even for one release: it is what lets whatsnew read its own
/// output back to the same sections (a `### V8 12.4` under it is a category, not a release).
public struct MarkdownRenderer: Sendable {
    public init() {}

    public func render(_ document: Document, releases: [Release]) -> String {
        let writer = MarkdownWriter()
        var parts: [String] = []
        for release in releases {
            parts.append("## " + heading(of: release))
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
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// `[1.4.0] - 2024-05-02`, `Unreleased`, or the release's own title.
    private func heading(of release: Release) -> String {
        guard let version = release.version else { return release.isUnreleased ? "Unreleased" : release.title }
        let date = release.date?.iso ?? (release.isUnreleased ? "Unreleased" : nil)
        // A release not out yet says so where a reader of the body looks first.
        return "[\(version.text)]" + (date.map { " - \($0)" } ?? "") + (release.isScheduled ? " (scheduled)" : "")
    }

    /// An icon for a heading: an emoji, which reads back as the section's icon; anything else
    /// (a text glyph, the fallback) would read back as part of the title, so it is left out.
    static func headingIcon(_ glyph: String) -> String? {
        guard glyph.count == 1, let character = glyph.first, CategoryHeading.isEmoji(character) else { return nil }
        return glyph
    }
}
