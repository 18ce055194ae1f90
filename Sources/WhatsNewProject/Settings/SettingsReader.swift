import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering

/// One map of `.whatsnew.yml` read into settings: the file's own, or one package's under
/// `packages:`. The value readers every key shares (text, a choice, a path) live here, with the
/// findings they make; ``SettingKey`` says which keys there are and reads each.
struct SettingsReader {
    let source: SourceFile
    /// The package whose map this is; nil for the file's own.
    let package: String?
    var config: ProjectConfig
    var diagnostics: [Diagnostic] = []

    init(source: SourceFile, package: String?) {
        self.source = source
        self.package = package
        config = ProjectConfig(path: source.path)
    }

    /// The settings of `mapping`, key by key through ``SettingKey/all``; a key a package cannot
    /// set, or no key at all, is said with the nearest one.
    static func read(_ mapping: YAMLMapping, of source: SourceFile, package: String?) -> (ProjectConfig, [Diagnostic]) {
        var reader = SettingsReader(source: source, package: package)
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if package != nil, !ProjectConfig.packageKeys.contains(key) {
                let near = Suggestion.question(for: key, among: ProjectConfig.packageKeys).map { "; \($0)" } ?? ""
                let whole = ProjectConfig.keys.contains(key) ? "; it is set once for the whole repository" : ""
                reader.report(.configUnknownKey, keyNode.mark, "`\(key)` is no setting of a package\(whole)\(near)")
                continue
            }
            reader.config.written.insert(key)
            guard let setting = SettingKey.named(key, inPackage: package != nil) else {
                let near = Suggestion.question(for: key, among: ProjectConfig.keys).map { "; \($0)" } ?? ""
                reader.report(
                    .configUnknownKey, keyNode.mark, "unknown key `\(key)` in \(ProjectConfig.fileName)\(near)")
                continue
            }
            setting.read(&reader, value, key)
        }
        return (reader.config, reader.diagnostics)
    }

    mutating func report(_ rule: DiagnosticRule, _ mark: YAMLMark?, _ message: String) {
        diagnostics.append(Diagnostic(rule, at: location(mark), message))
    }

    func location(_ mark: YAMLMark?) -> SourceLocation {
        SourceLocation(path: source.path, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    /// A setting's text; a finding when it is none.
    mutating func text(_ node: YAMLNode, _ key: String) -> String? {
        guard let value = node.scalar?.string, !value.isEmpty else {
            report(.configValue, node.mark, "`\(key)` takes text")
            return nil
        }
        return value
    }

    /// One of the values a setting takes, by name; a wrong one is reported with them all.
    mutating func choice<Value: RawRepresentable>(_ node: YAMLNode, _ key: String, among names: [String]) -> Value?
    where Value.RawValue == String {
        guard let written = text(node, key) else { return nil }
        guard let value = Value(rawValue: written) else {
            report(.configValue, node.mark, "`\(key)` is one of \(names.joined(separator: ", ")), not `\(written)`")
            return nil
        }
        return value
    }

    /// A key's pairs, in order; none, reported, when its value is no mapping (`what` says
    /// what the key maps, with an example).
    mutating func mapping(_ node: YAMLNode, _ key: String, _ what: String) -> [YAMLMapping.Element] {
        guard let mapping = node.mapping else {
            report(.configValue, node.mark, "`\(key)` \(what)")
            return []
        }
        return Array(mapping)
    }

    /// A path-valued setting, kept with where it stands; a package's is named with it, so a
    /// message says whose setting it is.
    mutating func path(_ node: YAMLNode, _ key: String) -> String? {
        guard let value = text(node, key) else { return nil }
        let scope = package.map { "packages: \($0): " } ?? ""
        config.paths.append(ProjectConfig.SettingPath(key: scope + key, path: value, location: location(node.mark)))
        return value
    }

    /// A list of names, or one name (`beta` as `[beta]`); nil when any is empty.
    func names(_ node: YAMLNode, lowercased: Bool = false) -> [String]? {
        let names = (node.sequence.map(Array.init) ?? [node]).compactMap { item in
            (item.scalar?.string).map { lowercased ? $0.lowercased() : $0 }
        }
        return names.isEmpty || names.contains(where: \.isEmpty) ? nil : names
    }
}
