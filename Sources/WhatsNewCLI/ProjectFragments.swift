import Foundation
import WhatsNewModel
import WhatsNewReading
import WhatsNewEditing
import WhatsNewProject

/// The release in progress for one notes file: its fragments' folder and how to read them.
///
/// The project's notes (`.whatsnew.yml`'s `input`, else its folder's `CHANGELOG.md`) take the
/// folder `fragments:` names, else `.changes/` beside the settings; any other notes file takes
/// the `.changes/` beside it. Standard input has none.
struct ProjectFragments {
    let folder: FragmentFolder
    let kinds: ChangeKinds
    let repository: RepositoryAddress?
    /// The project's kinds, which reading the notes needs too.
    let projectKinds: [ChangeKind]

    init(folder: String, config: ProjectConfig?) {
        self.folder = FragmentFolder(path: folder)
        projectKinds = config?.kinds ?? []
        kinds = ChangeKinds.builtIn.adding(projectKinds)
        repository = config?.repository
    }

    /// The fragments that go with the notes at `input`; nil for standard input.
    static func forNotes(_ input: String, config: LoadedConfig?) -> ProjectFragments? {
        guard input != "-" else { return nil }
        if let config, let notes = config.notesPath, ProjectPaths.same(notes, input) {
            return ProjectFragments(folder: config.fragmentsPath, config: config.settings)
        }
        return ProjectFragments(folder: ProjectPaths.sibling(".changes", of: input), config: config?.settings)
    }

    /// The fragments, sorted by name, or their errors on standard error and exit 1; warnings
    /// are lint's to report.
    func read(icons: IconCatalog) throws -> [Fragment] {
        let (fragments, diagnostics) = folder.read(with: FragmentReader(kinds: kinds))
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { throw Diagnostics.failure(errors) }
        return fragments
    }

    /// The notes as the sheet shows them with their fragments: the release in progress as
    /// their unreleased changes. A notes file that does not exist yet reads as empty once
    /// there are fragments.
    func preview(of input: String, maximumSize: Int, reader: DocumentReader) throws -> SourceFile? {
        let paths = folder.paths()
        guard !paths.isEmpty else { return nil }
        let fragments = try read(icons: reader.icons)
        let source: SourceFile
        if FileManager.default.fileExists(atPath: input) {
            source = try InputFile.load(input, maximumSize: maximumSize)
        } else {
            source = try SourceFile(path: input, bytes: [])
        }
        let notes = reader.read(source)
        if !notes.errors.isEmpty { throw Diagnostics.failure(notes.errors) }
        do {
            return try writer(reader: reader).preview(source, fragments: fragments)
        } catch {
            throw Diagnostics.failure([error])
        }
    }

    func writer(reader: DocumentReader) -> ReleaseWriter {
        var reader = reader
        reader.kinds = projectKinds
        return ReleaseWriter(reader: reader, kinds: kinds, repository: repository)
    }
}

extension LoadedConfig {
    /// The project's notes file: `input`, else `CHANGELOG.md` beside the settings.
    var notesPath: String? { resolve(settings.input ?? "CHANGELOG.md") }

    /// The project's fragments folder: `fragments`, else `.changes` beside the settings.
    var fragmentsPath: String { resolve(settings.fragments ?? ".changes") ?? ".changes" }
}

enum ProjectPaths {
    /// Whether two paths name one file, whether or not it exists yet.
    static func same(_ first: String, _ second: String) -> Bool {
        canonical(first) == canonical(second)
    }

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `name` in the folder that holds `path`.
    static func sibling(_ name: String, of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }
}
