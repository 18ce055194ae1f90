import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

extension Notes {
    /// A unit's notes as the file holds them, and the fragments that wait for its next release,
    /// apart: what `next` computes a version from, `release` writes, and `lint` checks.
    package struct Waiting {
        /// The notes file as read (empty when it does not exist yet).
        package var file: NotesFile
        /// The fragments whose notes go into this unit's next release.
        package var fragments: [Fragment]
        /// What reading the fragments found, warnings too, for every fragment in the folder; and
        /// the warning that the newest heading is read as the release in progress (``UntaggedRelease``).
        package var findings: [Diagnostic]
        /// The fragments folder.
        package var folder: FragmentFolder
        /// The reader the notes were read with, for the writer that puts the fragments in.
        package var reader: DocumentReader
        /// The icons they were read with.
        package var catalog: IconCatalog
        /// Fragments of the folder that commits drafted here revert: removed by the release.
        package var withdrawn: [String] = []
    }

    /// The notes at `path` (admitted by ``Project/admittedNotes(_:)``) and the fragments of
    /// `project`'s unit. A file that does not exist reads as empty when `missingIsEmpty`; the
    /// notes' errors stop the run, the fragments' are the caller's to weigh. `folders` keeps
    /// each fragments folder as read, so packages sharing one read it once.
    package static func waiting(
        at path: String, in project: Project, request: NotesRequest, missingIsEmpty: Bool, console: Console,
        folders: inout [String: (fragments: [Fragment], diagnostics: [Diagnostic])]
    ) throws(CommandFailure) -> Waiting {
        let (catalog, reader) = try reading(request.resolved(in: project), project, console: console, notes: path)
        let folder = FragmentFolder(path: project.fragmentsFolder(for: path) ?? ".changes")
        let limit = request.maximumSize ?? project.maximumSize
        let source = missingIsEmpty && FileKind(of: path) == nil ? try empty(path) : try load(path, limit)
        // A newest heading the tags and version files show is not out yet is the release in progress.
        let (file, untagged) = UntaggedRelease.reading(
            NotesFile(source, reader: reader), in: project, tags: project.tags(near: path))
        // The folder is one source of notes; the commits since the latest release, another.
        let fragments: FragmentSource
        var withdrawn: [String] = []
        if let drafting = request.drafting {
            let drafts = try CommitDrafts.make(for: project, request: drafting, folder: folder) { _ in file.document }
            fragments = DraftedFragments(folder: folder, drafts: drafts)
            withdrawn = drafts.withdrawn.map(\.name)
        } else {
            fragments = folder
        }
        let (all, read) =
            request.drafting == nil
            ? folders[folder.path] ?? fragments.read(with: project.fragmentReader)
            : fragments.read(with: project.fragmentReader)
        if request.drafting == nil { folders[folder.path] = (all, read) }
        let findings = (untagged.map { [$0] } ?? []) + read
        var waiting = Waiting(
            file: file, fragments: credited(all.filter(project.owns), reader: project.fragmentReader),
            findings: findings,
            folder: folder, reader: reader,
            catalog: catalog)
        waiting.withdrawn = withdrawn
        return waiting
    }

    /// The icons and the reader every file of a run is read with: the built-in tables, the
    /// icon map and the settings' icons; the project's kinds for its own notes (`notes`), none
    /// for standard input. The one place a reader of notes is made.
    package static func reading(
        _ request: NotesRequest, _ project: Project, console: Console, notes: String
    ) throws(CommandFailure) -> (IconCatalog, DocumentReader) {
        let catalog = try catalog(request, project)
        return (
            catalog, reader(catalog, project, console: console, notes: notes, keepsListOrder: request.keepsListOrder)
        )
    }

    /// A reader with `catalog`'s icons and, but for standard input, the project's kinds.
    static func reader(
        _ catalog: IconCatalog, _ project: Project, console: Console?, notes: String, keepsListOrder: Bool = false
    ) -> DocumentReader {
        var reader = DocumentReader(icons: catalog)
        reader.keepsListOrder = keepsListOrder
        reader.kinds = notes == "-" ? [] : project.projectKinds
        reader.didRead = console?.readTrace
        return reader
    }

    /// A notes file from git (a commit's), read as the project reads its own.
    package static func document(of source: SourceFile, in project: Project) -> Document {
        reader(
            (try? catalog(NotesRequest().resolved(in: project), project)) ?? .builtIn, project, console: nil,
            notes: source.path
        )
        .read(source).document
    }
}

extension Notes {
    /// The reader of a changelog that is not the project's own (a dependency's, for `deps`):
    /// the built-in icons and kinds, since the project's settings say nothing of another's notes.
    package static func foreignReader() -> DocumentReader { DocumentReader() }
}
