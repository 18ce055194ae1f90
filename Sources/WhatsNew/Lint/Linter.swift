/// Rules that look across the whole document once it is read.
public struct Linter: Sendable {
    public init() {}

    public func check(_ document: Document, path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        found += duplicateVersions(in: document.releases, path: path)
        found += versionOrder(of: document.releases, path: path)
        found += untitledSections(in: document.releases, path: path)
        return found
    }

    private func duplicateVersions(in releases: [Release], path: String) -> [Diagnostic] {
        var firstLine: [String: Int] = [:]
        var found: [Diagnostic] = []
        for release in releases {
            guard let version = release.version else { continue }
            let key = version.text.lowercased()
            if let line = firstLine[key] {
                found.append(
                    Diagnostic(
                        .duplicateVersion, at: location(path, release.line),
                        "version \(version.text) appears again; it was first on line \(line)"))
            } else {
                firstLine[key] = release.line
            }
        }
        return found
    }

    private func versionOrder(of releases: [Release], path: String) -> [Diagnostic] {
        let versioned = releases.filter { $0.version != nil && !$0.isUnreleased }
        let pairs = zip(versioned, versioned.dropFirst())
        // A file ordered by date across parallel release lines (Node's) is in order: the dates say so.
        let rising = pairs.filter { above, below in
            guard below.version!.compare(to: above.version!) == .newer else { return false }
            guard let aboveDate = above.date, let belowDate = below.date else { return true }
            return belowDate > aboveDate
        }
        guard !rising.isEmpty else { return [] }
        if rising.count == versioned.count - 1, rising.count > 1, let first = versioned.first {
            return [
                Diagnostic(
                    .versionOrder, at: location(path, first.line),
                    "releases run oldest first; put the newest release at the top")
            ]
        }
        return rising.map { above, below in
            Diagnostic(
                .versionOrder, at: location(path, below.line),
                "\(below.version!.text) is newer than \(above.version!.text) above it; keep releases newest first")
        }
    }

    private func untitledSections(in releases: [Release], path: String) -> [Diagnostic] {
        releases.flatMap(\.sections).filter { $0.origin == .frontMatter && $0.title == nil }.map { section in
            Diagnostic(
                .sectionMissingTitle, at: location(path, section.line),
                "this section has no `title`; the sheet shows each section's title beside its icon")
        }
    }

    private func location(_ path: String, _ line: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: 1)
    }
}
