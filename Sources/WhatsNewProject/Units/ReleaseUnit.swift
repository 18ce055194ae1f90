import WhatsNewModel

/// One thing a repository releases: its notes, its version and its tag. A repository without
/// `packages:` is one unit, the project itself; with them, each package is one, with the file's
/// settings and its own over them (``ProjectConfig/overlaid(with:)``). Every command works on
/// units; the project's fragments folder is shared by all of them.
package struct ReleaseUnit: Sendable {
    /// The package's name; nil for the one unit of a repository without packages.
    package let name: String?
    /// Its settings: the file's, with the package's over them; nil without a settings file.
    package let config: ProjectConfig?
    /// Its folder, as the user would write it from here (`packages/core/`; the project's root
    /// for the one unit).
    package let folder: String
    /// Its notes: its `input:`, else `CHANGELOG.md` in its folder.
    package let notesPath: String
    /// The packages it depends on (`uses:`): each release of one gives it a patch release.
    package let uses: [String]
    /// A package's own settings as written under `packages:`, where what it leaves unsaid
    /// differs from the file's (a tag, a title, version files); nil for the one unit.
    package let own: ProjectConfig?
    /// Where `packages:` names it; nil for the one unit.
    package let place: SourceLocation?

    /// The one unit of a repository without packages.
    init(project settings: ProjectSettings?, root: String) {
        name = nil
        config = settings?.config
        folder = root
        notesPath = settings?.resolve(settings?.config.input ?? Project.defaultNotes) ?? root + Project.defaultNotes
        uses = []
        own = nil
        place = nil
    }

    /// The unit of `package` in the repository whose settings are `settings`.
    init(package: ProjectConfig.PackageSetting, in settings: ProjectSettings) {
        name = package.name
        let config = settings.config.overlaid(with: package.config)
        self.config = config
        let written = settings.resolve(package.config.folder ?? ".") ?? "."
        folder = written.hasSuffix("/") ? written : written + "/"
        notesPath =
            package.config.written.contains("input")
            ? settings.resolve(config.input) ?? folder + Project.defaultNotes : folder + Project.defaultNotes
        uses = package.config.uses.map(\.name)
        own = package.config
        place = package.location
    }
}
