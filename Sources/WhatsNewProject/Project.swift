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
    /// The unit this value speaks for: whose notes, settings, version files and tags its
    /// properties give (``ReleaseUnit``).
    package let unit: ReleaseUnit
    /// The units the run asked for (`--package`), in the order the settings list them.
    package private(set) var selection: [ReleaseUnit]
    /// How the run's units were chosen.
    package private(set) var chosen: Choice = .only
    /// The packages the repository releases, each a unit; empty without `packages:`. Made once.
    package let units: [ReleaseUnit]

    /// How a run's units were chosen.
    package enum Choice: Sendable, Equatable {
        /// The repository has no packages: its one unit.
        case only
        /// Named with `--package` (or `--package all`).
        case named
        /// The package whose folder holds the current one.
        case here
        /// None said: every package, for the commands that take them all.
        case every
    }

    package init(settings: ProjectSettings?, root: String) {
        self.settings = settings
        self.root = root
        unit = ReleaseUnit(project: settings, root: root)
        selection = [unit]
        units =
            settings.map { settings in settings.config.packages.map { ReleaseUnit(package: $0, in: settings) } } ?? []
    }

    private init(_ project: Project, unit: ReleaseUnit, selection: [ReleaseUnit]) {
        (settings, root, self.unit, units) = (project.settings, project.root, unit, project.units)
        (self.selection, chosen) = (selection, project.chosen)
    }

    /// Whether the settings list packages.
    package var hasPackages: Bool { !units.isEmpty }

    /// This project speaking for `unit`, and for it alone.
    package func scoped(to unit: ReleaseUnit) -> Project { Project(self, unit: unit, selection: [unit]) }

    /// The project for the units `names` asks for (`--package`; `all` for every one). Without
    /// names, a repository with packages is for the package whose folder holds `directory`, else
    /// for all of them (``Choice``). A name that is no package is a usage error with the nearest.
    package func selecting(_ names: [String], from directory: String = ProjectFiles.workingDirectory)
        throws(CommandFailure) -> Project
    {
        guard hasPackages else {
            if let name = names.first {
                throw .usage(
                    "--package \(name): this project lists no packages; give each its folder under `packages:` in \(ProjectConfig.fileName)"
                )
            }
            return self
        }
        var project = self
        if names.isEmpty {
            let here = Self.canonical(directory) + "/"
            // The deepest folder holding this one: a package inside another's folder is its own.
            let holding = units.map { ($0, Self.canonical($0.folder) + "/") }.filter { here.hasPrefix($0.1) }
            if let deepest = holding.max(by: { $0.1.count < $1.1.count }) {
                (project.selection, project.chosen) = ([deepest.0], .here)
            } else {
                (project.selection, project.chosen) = (units, .every)
            }
        } else if names.contains(where: { $0.lowercased() == "all" }) {
            (project.selection, project.chosen) = (units, .named)
        } else {
            var chosen: [ReleaseUnit] = []
            for name in names {
                guard let unit = units.first(where: { $0.name == name }) else {
                    let known = units.compactMap(\.name)
                    let near = Suggestion.question(for: name, among: known).map { "\($0) " } ?? ""
                    throw .usage(
                        "--package `\(name)` is no package of this project; \(near)they are \(known.joined(separator: ", ")), or all"
                    )
                }
                if !chosen.contains(where: { $0.name == name }) { chosen.append(unit) }
            }
            (project.selection, project.chosen) = (
                units.filter { unit in chosen.contains { $0.name == unit.name } }, .named
            )
        }
        // The first unit speaks for the run; the run is for every unit chosen.
        return Project(project, unit: project.selection[0], selection: project.selection)
    }

    /// The project for the one unit a command that works on one takes: the one chosen, else a
    /// usage error naming the packages.
    package func single(_ command: String) throws(CommandFailure) -> Project {
        guard selection.count > 1 else { return scoped(to: selection[0]) }
        let names = selection.compactMap(\.name).joined(separator: ", ")
        throw .usage(
            "\(command) works on one package at a time, and this repository releases \(names); give --package NAME, or run it in the package's folder"
        )
    }

    /// The project for each unit of the run, in the settings' order.
    package var each: [Project] { selection.map(scoped(to:)) }

    /// The project around `directory` (here, unless said otherwise), with the settings at
    /// `settingsPath` when given.
    package static func find(
        settings settingsPath: String? = nil, from directory: String = ProjectFiles.workingDirectory
    ) throws(CommandFailure) -> Project {
        if let settingsPath {
            let slash = settingsPath.lastIndex(of: "/")
            let root = slash.map { String(settingsPath[...$0]) } ?? ""
            return Project(settings: try ProjectSettings.load(settingsPath), root: root)
        }
        let levels = directory.split(separator: "/").count
        // Paths as the user would write them from here; from another folder, through it.
        let base = Self.same(directory, ProjectFiles.workingDirectory) ? "" : directory + "/"
        func above(_ level: Int) -> String { base + String(repeating: "../", count: level) }
        func nearest(_ holds: (String) -> Bool) -> Int? {
            (0...levels).first { holds(above($0)) }
        }
        if let level = nearest({ ProjectFiles.exists($0 + ProjectConfig.fileName) }) {
            return Project(
                settings: try ProjectSettings.load(above(level) + ProjectConfig.fileName, found: true),
                root: above(level))
        }
        let level =
            nearest { ProjectFiles.exists($0 + Self.defaultNotes) }
            ?? nearest { ProjectFiles.isFolder($0 + ".changes") || ProjectFiles.exists($0 + ".git") } ?? 0
        return Project(settings: nil, root: above(level))
    }

    /// The notes file a project has unless its settings name another.
    package static let defaultNotes = "CHANGELOG.md"

    /// The unit's settings: the file's, a package's over them; nil without a file.
    package var config: ProjectConfig? { unit.config }

    /// The sheet's title when the notes at `notes` give none: the unit's `name:`, else the
    /// package file beside the notes, else a package's own name (a package is never titled
    /// with the repository's `name:`).
    package func title(besides notes: String) -> String? {
        guard let name = unit.name else { return config?.name ?? PackageName.beside(notes) }
        return unit.own?.name ?? PackageName.beside(notes) ?? name
    }

    /// The unit's notes: the settings' `input:`, else `CHANGELOG.md` in its folder.
    package var notesPath: String { unit.notesPath }

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

    /// The reader of this project's fragments: the kinds they may name (every unit's), and the
    /// packages, which a fragment must name when the project lists any.
    package var fragmentReader: FragmentReader {
        var reader = FragmentReader(
            kinds: ChangeKinds.builtIn.adding((hasPackages ? units : [unit]).flatMap { $0.config?.kinds ?? [] }))
        if hasPackages { reader.packages = units.compactMap(\.name) }
        return reader
    }

    /// Whether a fragment's note belongs in this unit's notes: every note does in a project
    /// without packages; with them, the notes that name the unit's package.
    package func owns(_ fragment: Fragment) -> Bool {
        guard let name = unit.name else { return true }
        return fragment.packages.contains(name)
    }

    /// Whether two paths name one file, whether or not it exists yet.
    package static func same(_ first: String, _ second: String) -> Bool {
        // Equal text names one file; only different text needs the file system asked.
        first == second || canonical(first) == canonical(second)
    }

    /// The absolute path, symbolic links resolved, as the project's edge follows it.
    package static func canonical(_ path: String) -> String { ProjectBoundary.real(path) }

    /// An absolute path as the user would type it from here: relative when it is below here.
    package static func shown(_ path: String) -> String {
        for here in Set([ProjectFiles.workingDirectory, canonical(ProjectFiles.workingDirectory)]) {
            if path.hasPrefix(here + "/") { return String(path.dropFirst(here.count + 1)) }
        }
        return path
    }

    /// `name` in the folder that holds `path`.
    package static func sibling(_ name: String, of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

}
