import WhatsNewEditing
import WhatsNewModel

/// A newest release heading that is no release yet: written ahead as a plain version
/// (`### v1.6.9`) with no date, no tag of its own where the project tags its releases, and the
/// version files already holding it. Such a heading is the release in progress, as
/// `## 1.6.9 (unreleased)` would be; taking it as released would plan the version after it.
package enum UntaggedRelease {
    /// The notes of `file` with that heading read as the release in progress, and the warning
    /// that says so; the notes as they are when any sign is missing.
    package static func reading(_ file: NotesFile, in project: Project, tags: [String]) -> (NotesFile, Diagnostic?) {
        let releases = file.document.releases
        guard file.unreleasedIndex == nil, !tags.isEmpty, let newest = file.versionedNewestFirst.first,
            let version = releases[newest].version, releases[newest].date == nil
        else { return (file, nil) }
        let template = TagName.template(for: releases, project: project, tags: tags)
        let isTagged = { (version: ReleaseVersion) in tags.contains { template.isTag($0, of: version.text) } }
        // The project tags its releases: an older one of these notes has its tag.
        let olderTagged = file.versionedNewestFirst.dropFirst().contains { releases[$0].version.map(isTagged) ?? false }
        guard olderTagged, !isTagged(version) else { return (file, nil) }
        let versionFiles = VersionFiles(project: project)
        guard
            let holder = versionFiles.entries.first(where: { entry in
                guard let held = entry.file?.version, let file = entry.file else { return false }
                return held == file.text(of: version)
            })
        else { return (file, nil) }
        let tag = template.filled(version.text)
        let warning = Diagnostic(
            .untaggedRelease, at: SourceLocation(path: file.source.path, line: releases[newest].line, column: 1),
            "\(version.text) has no date and no tag \(tag), and \(holder.setting.path) already holds it: read as the release in progress; if it is out, tag it \(tag)"
        )
        return (file.readingAsInProgress(newest), warning)
    }
}
