import Foundation
import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

/// `whatsnew release VERSION`: the fragments and the notes' unreleased changes written into
/// the notes as a new release, in the notes' own dialect, all or nothing.
///
/// The notes are read once; the release is composed from that reading, and the check that it
/// reads back as the preview showed reads the preview and the result once each.
package struct WriteRelease {
    /// The new release's version, or `auto`, `major`, `minor`, `patch` to compute it.
    package var version: String
    /// `--pre`: a pre-release of this name (`beta`), numbered on from the notes.
    package var preRelease: String?
    /// `--build`: the build number written to the version files.
    package var build: String?
    /// `--keep-pre-releases`: a release leaves the pre-releases it gathers in the notes.
    package var keepsPreReleases = false
    /// `--date`, `YYYY-MM-DD`; nil for today.
    package var date: String?
    /// `--notes`: the notes file; nil for the project's.
    package var notes: String?
    /// `--dry-run`: print the release, change nothing.
    package var dryRun = false
    /// `--keep`: leave the fragments in place.
    package var keep = false
    /// `--allow-older`: a version not newer than the latest.
    package var allowsOlder = false
    /// `--allow-empty`: a release with nothing in it.
    package var allowsEmpty = false
    /// `--icons`: an icon map on top of the built-in tables.
    package var iconMap: String?
    /// `--create`: start the notes file when it does not exist yet.
    package var creates = false
    /// `--max-size`: the largest notes file read; nil for `.whatsnew.yml`'s, else 8 MB.
    package var maximumSize: Int?

    package init(version: String) {
        self.version = version
    }

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try project.settings?.check(on: console)
        let path = try project.admittedNotes(notes)
        let folder = FragmentFolder(path: project.fragmentsFolder(for: path) ?? ".changes")
        let exists = FileKind(of: path) != nil
        guard exists || creates else {
            throw CommandFailure(
                Diagnostic(.unreadableFile, at: SourceLocation(path: path), "no such file"),
                notes: ["nothing was changed; give --create to start a new notes file here"])
        }
        let parent = PreparedFile.split(path).directory
        guard exists || FileKind(of: parent) != nil else {
            throw CommandFailure(
                Diagnostic(
                    .unwritableOutput, at: SourceLocation(path: path),
                    "cannot start the notes here: the folder \(parent) does not exist"))
        }
        // One writer at a time, from reading the notes to the last fragment removed.
        let lock = dryRun ? nil : try project.lockForWriting(notes: path, console: console)
        defer { lock?.release() }
        var request = NotesRequest()
        request.iconMap = iconMap
        let catalog = try Notes.catalog(request.resolved(in: project), project)
        var reader = DocumentReader(icons: catalog)
        reader.kinds = project.projectKinds
        reader.didRead = console.readTrace
        let (fragments, fragmentFindings) = folder.read(with: FragmentReader(kinds: project.kinds))
        let source = exists ? try Notes.load(path, maximumSize ?? project.maximumSize) : try Notes.empty(path)
        let file = NotesFile(source, reader: reader)
        let unreleased = file.document.releaseInProgress
        // The notes' errors and every fragment finding, warnings too; any error stops the run.
        let findings =
            file.reading.errors + fragmentFindings
            + FragmentLinter(icons: catalog).check(fragments, unreleased: unreleased)
        if findings.contains(where: { $0.severity == .error }) { throw CommandFailure(findings) }
        console.report(findings)
        let day = date.flatMap(ReleaseDate.init(iso:)) ?? .today
        let plan = try ReleasePlan.make(
            ReleasePlan.Request(version), preRelease: preRelease, document: file.document, path: path,
            fragments: fragments, project: project, day: day, tags: project.tags(near: path))
        console.report(plan.warnings)
        let version = plan.version.text
        let gathering = plan.pending.preReleases(gatheredBy: plan.version, in: file.document.releases)
        let edit: ReleaseWriter.Edit
        do {
            edit = try Notes.writer(reader, project).release(
                file, fragments: fragments, version: version, date: day, allowsOlder: allowsOlder,
                allowsEmpty: allowsEmpty, gathering: gathering, keepingGathered: keepsPreReleases)
        } catch {
            throw CommandFailure(error)
        }
        // What the notes' format cannot keep is said once, whether or not the release is written.
        console.report(edit.warnings)
        let versionFiles = VersionFiles(project: project)
        let changes = try versionFiles.changes(
            version: plan.version, build: build, incrementsBuild: project.config?.incrementsBuild ?? false)
        if let unwritten = versionFiles.unwrittenBuild(build, settings: project.config?.path ?? ProjectConfig.fileName) {
            console.report([unwritten])
        }
        if dryRun {
            try console.deliver(edit.release + changes.map { "\n" + VersionFiles.diff($0) }.joined())
            console.report("would release \(version) (tag \(plan.tag)) in \(path)")
            return
        }
        let mark: [UInt8] = source.hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        let removed = keep ? [] : fragments.map { Self.name(of: $0.path) }
        var files = ReleaseFiles(
            notes: path, before: ContentFingerprint(of: mark + source.bytes),
            fragments: removed.map { ($0, ContentFingerprint(ofFileAt: folder.path + "/" + $0) ?? .init(of: [])) },
            folder: folder.path, version: version)
        files.others = changes
        try files.commit(mark + edit.notes)
        let used = fragments.count == 1 ? "1 fragment" : "\(fragments.count) fragments"
        let folded = gathering.isEmpty ? "" : "; gathered in \(gathering.count == 1 ? "1 pre-release" : "\(gathering.count) pre-releases")"
        console.report(
            "released \(version) in \(path) from \(used)"
                + (keep || fragments.isEmpty ? "" : "; removed \(fragments.count == 1 ? "it" : "them") from \(folder.path)")
                + folded + (changes.isEmpty ? "" : "; wrote the version to \(changes.map(\.path).joined(separator: ", "))"))
        // For a script: `whatsnew release auto >> "$GITHUB_OUTPUT"`, or read line by line.
        try console.deliver("version=\(version)\ntag=\(plan.tag)\n")
    }

    /// A fragment's file name.
    private static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
