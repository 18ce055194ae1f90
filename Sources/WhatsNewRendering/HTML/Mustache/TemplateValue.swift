import WhatsNewModel

/// A value a template can show or iterate: the context the HTML templates are rendered with.
///
/// Typed rather than `Any`, so finding a name is a comparison of a few short keys, not a
/// dynamic cast per look-up.
enum TemplateValue: Sendable {
    case text(String)
    case bool(Bool)
    case number(Int)
    case list([TemplateValue])
    /// A list whose elements are made one at a time as a section walks it, so a sheet of a
    /// million releases never holds a million contexts.
    case generated(count: Int, element: @Sendable (Int) -> TemplateValue)
    /// Keys in the order written; objects are small, so a linear search beats hashing.
    case object([(TemplateKey, TemplateValue)])

    /// The value under `key` when this is an object.
    func member(_ key: TemplateKey) -> TemplateValue? {
        guard case .object(let members) = self else { return nil }
        // By index, so passing over a member copies (and retains) neither its name nor its value.
        for index in members.indices where members[index].0.matches(key) {
            return members[index].1
        }
        return nil
    }

    /// Whether a section shows: not for `false` or an empty list; any other value counts.
    var isShown: Bool {
        switch self {
        case .bool(let value): value
        case .list(let values): !values.isEmpty
        case .generated(let count, _): count > 0
        case .text, .number, .object: true
        }
    }
}
