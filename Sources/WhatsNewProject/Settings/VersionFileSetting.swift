import WhatsNewModel
import WhatsNewReading

/// One entry of `version-files:`: a file whose kind its name tells (`project.pbxproj`,
/// `Info.plist`, `*.xcconfig`, `package.json`, `Cargo.toml`, `pyproject.toml`), or any file
/// with a pattern holding `{version}` once (`{ file: …, pattern: 'version = "{version}"' }`).
package struct VersionFileSetting: Sendable, Equatable {
    /// The path as written, relative to `.whatsnew.yml`'s folder.
    package var path: String
    /// The text around the version, for a file of no kind whatsnew knows.
    package var pattern: String?
    /// The targets of an Xcode project whose version a release moves; nil for every one.
    package var targets: [String]? = nil
    /// Where the entry stands in `.whatsnew.yml`.
    package var line: Int
    package var column: Int

    /// The entries of `version-files:`.
    static func read(_ node: YAMLNode, report: (DiagnosticRule, YAMLMark?, String) -> Void) -> [VersionFileSetting] {
        guard let entries = node.sequence else {
            report(.configValue, node.mark, "`version-files` is a list of files, such as `[package.json]`")
            return []
        }
        var settings: [VersionFileSetting] = []
        for entry in entries {
            let (line, column) = (entry.mark?.line ?? 1, entry.mark?.column ?? 1)
            if let path = entry.scalar?.string, !path.isEmpty {
                settings.append(VersionFileSetting(path: path, pattern: nil, line: line, column: column))
                continue
            }
            guard let fields = entry.mapping, let path = fields["file"]?.scalar?.string, !path.isEmpty else {
                report(.configValue, entry.mark, "a version file is a path, or `{ file: …, pattern: … }`")
                continue
            }
            let unknown = fields.keys.compactMap(\.string).filter { !["file", "pattern", "targets"].contains($0) }
            if let name = unknown.first {
                report(
                    .configUnknownKey, entry.mark,
                    "unknown key `\(name)` in a version file; it takes `file`, `pattern` and, for an Xcode project, `targets`"
                )
            }
            var setting = VersionFileSetting(path: path, pattern: nil, line: line, column: column)
            if let targets = fields["targets"] {
                let names = (targets.sequence.map(Array.init) ?? [targets]).compactMap { $0.scalar?.string }
                guard path.hasSuffix("project.pbxproj"), !names.isEmpty, !names.contains(where: \.isEmpty) else {
                    report(
                        .configValue, targets.mark,
                        "`targets` names an Xcode project's targets, such as `[App, AppWidget]`, for a project.pbxproj")
                    continue
                }
                setting.targets = names
            }
            if let pattern = fields["pattern"] {
                // `{version}` alone is a file that holds the version and nothing else (a VERSION file).
                guard let text = pattern.scalar?.string, VersionTemplate(text) != nil else {
                    report(
                        .configValue, pattern.mark,
                        "a pattern holds `{version}` once, with the text around it, such as `let version = \"{version}\"`, or alone for a file that holds only the version"
                    )
                    continue
                }
                setting.pattern = text
            }
            settings.append(setting)
        }
        return settings
    }
}
