import WhatsNewModel

/// A project-wide icon table (`--icons FILE`): a YAML map from categories or new names to
/// icons, the same shape as a sheet's `icons:` front matter, optionally under an `icons:` key.
///
/// ```yaml
/// fixed: ant.fill          # a category's icon
/// inkwell.nib: 🖋️          # a new name sections can use
/// ":inkwell:": 🖋️          # a new shortcode
/// ```
public enum IconMapFile {
    /// The entries of the file; the thrown diagnostic points into it.
    public static func load(path: String) throws(Diagnostic) -> [IconOverride] {
        let source = try SourceFile.load(path: path)
        return try read(source)
    }

    static func read(_ source: SourceFile) throws(Diagnostic) -> [IconOverride] {
        let root: YAMLNode?
        do {
            root = try YAMLDocument.compose(String(decoding: source.bytes, as: UTF8.self))
        } catch {
            throw Diagnostic(.iconMap, at: location(source, error.mark), "not valid YAML: \(error.problem)")
        }
        guard var mapping = root?.mapping else {
            throw Diagnostic(
                .iconMap, at: location(source, root?.mark),
                "an icon map is `name: icon` lines, such as `fixed: ladybug.fill`")
        }
        if mapping.count == 1, let only = mapping.first, only.key.string == "icons", let inner = only.value.mapping {
            mapping = inner
        }
        return try overrides(from: mapping, in: source)
    }

    /// The entries of a YAML map of names to icons, wherever it stands (a file, `.whatsnew.yml`).
    package static func overrides(from mapping: YAMLMapping, in source: SourceFile) throws(Diagnostic) -> [IconOverride]
    {
        var overrides: [IconOverride] = []
        for (key, value) in mapping {
            guard let name = key.string, let spec = value.scalar?.string, let icon = Icon(spec) else {
                throw Diagnostic(
                    .iconMap, at: location(source, value.mark),
                    "`\(key.string ?? "")` must map to an icon: an emoji, an SF Symbol name or a :shortcode:")
            }
            let position = value.mark.map { TextPosition(line: $0.line, column: $0.column) }
            overrides.append(IconOverride(key: name, icon: icon, position: position))
        }
        return overrides
    }

    private static func location(_ source: SourceFile, _ mark: YAMLMark?) -> SourceLocation {
        SourceLocation(path: source.path, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }
}
