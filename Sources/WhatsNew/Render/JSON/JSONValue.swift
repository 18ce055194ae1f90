/// A JSON value whose objects keep their keys in the order written, so the output reads in
/// the schema's order (Foundation's encoder sorts keys or leaves them unordered).
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// `.string` or `.null`.
    static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// Pretty-printed with two-space indents and a final newline.
    public func text() -> String {
        var writer = JSONWriter()
        write(to: &writer)
        return String(decoding: writer.finish().bytes, as: UTF8.self)
    }

    private func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.value(value)
        case .int(let value): writer.value(value)
        case .string(let value): writer.value(value)
        case .array(let values):
            writer.beginArray()
            for value in values { value.write(to: &writer) }
            writer.end()
        case .object(let members):
            writer.beginObject()
            for (key, value) in members {
                writer.key(key)
                value.write(to: &writer)
            }
            writer.end()
        }
    }
}
