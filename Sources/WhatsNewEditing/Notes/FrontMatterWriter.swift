import WhatsNewModel

/// Front matter written: the one place whatsnew writes a YAML block, for a new fragment and for
/// a featured row in the notes, so every value reads back as exactly what was written.
package enum FrontMatterWriter {
    /// A value of a front-matter key.
    package enum Value: Sendable {
        /// Text, plain where YAML reads it back as itself, else quoted.
        case text(String)
        /// Issue or pull request references: a number goes in plain (`issue: 212`), an address
        /// quoted where YAML needs it; several as a flow list (`pr: [9, 12]`).
        case references([String])
        /// `true` or `false`.
        case flag(Bool)
        /// Names, always as a list: `[core, "@scope/app"]`.
        case names([String])
    }

    /// The block's lines, `---` to `---`.
    package static func lines(_ fields: [(key: FrontMatterKey, value: Value)]) -> [String] {
        ["---"] + fields.map { line($0.key, $0.value) } + ["---"]
    }

    /// One field's line, as ``lines(_:)`` writes it.
    package static func line(_ key: FrontMatterKey, _ value: Value) -> String { "\(key.rawValue): " + written(value) }

    private static func written(_ value: Value) -> String {
        switch value {
        case .text(let text): return YAMLScalar.text(text)
        case .references(let values):
            func reference(_ value: String) -> String {
                value.allSatisfy(\.isNumber) ? value : YAMLScalar.flowItem(value)
            }
            return values.count == 1 ? reference(values[0]) : "[\(values.map(reference).joined(separator: ", "))]"
        case .flag(let flag): return flag ? "true" : "false"
        case .names(let names): return "[\(names.map(YAMLScalar.flowItem).joined(separator: ", "))]"
        }
    }
}
