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
    package static let packageKeys = [
        "folder", "uses", "name", "input", "icons", "template", "format", "outputs", "release", "locale", "locales-dir",
        "repository", "kinds", "check", "audiences", "platforms", "builds", "versioning", "calendar", "tag",
        "version-files", "build",
    ]

    /// `packages:` read: a map of names to a folder (`core: Sources/Core`) or to settings
    /// (`core: { folder: Sources/Core, tag: "core-v{version}" }`).
    private static func packages(
        _ node: YAMLNode, of source: SourceFile, report: (DiagnosticRule, YAMLMark?, String) -> Void,
        found: inout [Diagnostic]
    ) -> [PackageSetting] {
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
                let read = Self.settings(in: settings, of: source, package: name)
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
            switch key {
            case "name": merged.name = package.name
            case "input": merged.input = package.input
            case "icons": (merged.icons, merged.iconsFile) = (package.icons, package.iconsFile)
            case "template": merged.template = package.template
            case "format": merged.format = package.format
            case "outputs": merged.outputs = package.outputs
            case "release": merged.release = package.release
            case "locale": merged.locale = package.locale
            case "locales-dir": merged.localesDir = package.localesDir
            case "repository": merged.repository = package.repository
            case "kinds":
                let names = Set(package.kinds.map(\.name))
                merged.kinds = merged.kinds.filter { !names.contains($0.name) } + package.kinds
            case "check": merged.checkIgnore = package.checkIgnore
            case "audiences": merged.audiences = package.audiences
            case "platforms": merged.platforms = package.platforms
            case "builds": merged.builds = package.builds
            case "versioning": merged.versioning = package.versioning
            case "calendar": merged.calendar = package.calendar
            case "tag": merged.tag = package.tag
            case "version-files": merged.versionFiles = package.versionFiles
            case "build": merged.incrementsBuild = package.incrementsBuild
            default: break
            }
        }
        merged.written = written.union(package.written)
        merged.packages = []
        return merged
    }

    /// Every path the file gives, its packages' too.
    package var allPaths: [SettingPath] { paths + packages.flatMap(\.config.paths) }

    /// The keys the file takes, for the unknown-key diagnostic.
    package static let keys = [
        "name", "input", "icons", "template", "format", "outputs", "release", "locale", "locales-dir", "style", "lint",
        "fragments", "repository", "kinds", "check", "audiences", "platforms", "builds", "max-size", "versioning",
        "calendar", "tag", "version-files", "build",
        "packages", "commits",
    ]
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
        let (config, found) = settings(in: mapping, of: source, package: nil)
        return (config, diagnostics + found)
    }

    /// The settings of one map: the file's own, or one package's under `packages:`, which takes
    /// the same keys but `fragments`, `max-size`, `lint`, `style` and `packages`.
    private static func settings(in mapping: YAMLMapping, of source: SourceFile, package: String?) -> (
        ProjectConfig, [Diagnostic]
    ) {
        var config = ProjectConfig(path: source.path)
        var diagnostics: [Diagnostic] = []
        func report(_ rule: DiagnosticRule, _ mark: YAMLMark?, _ message: String) {
            diagnostics.append(
                Diagnostic(
                    rule, at: SourceLocation(path: source.path, line: mark?.line ?? 1, column: mark?.column ?? 1),
                    message))
        }
        // A package's paths are named with it, so a message says whose setting it is.
        let scope = package.map { "packages: \($0): " } ?? ""
        func text(_ node: YAMLNode, _ key: String) -> String? {
            guard let value = node.scalar?.string, !value.isEmpty else {
                report(.configValue, node.mark, "`\(key)` takes text")
                return nil
            }
            return value
        }
        /// One of the values a setting takes, by name; a wrong one is reported with them all.
        func choice<Value: RawRepresentable>(_ node: YAMLNode, _ key: String, among names: [String]) -> Value?
        where Value.RawValue == String {
            guard let written = text(node, key) else { return nil }
            guard let value = Value(rawValue: written) else {
                report(.configValue, node.mark, "`\(key)` is one of \(names.joined(separator: ", ")), not `\(written)`")
                return nil
            }
            return value
        }
        /// A path-valued setting, kept with where it stands.
        func path(_ node: YAMLNode, _ key: String) -> String? {
            guard let value = text(node, key) else { return nil }
            let location = SourceLocation(path: source.path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
            config.paths.append(SettingPath(key: scope + key, path: value, location: location))
            return value
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if package != nil, !Self.packageKeys.contains(key) {
                let near = Suggestion.question(for: key, among: Self.packageKeys).map { "; \($0)" } ?? ""
                let whole = Self.keys.contains(key) ? "; it is set once for the whole repository" : ""
                report(.configUnknownKey, keyNode.mark, "`\(key)` is no setting of a package\(whole)\(near)")
                continue
            }
            config.written.insert(key)
            switch key {
            case "name": config.name = text(value, key)
            case "input": config.input = path(value, key)
            case "template": config.template = path(value, key)
            case "release": config.release = text(value, key)
            case "locale": config.locale = text(value, key)
            case "locales-dir": config.localesDir = path(value, key)
            case "style":
                if let style = text(value, key) {
                    config.style = HTMLStyle(rawValue: style)
                    if config.style == nil {
                        report(.configValue, value.mark, "`style` is inline or none, not `\(style)`")
                    }
                }
            case "format": config.format = choice(value, key, among: formats)
            case "icons":
                if let map = value.mapping {
                    do {
                        config.icons = try IconMapFile.overrides(from: map, in: source)
                    } catch {
                        diagnostics.append(error)
                    }
                } else {
                    config.iconsFile = path(value, key)
                }
            case "outputs":
                guard let outputs = value.mapping else {
                    report(
                        .configValue, value.mark, "`outputs` maps formats to paths, such as `html: docs/whats-new.html`"
                    )
                    continue
                }
                for (format, target) in outputs {
                    guard let name = format.string, let known = OutputFormat(rawValue: name) else {
                        report(
                            .configValue, format.mark,
                            "`\(format.string ?? "")` is no format; outputs takes \(formats.joined(separator: ", "))")
                        continue
                    }
                    if let written = path(target, "outputs: \(name)") { config.outputs.append((known, written)) }
                }
            case "lint":
                guard let lint = value.mapping else {
                    report(.configValue, value.mark, "`lint` takes `strict: true` or `strict: false`")
                    continue
                }
                for (option, setting) in lint {
                    if option.string == "strict", let bool = setting.bool {
                        config.strictLint = bool
                    } else if option.string == "strict" {
                        report(.configValue, setting.mark, "`strict` is true or false")
                    } else {
                        report(
                            .configUnknownKey, option.mark,
                            "unknown key `\(option.string ?? "")` under `lint`; it takes `strict`")
                    }
                }
            case "audiences", "platforms":
                let names = (value.sequence.map(Array.init) ?? [value]).compactMap { $0.scalar?.string.lowercased() }
                if names.isEmpty || names.contains(where: \.isEmpty) {
                    report(.configValue, value.mark, "`\(key)` is a list of names, such as `[beta, pro]`")
                } else if key == "audiences" {
                    config.audiences = names
                } else {
                    config.platforms = names
                }
            case "builds":
                guard let builds = value.mapping else {
                    report(.configValue, value.mark, "`builds` maps versions to build numbers, such as `1.4.0: 1248`")
                    continue
                }
                for (version, build) in builds {
                    guard let name = version.scalar?.string, ReleaseVersion(name) != nil else {
                        report(.configValue, version.mark, "`\(version.scalar?.string ?? "")` is not a version")
                        continue
                    }
                    guard let number = text(build, "builds: \(name)") else { continue }
                    // The command line's rule: an appcast carries the number as it is.
                    guard NotesRequest.BuildNumber.isBuild(number) else {
                        report(
                            .configValue, build.mark, "a build number has no space, quote, `<` or `&`, not `\(number)`")
                        continue
                    }
                    config.builds.append((name, number))
                }
            case "fragments": config.fragments = path(value, key)
            case "packages" where package == nil:
                // Each package's own findings come back apart: `report` writes to `diagnostics` meanwhile.
                var nested: [Diagnostic] = []
                config.packages = Self.packages(value, of: source, report: report, found: &nested)
                diagnostics += nested
            case "folder" where package != nil: config.folder = path(value, key)
            case "uses" where package != nil:
                let names = (value.sequence.map(Array.init) ?? [value]).compactMap { $0.scalar?.string }
                if names.isEmpty || names.contains(where: \.isEmpty) {
                    report(
                        .configValue, value.mark,
                        "`uses` is a list of the packages this one depends on, such as `[core]`")
                } else {
                    config.uses = names.map {
                        (
                            $0,
                            SourceLocation(
                                path: source.path, line: value.mark?.line ?? 1, column: value.mark?.column ?? 1)
                        )
                    }
                }
            case "versioning": config.versioning = choice(value, key, among: Versioning.names)
            case "calendar":
                guard let written = text(value, key) else { continue }
                if let scheme = CalendarScheme(written) {
                    config.calendar = scheme
                } else {
                    report(
                        .configValue, value.mark,
                        "`calendar` is a calendar version's form in calver.org's words: YYYY, YY or 0Y, then MM or 0M, DD or 0D, and MICRO last, such as YYYY.0M.MICRO or YY.0M"
                    )
                }
            case "tag":
                guard let written = text(value, key) else { continue }
                // A tag name git takes, and nothing a shell or `$GITHUB_OUTPUT` would read more into.
                let builds = written.ranges(of: "{build}").count
                let allowed =
                    builds <= 1
                    && TagName.isSafe(written.replacing("{version}", with: "1").replacing("{build}", with: "1"))
                if VersionTemplate(written) != nil, allowed {
                    config.tag = written
                } else {
                    report(
                        .configValue, value.mark,
                        "`tag` holds `{version}` once (and `{build}` at most once) with letters, digits and . _ - / @ + around it, such as `v{version}` or `v{version}+{build}`"
                    )
                }
            case "build":
                if value.scalar?.string == "increment" {
                    config.incrementsBuild = true
                } else {
                    report(.configValue, value.mark, "`build` takes `increment` (or give `--build N` to a release)")
                }
            case "version-files":
                config.versionFiles = VersionFileSetting.read(value, report: report)
            case "max-size":
                guard let written = text(value, key) else { continue }
                config.maxSize = ByteCount.bytes(written)
                if config.maxSize == nil {
                    report(.configValue, value.mark, "`max-size` is a size such as 16M, 512K or 1G, not `\(written)`")
                }
            case "repository":
                guard let written = text(value, key) else { continue }
                config.repository = RepositoryAddress(written)
                if config.repository == nil {
                    report(
                        .configValue, value.mark,
                        "`repository` is owner/name on GitHub or an https address, not `\(written)`")
                }
            case "kinds":
                guard let kinds = value.mapping else {
                    report(
                        .configValue, value.mark,
                        "`kinds` maps names to a title, icon and colour, such as `ui: { title: Interface, icon: paintbrush.fill }`"
                    )
                    continue
                }
                for (name, definition) in kinds {
                    if let kind = Self.kind(name, definition, report: report) { config.kinds.append(kind) }
                }
            case "commits" where package == nil:
                guard let types = value.mapping else {
                    report(
                        .configValue, value.mark,
                        "`commits` maps commit types to kinds, such as `{ build: internal, docs: skip }`")
                    continue
                }
                for (typeNode, kindNode) in types {
                    guard let type = typeNode.string, CommitLabel(type)?.type == type else {
                        report(
                            .configValue, typeNode.mark, "a commit type is a lowercase word, such as `feat` or `build`")
                        continue
                    }
                    guard let kind = text(kindNode, type) else { continue }
                    config.commitTypes.append(
                        CommitTypeSetting(
                            type: type, kind: kind == "skip" ? nil : kind,
                            location: SourceLocation(
                                path: source.path, line: kindNode.mark?.line ?? 1, column: kindNode.mark?.column ?? 1)))
                }
            case "check":
                guard let check = value.mapping else {
                    report(.configValue, value.mark, "`check` takes `ignore:`, a list of paths such as `docs/**`")
                    continue
                }
                for (option, setting) in check {
                    guard option.string == "ignore" else {
                        report(
                            .configUnknownKey, option.mark,
                            "unknown key `\(option.string ?? "")` under `check`; it takes `ignore`")
                        continue
                    }
                    let patterns = (setting.sequence.map(Array.init) ?? [setting]).compactMap { $0.scalar?.string }
                    if patterns.isEmpty || patterns.contains(where: \.isEmpty) {
                        report(.configValue, setting.mark, "`ignore` is a list of paths such as `docs/**` or `*.md`")
                    } else {
                        config.checkIgnore = patterns
                    }
                }
            default:
                let near = Suggestion.question(for: key, among: keys).map { "; \($0)" } ?? ""
                report(.configUnknownKey, keyNode.mark, "unknown key `\(key)` in \(Self.fileName)\(near)")
            }
        }
        return (config, diagnostics)
    }

    /// The settings file's name, looked for in the current folder and its parents.
    package static let fileName = ".whatsnew.yml"

    /// One entry of `kinds:`: a lowercase name, and a map of `title`, `icon` and `color`.
    private static func kind(
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
