import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering

/// The keys of `.whatsnew.yml`, in one table: where each may stand (the file, a package, both),
/// how it is read, and how a package's value goes over the file's. The order is the one
/// suggestions prefer among equally near names.
struct SettingKey: Sendable {
    /// Where a key may stand.
    enum Place: Sendable { case anywhere, fileOnly, packageOnly }

    let name: String
    let place: Place
    /// Reads the key's value into the reader's settings, saying what is wrong with it.
    let read: @Sendable (inout SettingsReader, YAMLNode, String) -> Void
    /// Puts a package's value over the file's; nil for a key a package cannot set.
    let overlay: (@Sendable (inout ProjectConfig, ProjectConfig) -> Void)?

    init(
        _ name: String, _ place: Place = .anywhere,
        overlay: (@Sendable (inout ProjectConfig, ProjectConfig) -> Void)? = nil,
        read: @escaping @Sendable (inout SettingsReader, YAMLNode, String) -> Void
    ) {
        (self.name, self.place, self.read, self.overlay) = (name, place, read, overlay)
    }

    /// The key of that name where it may stand.
    static func named(_ name: String, inPackage: Bool) -> SettingKey? {
        byName[name].flatMap { key in
            switch key.place {
            case .anywhere: key
            case .fileOnly: inPackage ? nil : key
            case .packageOnly: inPackage ? key : nil
            }
        }
    }

    private static let byName = Dictionary(all.map { ($0.name, $0) }) { first, _ in first }

