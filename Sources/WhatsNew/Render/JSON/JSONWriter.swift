/// Writes pretty-printed JSON (two-space indents, keys in the order written) straight into
/// bytes, so a large document is never held as a tree of values first.
struct JSONWriter {
    private(set) var output: ByteWriter
    /// The open arrays and objects: whether each is an object, and how many members it has.
    private var open: [(isObject: Bool, count: Int)] = []

    init(capacity: Int = 4096) { output = ByteWriter(capacity: capacity) }

    /// A writer that goes on after what `output` holds.
    init(output: consuming ByteWriter) { self.output = output }

    /// The document's bytes, with its final newline.
    consuming func finish() -> ByteWriter {
        output.write(byte: UInt8(ascii: "\n"))
        return output
    }

    mutating func beginObject() {
        startValue()
        output.write("{")
        open.append((true, 0))
    }

    mutating func beginArray() {
        startValue()
        output.write("[")
        open.append((false, 0))
    }

    /// Closes the innermost object or array: `{}` and `[]` when empty.
    mutating func end() {
        guard let container = open.popLast() else { return }
        if container.count > 0 {
            output.write(byte: UInt8(ascii: "\n"))
            output.write(spaces: open.count * 2)
        }
        output.write(container.isObject ? "}" : "]")
    }

    /// A writer for more elements of the innermost array, written elsewhere (on another core)
    /// and added back with `appendElements(of:)`.
    func elementWriter() -> JSONWriter {
        var writer = JSONWriter(capacity: 0)
        writer.open = open
        if !writer.open.isEmpty { writer.open[writer.open.count - 1].count = 0 }
        return writer
    }

    /// The elements `part` wrote, after the ones already here, as if written here.
    mutating func appendElements(of part: JSONWriter) {
        guard let added = part.open.last?.count, added > 0, !open.isEmpty else { return }
        if open[open.count - 1].count > 0 { output.write(byte: UInt8(ascii: ",")) }
        output.write(part.output)
        open[open.count - 1].count += added
    }

    /// A member's name; its value comes next.
    mutating func key(_ name: String) {
        newMember()
        writeString(name)
        output.write(": ")
    }

    mutating func value(_ text: String?) {
        startValue()
        guard let text else { return output.write("null") }
        writeString(text)
    }

    /// One string made of `pieces` one after another, such as a section's HTML block by block.
    mutating func value(pieces: [String]) {
        startValue()
        output.write("\"")
        for piece in pieces { writeEscaped(piece) }
        output.write("\"")
    }

    mutating func value(_ number: Int?) {
        startValue()
        guard let number else { return output.write("null") }
        output.write(number)
    }

    mutating func value(_ flag: Bool) {
        startValue()
        output.write(flag ? "true" : "false")
    }

    mutating func null() {
        startValue()
        output.write("null")
    }

    /// In an array every value starts a new member; in an object `key` already did.
    private mutating func startValue() {
        guard let container = open.last, !container.isObject else { return }
        newMember()
    }

    private mutating func newMember() {
        guard !open.isEmpty else { return }
        output.write(open[open.count - 1].count > 0 ? ",\n" : "\n")
        open[open.count - 1].count += 1
        output.write(spaces: open.count * 2)
    }

    private mutating func writeString(_ value: String) {
        output.write("\"")
        writeEscaped(value)
        output.write("\"")
    }

    /// RFC 8259 escaping: quotes, backslashes and control characters.
    private mutating func writeEscaped(_ value: String) {
        output.write(value[...], escapingWhere: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
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
    }
}
