import Foundation
import WhatsNewModel
import WhatsNewReading

/// The project a command runs in: its settings, its notes and its fragments, found the same
/// way by every command from anywhere inside it.
///
/// The project's folder is the nearest one, from here up, that holds `.whatsnew.yml`; else
/// the nearest that holds a `CHANGELOG.md`; else the nearest with a `.changes` folder or a
/// git repository; else here. Its notes are the settings' `input:`, else `CHANGELOG.md` in
/// that folder. Paths are kept as the user would write them from here (`../CHANGELOG.md`).
package struct Project: Sendable {
    /// The settings, when the project has a `.whatsnew.yml` (or `--config` names one).
    package let settings: ProjectSettings?
    /// The project's folder, relative to here: empty for here, `../` for the one above.
    package let root: String

    package init(settings: ProjectSettings?, root: String) {
        self.settings = settings
        self.root = root
    }

    /// The project around `directory` (here, unless said otherwise), with the settings at
    /// `settingsPath` when given.
    package static func find(
        settings settingsPath: String? = nil, from directory: String = FileManager.default.currentDirectoryPath
    ) throws(CommandFailure) -> Project {
        if let settingsPath {
            let slash = settingsPath.lastIndex(of: "/")
            let root = slash.map { String(settingsPath[...$0]) } ?? ""
            return Project(settings: try ProjectSettings.load(settingsPath), root: root)
        }
        let levels = directory.split(separator: "/").count
        // Paths as the user would write them from here; from another folder, through it.
        let base = Self.same(directory, FileManager.default.currentDirectoryPath) ? "" : directory + "/"
        func above(_ level: Int) -> String { base + String(repeating: "../", count: level) }
        func nearest(_ holds: (String) -> Bool) -> Int? {
            (0...levels).first { holds(above($0)) }
        }
        let files = FileManager.default
        if let level = nearest({ files.fileExists(atPath: $0 + ProjectConfig.fileName) }) {
            return Project(
                settings: try ProjectSettings.load(above(level) + ProjectConfig.fileName, found: true), root: above(level))
        }
        let level =
            nearest { files.fileExists(atPath: $0 + Self.defaultNotes) }
            ?? nearest { Self.isFolder($0 + ".changes") || files.fileExists(atPath: $0 + ".git") } ?? 0
        return Project(settings: nil, root: above(level))
    }

    /// The notes file a project has unless its settings name another.
    package static let defaultNotes = "CHANGELOG.md"

    /// The settings' values, or the defaults.
    package var config: ProjectConfig? { settings?.config }

    /// The project's notes: the settings' `input:`, else `CHANGELOG.md` in its folder.
    package var notesPath: String {
        settings?.resolve(config?.input ?? Self.defaultNotes) ?? root + Self.defaultNotes
    }

    /// The project's fragments folder: the settings' `fragments:`, else `.changes` in its folder.
    package var fragmentsPath: String {
        settings?.resolve(config?.fragments ?? ".changes") ?? root + ".changes"
    }

    /// A path from the settings, relative to their folder; the path itself without settings.
    package func resolve(_ path: String?) -> String? { settings?.resolve(path) ?? path }

    /// The fragments that go with the notes at `notes`: the project's folder for the
    /// project's notes, the `.changes` beside any other notes file; none for standard input.
    package func fragmentsFolder(for notes: String) -> String? {
        guard notes != "-" else { return nil }
        if Self.same(notesPath, notes) { return fragmentsPath }
        return Self.sibling(".changes", of: notes)
    }

    /// Where issue and pull request numbers link for the notes at `notes`: `repository:`, else
    /// the package file beside the notes, else git's `origin` (``PackageRepository``).
    package func repository(for notes: String) -> RepositoryAddress? {
        config?.repository ?? PackageRepository.beside(notes)
    }

    /// The largest notes file read unless a command says otherwise: `max-size:`, else 8 MB.
    package var maximumSize: Int { config?.maxSize ?? SourceFile.defaultMaximumSize }

    /// The kinds the project adds or restyles (`kinds:`).
    package var projectKinds: [ChangeKind] { config?.kinds ?? [] }

    /// Every kind a fragment may name: the sheet's own and the project's.
    package var kinds: ChangeKinds { ChangeKinds.builtIn.adding(projectKinds) }

    /// Whether two paths name one file, whether or not it exists yet.
    package static func same(_ first: String, _ second: String) -> Bool {
        // Equal text names one file; only different text needs the file system asked.
        first == second || canonical(first) == canonical(second)
    }

    /// The absolute path, symbolic links resolved, as the project's edge follows it.
    package static func canonical(_ path: String) -> String { ProjectBoundary.real(path) }

    /// An absolute path as the user would type it from here: relative when it is below here.
    package static func shown(_ path: String) -> String {
        for here in Set([FileManager.default.currentDirectoryPath, canonical(FileManager.default.currentDirectoryPath)]) {
            if path.hasPrefix(here + "/") { return String(path.dropFirst(here.count + 1)) }
        }
        return path
    }

    /// `name` in the folder that holds `path`.
    package static func sibling(_ name: String, of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
