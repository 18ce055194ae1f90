/// A plain listing of the chosen releases: each section's title with its summary indented.
public struct PlainListingRenderer: Sendable {
    public init() {}

    public func render(_ document: Document, releases: [Release]) -> String {
        var lines: [String] = []
        if let title = document.title { lines += [title, ""] }
        for release in releases {
            lines.append([release.title, release.date?.iso].compactMap { $0 }.joined(separator: " · "))
            if let summary = release.summary { lines += indented(summary.plainText, by: 2) }
            for section in release.sections {
                let icon = section.appearance.icon.map { $0.glyph + " " } ?? ""
                if let title = section.title { lines.append("  " + icon + title) }
                lines += indented(section.lead.plainText, by: section.title == nil ? 2 : 4)
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    private func indented(_ text: String, by width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }.map {
            String(repeating: " ", count: width) + $0
        }
    }
}
