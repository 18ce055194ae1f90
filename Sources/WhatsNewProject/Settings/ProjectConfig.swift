import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering

/// `.whatsnew.yml`: a project's defaults, so a bare `whatsnew` in CI or a terminal does the
/// project's job. Paths in it are relative to the file's own folder; options on the command
/// line win over it.
///
/// ```yaml
/// name: Inkwell                   # the sheet's title when the notes give none
/// input: docs/CHANGELOG.md
/// icons: { fixed: ant.fill }      # or a file: icons: .github/icons.yml
/// template: docs/sheet.mustache
/// format: html
/// outputs:                        # what a bare `whatsnew` writes
///   html: docs/whats-new.html
///   json: App/WhatsNew.json
/// locales-dir: notes
/// lint:
///   strict: true
/// fragments: .changes             # one note per change, the release in progress
/// repository: owner/name          # issue and pull request numbers link here
/// kinds:                          # kinds of change besides the sheet's own
///   ui: { title: Interface, icon: paintbrush.fill, color: purple }
/// check:
///   ignore: ["docs/**", "*.md"]   # what `whatsnew check` lets change without a note
/// builds: { 1.4.0: 1248 }         # build numbers (CFBundleVersion) Sparkle compares
/// max-size: 16M                   # the largest notes file read (default 8M)
/// versioning: semver              # how `next` and `release auto` number: semver, plain-semver, calendar
/// calendar: YY.0M                 # calendar versions' form (calver.org): YYYY.0M.MICRO, YYYY.MICRO, YYYY.0M.0D
/// tag: "v{version}"               # the tag a release prints (default: the project's own habit)
/// version-files:                  # where `release` writes the version too
///   - App.xcodeproj/project.pbxproj
///   - { file: Sources/App/Version.swift, pattern: 'let version = "{version}"' }
/// build: increment                # the build number moves on with every release
/// ```
package struct ProjectConfig: Sendable {
    /// The file, as found.
    package var path: String
    /// The product's name: the sheet's title when the notes' front matter gives none.
    package var name: String?
    /// `input:` the notes to read when the command line names none.
    package var input: String?
    /// `icons:` as a file to read…
    package var iconsFile: String?
    /// …or as a map written in place.
    package var icons: [IconOverride] = []
    /// `template:` a Mustache template for HTML.
    package var template: String?
    /// `format:` the output format when the command line gives none.
    package var format: OutputFormat?
    /// Formats a bare `whatsnew` writes, each to its path, in the order written.
    package var outputs: [(format: OutputFormat, path: String)] = []
    /// `release:` which release to show by default (`latest`, `all`, a version).
    package var release: String?
    /// `locale:` the sheet's language by default.
    package var locale: String?
    /// `locales-dir:` where translated notes live.
    package var localesDir: String?
    /// `style:` how HTML carries its stylesheet (`inline` or `none`).
    package var style: HTMLStyle?
    /// `lint: strict:`: warnings fail `whatsnew lint`.
    package var strictLint: Bool?
    /// The fragments' folder, relative to the file.
    package var fragments: String?
    /// `repository:` where issue and pull request numbers link.
    package var repository: RepositoryAddress?
    /// The kinds the project adds, or restyles.
    package var kinds: [ChangeKind] = []
    /// `check: ignore:`: paths a change may touch without a release note; nil for the default.
    package var checkIgnore: [String]?
    /// The audiences and platforms rows may name; lint warns on others. Nil when not listed.
    package var audiences: [String]?
    /// The platforms rows may name (`platforms:`); lint warns on others. Nil when not listed.
    package var platforms: [String]?
    /// `builds:` each version's build number, for releases whose notes give none.
    package var builds: [(version: String, build: String)] = []
    /// `max-size:` the largest notes file read, in bytes (written `16M`, `512K`).
    package var maxSize: Int?
    /// `versioning:` how the next version is numbered.
    package var versioning: Versioning?
    /// `calendar:` how calendar versions are written (`YY.0M`); with it, `versioning` is `calendar`
    /// unless it says otherwise.
    package var calendar: CalendarScheme?
    /// `tag:` the tag name a release prints, with `{version}` where the version goes.
    package var tag: String?
    /// `version-files:` the files the version is written to with the notes.
    package var versionFiles: [VersionFileSetting] = []
    /// `build: increment`: each release moves the build number on by one.
    package var incrementsBuild = false
    /// Every path the settings give (`input`, `fragments`, `template`, `icons`, `locales-dir`,
    /// `outputs`), with where it is written: each must stay inside the project
    /// (``ProjectBoundary``). `version-files` are checked by ``VersionFiles``, with the rest of
    /// what it finds in them.
    package var paths: [SettingPath] = []

    /// A path as a setting gives it.
    package struct SettingPath: Sendable {
        /// The setting, as the message names it (`outputs: html`).
        package var key: String
        /// The path as written, relative to the file's folder.
        package var path: String
        /// Where it is written.
        package var location: SourceLocation
    }

    /// `packages:` the things released from this repository, each with its own notes, version
    /// and tag; empty for a repository that releases one (``ReleaseUnit``).
    package var packages: [PackageSetting] = []
    /// A package's `folder:`, relative to the file.
    package var folder: String?
    /// A package's `uses:`: the packages it depends on, each with where it is named.
    package var uses: [(name: String, location: SourceLocation)] = []
    /// `commits:` what `whatsnew draft` makes of each commit type, over the built-in table:
    /// a kind's name, or `skip` (``CommitTypeSetting``).
    package var commitTypes: [CommitTypeSetting] = []

    /// One entry of `commits:`: a commit type and the kind its notes take, nil for `skip`.
    package struct CommitTypeSetting: Sendable {
        /// The type, lowercase.
        package var type: String
        /// The kind's name, or nil: commits of this type get no note.
        package var kind: String?
        /// Where it is written.
        package var location: SourceLocation
    }

    /// The keys this map sets, so a package's settings go over the file's only where it says.
    package var written: Set<String> = []

    /// One entry of `packages:`: its name, where it stands, and the settings it gives.
    package struct PackageSetting: Sendable {
        /// Whether `name` can name a package: what npm, Cargo, SwiftPM and PyPI take, and
        /// nothing a tag, a path or a shell would read more into.
        package static func isName(_ name: String) -> Bool {
            !name.isEmpty && name != "all" && !name.hasPrefix("-") && !name.hasPrefix(".") && !name.contains("..")
                && name.unicodeScalars.allSatisfy {
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || "._-@/".unicodeScalars.contains($0))
                }
        }

        /// The name, as tags and `--package` give it.
        package var name: String
        /// Its settings: `folder`, `uses` and any key of the file's own it overrides.
        package var config: ProjectConfig
        /// Where it is named.
        package var location: SourceLocation
    }

    /// The keys a package takes: its folder and dependencies, and the file's own settings that
    /// can differ between the things one repository releases.
    package static let packageKeys = SettingKey.all.filter { $0.place != .fileOnly }.map(\.name)

    /// `packages:` read: a map of names to a folder (`core: Sources/Core`) or to settings
    /// (`core: { folder: Sources/Core, tag: "core-v{version}" }`).
    static func packages(_ node: YAMLNode, of source: SourceFile, into reader: inout SettingsReader) -> [PackageSetting]
    {
        // Each package's own findings come after those of the map itself.
        var found: [Diagnostic] = []
        defer { reader.diagnostics += found }
        func report(_ rule: DiagnosticRule, _ mark: YAMLMark?, _ message: String) { reader.report(rule, mark, message) }
        guard let map = node.mapping else {
            report(.configValue, node.mark, "`packages` maps names to folders, such as `core: Sources/Core`")
            return []
        }
        var packages: [PackageSetting] = []
        for (nameNode, value) in map {
            let location = SourceLocation(
                path: source.path, line: nameNode.mark?.line ?? 1, column: nameNode.mark?.column ?? 1)
            guard let name = nameNode.string, PackageSetting.isName(name) else {
                report(
                    .configValue, nameNode.mark,
                    "a package's name is letters, digits and . _ - @ / (as npm, Cargo and SwiftPM name them), such as `core` or `@scope/core`"
                )
                continue
            }
            var config: ProjectConfig
            if let folder = value.scalar?.string, !folder.isEmpty {
                config = ProjectConfig(path: source.path)
                config.folder = folder
                config.written = ["folder"]
                config.paths.append(SettingPath(key: "packages: \(name): folder", path: folder, location: location))
            } else if let settings = value.mapping {
                let read = SettingsReader.read(settings, of: source, package: name)
                (config, found) = (read.0, found + read.1)
            } else {
                report(
                    .configValue, value.mark,
                    "package `\(name)` takes a folder, or settings such as `{ folder: Sources/Core }`")
                continue
            }
            guard config.folder != nil else {
                report(.configValue, value.mark, "package `\(name)` needs a `folder`: where its files are")
                continue
            }
            packages.append(PackageSetting(name: name, config: config, location: location))
        }
        return packages
    }

    /// These settings with a package's over them, key by key where the package sets one; its
    /// kinds add to these, a kind of the same name restyled.
    package func overlaid(with package: ProjectConfig) -> ProjectConfig {
        var merged = self
        for key in package.written {
            SettingKey.named(key, inPackage: true)?.overlay?(&merged, package)
        }
        merged.written = written.union(package.written)
        merged.packages = []
        return merged
    }

    /// Every path the file gives, its packages' too.
    package var allPaths: [SettingPath] { paths + packages.flatMap(\.config.paths) }

    /// The keys the file takes, for the unknown-key diagnostic.
    package static let keys = SettingKey.all.filter { $0.place != .packageOnly }.map(\.name)
    /// The formats `format:` and `outputs:` take: every one `--format` takes.
    package static let formats = OutputFormat.allCases.map(\.rawValue)

    /// The file read; problems are diagnostics pointing at its lines: unknown keys warn, wrong
    /// values are errors.
    package static func read(_ source: SourceFile) -> (ProjectConfig, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func report(_ rule: DiagnosticRule, _ mark: YAMLMark?, _ message: String) {
            diagnostics.append(
                Diagnostic(
                    rule, at: SourceLocation(path: source.path, line: mark?.line ?? 1, column: mark?.column ?? 1),
                    message))
        }
        let root: YAMLNode?
        do {
            root = try YAMLDocument.compose(String(decoding: source.bytes, as: UTF8.self))
        } catch {
            report(
                .configValue, error.mark,
                "not valid YAML: \(error.problem)\(error.context.map { " (\($0.text))" } ?? "")")
            return (ProjectConfig(path: source.path), diagnostics)
        }
        guard let root else { return (ProjectConfig(path: source.path), diagnostics) }
        guard let mapping = root.mapping else {
            report(.configValue, root.mark, "the file is a map of settings, such as `input: CHANGELOG.md`")
            return (ProjectConfig(path: source.path), diagnostics)
        }
        let (config, found) = SettingsReader.read(mapping, of: source, package: nil)
        return (config, diagnostics + found)
    }

    /// The settings file's name, looked for in the current folder and its parents.
    package static let fileName = ".whatsnew.yml"

    /// One entry of `kinds:`: a lowercase name, and a map of `title`, `icon` and `color`.
    static func kind(
        _ name: YAMLNode, _ definition: YAMLNode, report: (DiagnosticRule, YAMLMark?, String) -> Void
    ) -> ChangeKind? {
        guard let key = name.string, !key.isEmpty,
            key.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D })
        else {
            report(.configValue, name.mark, "a kind's name is lowercase letters, digits and `-`, such as `ui`")
            return nil
        }
        var kind = ChangeKind(name: key, builtIn: SectionKind(rawValue: key))
        guard let fields = definition.mapping else {
            report(.configValue, definition.mark, "kind `\(key)` takes `title`, `icon`, `color` and `bump`")
            return nil
        }
        for (field, value) in fields {
            let text = value.scalar?.string.trimmedWhitespace() ?? ""
            switch field.string {
            case "bump":
                kind.bump = BumpSetting(name: text)
                if kind.bump == nil {
                    report(.configValue, value.mark, "`bump` is major, minor, patch or none, not `\(text)`")
                }
            case "title" where !text.isEmpty: kind.title = text
            case "icon" where !text.isEmpty: kind.icon = Icon(text)
            case "color" where SheetColor(text) != nil: kind.color = text
            case "color":
                report(.configValue, value.mark, "`\(text)` is not a colour; use \(SheetColor.accepted)")
            case "title", "icon":
                report(.configValue, value.mark, "`\(field.string ?? "")` takes text")
            default:
                report(
                    .configUnknownKey, field.mark,
                    "unknown key `\(field.string ?? "")` under kind `\(key)`; it takes `title`, `icon`, `color` and `bump`"
                )
            }
        }
        if kind.builtIn == nil, kind.title == nil {
            report(.configValue, name.mark, "kind `\(key)` needs a `title`: the heading its changes go under")
            return nil
        }
        return kind
    }
}
