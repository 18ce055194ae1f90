import WhatsNewModel

/// A kind of file a project keeps its version in, told by its name, or any file with a pattern.
public enum VersionFileFormat: Sendable, Equatable {
    /// `project.pbxproj`: `MARKETING_VERSION` and `CURRENT_PROJECT_VERSION` of every build configuration.
    case xcodeProject
    /// `project.pbxproj` with `targets:`: the same settings in these targets' build configurations.
    case xcodeTargets([String])
    /// `*.xcconfig`: the same settings, a line each.
    case xcconfig
    /// `*.plist`: `CFBundleShortVersionString` and `CFBundleVersion`.
    case propertyList
    /// `package.json`: the top-level `version`.
    case packageJSON
    /// `Cargo.toml`: `[package]`'s `version` (a workspace root's `[workspace.package]`).
    case cargo
    /// `pyproject.toml`: `[project]`'s `version` (Poetry's `[tool.poetry]`).
    case pyproject
    /// Any file: where the text around the version stands.
    case pattern(VersionTemplate)

    /// The format a file's name tells, or the pattern's; nil when neither says.
    public init?(path: String, pattern: VersionTemplate?, targets: [String]? = nil) {
        if let pattern {
            self = .pattern(pattern)
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch name {
        case "project.pbxproj": self = targets.map { .xcodeTargets($0) } ?? .xcodeProject
        case "package.json": self = .packageJSON
        case "Cargo.toml": self = .cargo
        case "pyproject.toml": self = .pyproject
        case _ where name.hasSuffix(".xcconfig"): self = .xcconfig
        case _ where name.hasSuffix(".plist"): self = .propertyList
        default: return nil
        }
    }

    /// The settings the file keeps a field in, for messages.
    public func key(of field: VersionField) -> String? {
        switch (self, field) {
        case (.xcodeProject, .version), (.xcodeTargets, .version), (.xcconfig, .version): "MARKETING_VERSION"
        case (.xcodeProject, .build), (.xcodeTargets, .build), (.xcconfig, .build): "CURRENT_PROJECT_VERSION"
        case (.propertyList, .version): "CFBundleShortVersionString"
        case (.propertyList, .build): "CFBundleVersion"
        case (.packageJSON, .version): "version"
        case (.cargo, .version): "[package] version"
        case (.pyproject, .version): "[project] version"
        case (.pattern(let template), .version): template.prefix + "{version}" + template.suffix
        default: nil
        }
    }

    /// Where else the version may stand, said when the file has none.
    var missingHint: String {
        switch self {
        case .xcodeProject: "; a project that sets it in an .xcconfig lists that file instead"
        case .xcodeTargets(let targets):
            " in the build configurations of \(targets.joined(separator: ", ")) or the project's; a project that sets it in an .xcconfig lists that file instead"
        case .cargo: " or [workspace.package] version"
        case .pyproject: " or [tool.poetry] version"
        case .pattern(let template) where template.prefix.isEmpty && template.suffix.isEmpty:
            " alone, a file that holds the version and nothing else"
        default: ""
        }
    }

    /// The form the file's ecosystem writes versions in; a pattern's file is told by its name.
    public var form: VersionForm {
        switch self {
        case .xcodeProject, .xcodeTargets, .xcconfig, .propertyList: .apple
        case .packageJSON, .cargo: .semantic
        case .pyproject: .python
        case .pattern: .asWritten
        }
    }

    /// Whether a version belongs in one place only: Xcode's settings are repeated per build
    /// configuration, everything else says it once.
    var isSinglePlace: Bool {
        switch self {
        case .xcodeProject, .xcodeTargets, .xcconfig: false
        default: true
        }
    }

    /// Every place of `field` in `bytes`, references to build settings too.
    func places(_ field: VersionField, in bytes: [UInt8]) throws(VersionFileProblem) -> [VersionPlace] {
        guard let key = key(of: field) else { return [] }
        switch self {
        case .xcodeProject: return try OpenStepScanner(bytes: bytes).places(of: key)
        case .xcodeTargets(let targets): return try OpenStepScanner(bytes: bytes).places(of: key, targets: targets)
        case .xcconfig: return XCConfigScanner(bytes: bytes).places(of: key)
        case .propertyList: return try PropertyListScanner(bytes: bytes).places(of: key)
        case .packageJSON: return try JSONVersionScanner(bytes: bytes).places()
        case .cargo: return try TOMLManifest(bytes: bytes).places(inFirstOf: ["package", "workspace.package"])
        case .pyproject: return try TOMLManifest(bytes: bytes).places(inFirstOf: ["project", "tool.poetry"])
        case .pattern(let template): return PatternScanner(bytes: bytes, template: template).places()
        }
    }
}
