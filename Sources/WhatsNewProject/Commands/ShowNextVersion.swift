import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

/// `whatsnew next`: the version the coming release should have, from the latest release and
/// the kinds of what waits; with `--explain`, the notes that decided it.
package struct ShowNextVersion {
    /// `--notes`: the notes file; nil for the project's.
    package var notes: String?
    /// `--pre`: the pre-release's name (`beta`).
    package var preRelease: String?
    /// `--explain`: say which notes decided the bump.
    package var explains = false
    /// `--tag`: print the tag instead of the version.
    package var printsTag = false
    /// `--date`, `YYYY-MM-DD`, for calendar versions; nil for today.
    package var date: String?
    /// `--max-size`.
    package var maximumSize: Int?
    /// `--draft`: with the notes drafted from the commits since the latest release.
    package var drafts = false

    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try project.settings?.check(on: console)
        if project.selection.count > 1, notes != nil {
            throw .usage("--notes names one package's notes; give one --package with it")
        }
        // Packages share one fragments folder: the first unit's is every unit's.
        let folder = project.fragmentsFolder(for: try project.admittedNotes(notes)) ?? ".changes"
        if let unfinished = UnfinishedRelease.find(in: folder).first { throw CommandFailure(unfinished.diagnostic) }
        var request = NotesRequest()
        if drafts { request.drafting = DraftRequest() }
        request.maximumSize = maximumSize
        // No notes yet: the first release is computed from the fragments alone.
        let round = try ReleaseRound.plan(
            .auto, preRelease: preRelease, in: project, notes: notes, notesRequest: request,
            day: try ReleaseDay.parse(date, option: "--date"), missingIsEmpty: notes == nil, console: console)
        let errors = round.findings.filter { $0.severity == .error }
        if !errors.isEmpty { throw CommandFailure(errors) }
        // The fragments' warnings are lint's; a heading read as in progress changes the version.
        console.report(round.findings.filter { $0.rule == .untaggedRelease })
        let packages = project.hasPackages
        var lines: [String] = []
        for entry in round.entries {
            console.report(entry.plan.warnings)
            // A version file already past it: `release` would refuse, so `next` says so now.
            let versionFiles = VersionFiles(project: entry.project)
            console.report(versionFiles.ahead(of: entry.plan.version))
            // A tag naming the build gets the number `build: increment` would give.
            let build =
                printsTag && entry.plan.tag.contains(VersionTemplate.build)
                ? try versionFiles.buildNumber(
                    given: nil, incrementsBuild: entry.project.config?.incrementsBuild ?? false)
                : nil
            let shown =
                printsTag
                ? try entry.plan.tag(build: build, settings: entry.project.config?.path ?? ProjectConfig.fileName)
                : entry.plan.version.text
            if explains {
                lines += (packages ? ["\(entry.project.unit.name ?? ""):"] : []) + entry.plan.explanation()
                if !entry.follows.isEmpty {
                    lines.append("  uses \(entry.follows.joined(separator: ", ")), released with it: a patch at least")
                }
            } else {
                lines.append(packages ? "\(entry.project.unit.name ?? "") \(shown)" : shown)
            }
        }
        try console.deliver(lines.joined(separator: "\n") + "\n")
    }
}
