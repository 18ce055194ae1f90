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
        var output = ByteWriter(capacity: 4096)
        write(to: &output, indent: 0)
        output.write(byte: UInt8(ascii: "\n"))
        return output.text
    }

    private func write(to output: inout ByteWriter, indent: Int) {
        switch self {
        case .null: output.write("null")
        case .bool(let value): output.write(value ? "true" : "false")
        case .int(let value): output.write(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            guard !values.isEmpty else { return output.write("[]") }
            output.write("[\n")
            for (index, value) in values.enumerated() {
                output.write(spaces: indent + 2)
                value.write(to: &output, indent: indent + 2)
                output.write(index < values.count - 1 ? ",\n" : "\n")
            }
            output.write(spaces: indent)
            output.write("]")
        case .object(let members):
            guard !members.isEmpty else { return output.write("{}") }
            output.write("{\n")
            for (index, (key, value)) in members.enumerated() {
                output.write(spaces: indent + 2)
                Self.writeString(key, to: &output)
                output.write(": ")
                value.write(to: &output, indent: indent + 2)
                output.write(index < members.count - 1 ? ",\n" : "\n")
            }
            output.write(spaces: indent)
            output.write("}")
        }
    }

    /// RFC 8259 escaping: quotes, backslashes and control characters.
    private static func writeString(_ value: String, to output: inout ByteWriter) {
        output.write("\"")
        output.write(value, escapingWhere: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output, byte in
            switch byte {
            case UInt8(ascii: "\""): output.write("\\\"")
            case UInt8(ascii: "\\"): output.write("\\\\")
            case UInt8(ascii: "\n"): output.write("\\n")
            case UInt8(ascii: "\r"): output.write("\\r")
            case UInt8(ascii: "\t"): output.write("\\t")
            case 0x08: output.write("\\b")
            case 0x0C: output.write("\\f")
            default:
                let digits: StaticString = "0123456789abcdef"
                output.write("\\u00")
                output.write(byte: digits.utf8Start[Int(byte >> 4)])
                output.write(byte: digits.utf8Start[Int(byte & 0xF)])
            }
        }
        output.write("\"")
    }
}
