import WhatsNewModel

/// A heading that only points to older notes kept elsewhere: `## 0.11.x` over `See
/// [changelogs/0.11.x](…)`, `## 2.x` over a link. Its release would be empty, so it is kept as
/// a link to the archive instead.
enum ArchiveHeading {
    /// The address, when the release holds nothing but one short paragraph with one link, and
    /// either the heading names a series (`0.11.x`) or the link goes to a changelog file.
    static func link(of builder: ReleaseBuilder) -> String? {
        guard builder.sections.isEmpty, builder.lead.count == 1, !builder.release.isUnreleased,
            case .paragraph(let inlines) = builder.lead[0].content
        else { return nil }
        let links = inlines.compactMap { inline -> String? in
            if case .link(let destination, _, _) = inline { return destination }
            return nil
        }
        guard links.count == 1, let destination = links.first,
            PlainText.of(inlines).split(separator: " ").count <= 12
        else { return nil }
        // A web address or a path in the repository; never `javascript:` and the like.
        if let colon = destination.firstIndex(of: ":"), !destination[..<colon].contains("/"),
            !LinkSafety.isWeb(destination)
        {
            return nil
        }
        let isSeries = builder.release.version.map { VersionScanner.series(in: $0.text) != nil } ?? false
        return isSeries || isChangelogFile(destination) ? destination : nil
    }

    /// `changelogs/0.11.x.md`, `…/blob/2.x/CHANGELOG.md`, `HISTORY.rst`.
    private static func isChangelogFile(_ destination: String) -> Bool {
        let path = destination.split(separator: "#", maxSplits: 1)[0].lowercased()
        let names = ["changelog", "changes", "history", "news", "release"]
        guard let file = path.split(separator: "/").last, names.contains(where: { file.contains($0) }) else {
            return false
        }
        return file.hasSuffix(".md") || file.hasSuffix(".rst") || file.hasSuffix(".txt") || !file.contains(".")
    }
}
