import WhatsNewModel
import WhatsNewReading

/// A project's `.whatsnew.yml` as read, with what reading it found, and where its relative
/// paths start.
package struct ProjectSettings: Sendable {
    /// The settings.
    package let config: ProjectConfig
    /// What reading them found: unknown keys warn, wrong values are errors.
    package let diagnostics: [Diagnostic]

    /// Reads the file at `path`: found in the project (`found`), it must be the project's own
    /// file, not a link out of it. Every path it gives is checked against the project's edge
    /// (``ProjectBoundary``): one that leads outside it, or into `.git`, is an error.
    package static func load(_ path: String, found: Bool = false) throws(CommandFailure) -> ProjectSettings {
        if found {
            try ProjectBoundary(folder: PreparedFile.split(path).directory).admit(
                path, from: .repository, what: "the settings file")
        }
        do {
            return read(try SourceFile.load(path: path))
        } catch {
            throw CommandFailure(error)
        }
    }

    /// The settings in `source`, whose path says where they stand (and so where the paths in
    /// them start); every path is checked against the project's edge.
    package static func read(_ source: SourceFile) -> ProjectSettings {
        let boundary = ProjectBoundary(folder: PreparedFile.split(source.path).directory)
        let (config, read) = ProjectConfig.read(source)
        var diagnostics = read
        // Its paths start where it stands, as every command resolves them.
        let settings = ProjectSettings(config: config, diagnostics: [])
        for setting in config.allPaths {
            if let problem = boundary.problem(
                with: settings.resolve(setting.path) ?? setting.path, from: .repository, what: "`\(setting.key)`",
                shown: setting.path)
            {
                diagnostics.append(Diagnostic(.outsideProject, at: setting.location, problem))
            }
        }
        // A package uses others the file lists: a name it does not would be a release never made.
        let names = config.packages.map(\.name)
        for package in config.packages {
            for use in package.config.uses where !names.contains(use.name) || use.name == package.name {
                let near = Suggestion.question(for: use.name, among: names).map { "; \($0)" } ?? ""
                diagnostics.append(
                    Diagnostic(
                        .configValue, at: use.location,
                        use.name == package.name
                            ? "package `\(package.name)` uses itself; `uses` names the packages it depends on"
                            : "package `\(package.name)` uses `\(use.name)`, which is no package listed here\(near)"))
            }
        }
        // A commit type drafts notes of a kind fragments may name.
        let kinds = ChangeKinds.builtIn.adding(config.kinds + config.packages.flatMap(\.config.kinds))
        for setting in config.commitTypes {
            guard let kind = setting.kind, kinds.named(kind) == nil else { continue }
            let near = kinds.question(for: kind).map { "\($0) " } ?? ""
            diagnostics.append(
                Diagnostic(
                    .configValue, at: setting.location,
                    "`\(setting.type)` commits would make notes of kind `\(kind)`, which is no kind; \(near)give a kind (\(kinds.names.joined(separator: ", "))) or `skip`"
                ))
        }
        return ProjectSettings(config: config, diagnostics: diagnostics)
    }

    /// A path from the file, relative to the file's folder.
    package func resolve(_ path: String?) -> String? {
        guard let path else { return nil }
        guard !path.hasPrefix("/"), let slash = config.path.lastIndex(of: "/") else { return path }
        return String(config.path[...slash]) + path
    }

    /// The errors among the findings stop a command; its warnings are said and the run goes on.
    package func check(on console: Console) throws(CommandFailure) {
        guard !diagnostics.isEmpty else { return }
        if diagnostics.contains(where: { $0.severity == .error }) { throw CommandFailure(diagnostics) }
        console.report(diagnostics)
    }
}
