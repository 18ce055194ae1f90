import Foundation
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

    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try project.settings?.check(on: console)
        let path = try project.admittedNotes(notes)
        let folder = project.fragmentsFolder(for: path) ?? ".changes"
        if let unfinished = UnfinishedRelease.find(in: folder).first { throw CommandFailure(unfinished.diagnostic) }
        var reader = DocumentReader(icons: try Notes.catalog(NotesRequest().resolved(in: project), project))
        reader.kinds = project.projectKinds
        reader.didRead = console.readTrace
        let (fragments, findings) = FragmentFolder(path: folder).read(with: FragmentReader(kinds: project.kinds))
        if findings.contains(where: { $0.severity == .error }) { throw CommandFailure(findings) }
        // No notes yet: the first release is computed from the fragments alone.
        let source =
            FileKind(of: path) != nil || notes != nil
            ? try Notes.load(path, maximumSize ?? project.maximumSize) : try Notes.empty(path)
        let reading = reader.read(source)
        if !reading.errors.isEmpty { throw CommandFailure(reading.errors) }
        let plan = try ReleasePlan.make(
            .auto, preRelease: preRelease, document: reading.document, path: source.path, fragments: fragments,
            project: project, day: date.flatMap(ReleaseDate.init(iso:)) ?? .today,
            tags: project.tags(near: path))
        console.report(plan.warnings)
        if explains {
            try console.deliver(plan.explanation().joined(separator: "\n") + "\n")
        } else {
            try console.deliver((printsTag ? plan.tag : plan.version.text) + "\n")
        }
    }
}
