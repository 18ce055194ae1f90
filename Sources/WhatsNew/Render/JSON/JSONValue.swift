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
        var output = ""
        write(to: &output, indent: 0)
        output += "\n"
        return output
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            guard !values.isEmpty else { return output += "[]" }
            output += "[\n"
            for (index, value) in values.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                value.write(to: &output, indent: indent + 2)
                output += index < values.count - 1 ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { return output += "{}" }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                Self.writeString(key, to: &output)
                output += ": "
                value.write(to: &output, indent: indent + 2)
                output += index < members.count - 1 ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    /// RFC 8259 escaping: quotes, backslashes and control characters.
    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
