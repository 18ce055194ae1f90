import WhatsNewModel
import WhatsNewReading

/// A front-matter value written so YAML reads back exactly the text: plain where that is safe,
/// else double-quoted. libyaml's own emitter escapes every emoji (`"\U0001F319"`), which a
/// person editing the notes should not have to read.
public enum YAMLScalar {
    /// `value` as a YAML scalar that reads back as exactly `value`.
    public static func text(_ value: String) -> String {
        if isSafePlain(value), reads(value, as: value) { return value }
        return doubleQuoted(value)
    }

    /// An item of a flow list (`[a, b]`): as ``text(_:)``, and quoted besides when it holds
    /// a character that ends or opens an item there (`,`, `[`, `]`, `{`, `}`).
    public static func flowItem(_ value: String) -> String {
        value.contains(where: { ",[]{}".contains($0) }) ? doubleQuoted(value) : text(value)
    }

    private static func doubleQuoted(_ value: String) -> String {
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{FEFF}"
                {
                    let hex = String(scalar.value, radix: 16)
                    quoted += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// Text YAML reads as itself: no indicator first, no `: ` or ` #` inside, no word YAML 1.1
    /// reads as true, false or null, nothing number-shaped.
    private static func isSafePlain(_ value: String) -> Bool {
        guard let first = value.first, let last = value.last, !first.isWhitespace, !last.isWhitespace else {
            return false
        }
        if "-?:,[]{}#&*!|>'\"%@`".contains(first) { return false }
        if value.contains(text: ": ") || value.contains(text: " #") || value.hasSuffix(":") { return false }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return false
        }
        let reserved: Set<String> = ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n"]
        if reserved.contains(value.lowercased()) { return false }
        return !value.allSatisfy { $0.isNumber || ".+-_eE".contains($0) }
    }

    /// Whether `written` parses as the one string `value`.
    static func reads(_ written: String, as value: String) -> Bool {
        guard let node = try? YAMLDocument.compose("key: " + written),
            let scalar = node.mapping?["key"]?.scalar
        else { return false }
        return scalar.string == value
    }
}