    /// Every key, in the order the documentation and the suggestions give them.
    static let all: [SettingKey] = [
        SettingKey("folder", .packageOnly) { $0.config.folder = $0.path($1, $2) },
        SettingKey("uses", .packageOnly) { reader, value, _ in
            guard let names = reader.names(value) else {
                reader.report(
                    .configValue, value.mark, "`uses` is a list of the packages this one depends on, such as `[core]`")
                return
            }
            let location = reader.location(value.mark)
            reader.config.uses = names.map { ($0, location) }
        },
        SettingKey("name", overlay: { $0.name = $1.name }) { $0.config.name = $0.text($1, $2) },
        SettingKey("input", overlay: { $0.input = $1.input }) { $0.config.input = $0.path($1, $2) },
        SettingKey("icons", overlay: { ($0.icons, $0.iconsFile) = ($1.icons, $1.iconsFile) }) { reader, value, key in
            guard let map = value.mapping else {
                reader.config.iconsFile = reader.path(value, key)
                return
            }
            do throws(Diagnostic) {
                reader.config.icons = try IconMapFile.overrides(from: map, in: reader.source)
            } catch {
                reader.diagnostics.append(error)
            }
        },
        SettingKey("template", overlay: { $0.template = $1.template }) { $0.config.template = $0.path($1, $2) },
        SettingKey("format", overlay: { $0.format = $1.format }) {
            $0.config.format = $0.choice($1, $2, among: ProjectConfig.formats)
        },
        SettingKey("outputs", overlay: { $0.outputs = $1.outputs }) { reader, value, key in
            for (format, target) in reader.mapping(
                value, key, "maps formats to paths, such as `html: docs/whats-new.html`")
            {
                guard let name = format.string, let known = OutputFormat(rawValue: name) else {
                    reader.report(
                        .configValue, format.mark,
                        "`\(format.string ?? "")` is no format; outputs takes \(ProjectConfig.formats.joined(separator: ", "))"
                    )
                    continue
                }
                if let written = reader.path(target, "outputs: \(name)") {
                    reader.config.outputs.append((known, written))
                }
            }
        },
        SettingKey("release", overlay: { $0.release = $1.release }) { $0.config.release = $0.text($1, $2) },
        SettingKey("locale", overlay: { $0.locale = $1.locale }) { $0.config.locale = $0.text($1, $2) },
        SettingKey("locales-dir", overlay: { $0.localesDir = $1.localesDir }) {
            $0.config.localesDir = $0.path($1, $2)
        },
        SettingKey("style", .fileOnly) { reader, value, key in
            guard let style = reader.text(value, key) else { return }
            reader.config.style = HTMLStyle(rawValue: style)
            if reader.config.style == nil {
                reader.report(.configValue, value.mark, "`style` is inline or none, not `\(style)`")
            }
        },
        SettingKey("lint", .fileOnly) { reader, value, _ in
            guard let lint = value.mapping else {
                reader.report(.configValue, value.mark, "`lint` takes `strict: true` or `strict: false`")
                return
            }
            for (option, setting) in lint {
                if option.string == "strict", let bool = setting.bool {
                    reader.config.strictLint = bool
                } else if option.string == "strict" {
                    reader.report(.configValue, setting.mark, "`strict` is true or false")
                } else {
                    reader.report(
                        .configUnknownKey, option.mark,
                        "unknown key `\(option.string ?? "")` under `lint`; it takes `strict`")
                }
            }
        },
        SettingKey("fragments", .fileOnly) { $0.config.fragments = $0.path($1, $2) },
        SettingKey("repository", overlay: { $0.repository = $1.repository }) { reader, value, key in
            guard let written = reader.text(value, key) else { return }
            reader.config.repository = RepositoryAddress(written)
            if reader.config.repository == nil {
                reader.report(
                    .configValue, value.mark,
                    "`repository` is owner/name on GitHub or an https address, not `\(written)`")
            }
        },
        SettingKey(
            "kinds",
            overlay: { merged, package in
                // A package's kinds add to the file's, a kind of the same name restyled.
                let names = Set(package.kinds.map(\.name))
                merged.kinds = merged.kinds.filter { !names.contains($0.name) } + package.kinds
            }
        ) { reader, value, _ in
            guard let kinds = value.mapping else {
                reader.report(
                    .configValue, value.mark,
                    "`kinds` maps names to a title, icon and colour, such as `ui: { title: Interface, icon: paintbrush.fill }`"
                )
                return
            }
            for (name, definition) in kinds {
                if let kind = ProjectConfig.kind(name, definition, report: { reader.report($0, $1, $2) }) {
                    reader.config.kinds.append(kind)
                }
            }
        },
        SettingKey("check", overlay: { $0.checkIgnore = $1.checkIgnore }) { reader, value, _ in
            guard let check = value.mapping else {
                reader.report(.configValue, value.mark, "`check` takes `ignore:`, a list of paths such as `docs/**`")
                return
            }
            for (option, setting) in check {
                guard option.string == "ignore" else {
                    reader.report(
                        .configUnknownKey, option.mark,
                        "unknown key `\(option.string ?? "")` under `check`; it takes `ignore`")
                    continue
                }
                if let patterns = reader.names(setting) {
                    reader.config.checkIgnore = patterns
                } else {
                    reader.report(.configValue, setting.mark, "`ignore` is a list of paths such as `docs/**` or `*.md`")
                }
            }
        },
        SettingKey("audiences", overlay: { $0.audiences = $1.audiences }) { reader, value, key in
            guard let names = reader.names(value, lowercased: true) else {
                return reader.report(.configValue, value.mark, "`\(key)` is a list of names, such as `[beta, pro]`")
            }
            reader.config.audiences = names
        },
        SettingKey("platforms", overlay: { $0.platforms = $1.platforms }) { reader, value, key in
            guard let names = reader.names(value, lowercased: true) else {
                return reader.report(.configValue, value.mark, "`\(key)` is a list of names, such as `[beta, pro]`")
            }
            reader.config.platforms = names
        },
        SettingKey("builds", overlay: { $0.builds = $1.builds }) { reader, value, key in
            for (version, build) in reader.mapping(value, key, "maps versions to build numbers, such as `1.4.0: 1248`")
            {
                guard let name = version.scalar?.string, ReleaseVersion(name) != nil else {
                    reader.report(.configValue, version.mark, "`\(version.scalar?.string ?? "")` is not a version")
                    continue
                }
                guard let number = reader.text(build, "builds: \(name)") else { continue }
                // The command line's rule: an appcast carries the number as it is.
                guard NotesRequest.BuildNumber.isBuild(number) else {
                    reader.report(
                        .configValue, build.mark, "a build number has no space, quote, `<` or `&`, not `\(number)`")
                    continue
                }
                reader.config.builds.append((name, number))
            }
        },
        SettingKey("max-size", .fileOnly) { reader, value, key in
            guard let written = reader.text(value, key) else { return }
            reader.config.maxSize = ByteCount.bytes(written)
            if reader.config.maxSize == nil {
                reader.report(
                    .configValue, value.mark, "`max-size` is a size such as 16M, 512K or 1G, not `\(written)`")
            }
        },
        SettingKey("versioning", overlay: { $0.versioning = $1.versioning }) {
            $0.config.versioning = $0.choice($1, $2, among: Versioning.names)
        },
        SettingKey("calendar", overlay: { $0.calendar = $1.calendar }) { reader, value, key in
            guard let written = reader.text(value, key) else { return }
            guard let scheme = CalendarScheme(written) else {
                return reader.report(
                    .configValue, value.mark,
                    "`calendar` is a calendar version's form in calver.org's words: YYYY, YY or 0Y, then MM or 0M, DD or 0D, and MICRO last, such as YYYY.0M.MICRO or YY.0M"
                )
            }
            reader.config.calendar = scheme
        },
        SettingKey("tag", overlay: { $0.tag = $1.tag }) { reader, value, key in
            guard let written = reader.text(value, key) else { return }
            // A tag name git takes, and nothing a shell or `$GITHUB_OUTPUT` would read more into.
            let builds = written.ranges(of: "{build}").count
            let allowed =
                builds <= 1 && TagName.isSafe(written.replacing("{version}", with: "1").replacing("{build}", with: "1"))
            guard VersionTemplate(written) != nil, allowed else {
                return reader.report(
                    .configValue, value.mark,
                    "`tag` holds `{version}` once (and `{build}` at most once) with letters, digits and . _ - / @ + around it, such as `v{version}` or `v{version}+{build}`"
                )
            }
            reader.config.tag = written
        },
        SettingKey("version-files", overlay: { $0.versionFiles = $1.versionFiles }) { reader, value, _ in
            reader.config.versionFiles = VersionFileSetting.read(value) { reader.report($0, $1, $2) }
        },
        SettingKey("build", overlay: { $0.incrementsBuild = $1.incrementsBuild }) { reader, value, _ in
            guard value.scalar?.string == "increment" else {
                return reader.report(
                    .configValue, value.mark, "`build` takes `increment` (or give `--build N` to a release)")
            }
            reader.config.incrementsBuild = true
        },
        SettingKey("packages", .fileOnly) { reader, value, _ in
            reader.config.packages = ProjectConfig.packages(value, of: reader.source, into: &reader)
        },
        SettingKey("commits", .fileOnly) { reader, value, _ in
            guard let types = value.mapping else {
                reader.report(
                    .configValue, value.mark,
                    "`commits` maps commit types to kinds, such as `{ build: internal, docs: skip }`")
                return
            }
            for (typeNode, kindNode) in types {
                guard let type = typeNode.string, CommitLabel(type)?.type == type else {
                    reader.report(
                        .configValue, typeNode.mark, "a commit type is a lowercase word, such as `feat` or `build`")
                    continue
                }
                guard let kind = reader.text(kindNode, type) else { continue }
                reader.config.commitTypes.append(
                    ProjectConfig.CommitTypeSetting(
                        type: type, kind: kind == "skip" ? nil : kind, location: reader.location(kindNode.mark)))
            }
        },
    ]
}
