import WhatsNewModel

/// Encodes `Encodable` values as the JSON whatsnew writes: two-space indents, keys in the
/// order they are encoded (the order the schema documents), absent values as `null`, and a
/// final newline. Foundation's encoder cannot keep key order, and spaces its colons.
///
/// It writes as it is called, so a value's members must be encoded one after another, as
/// synthesized and hand-written `encode(to:)` methods do. It throws only what a value's own
/// `encode(to:)` throws (the schema's types throw nothing); a number that is not finite is `null`.
struct JSONTextEncoder {
    func encode(_ value: some Encodable) throws -> String {
        var bytes: [UInt8] = []
        try encode(value) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The JSON handed to `write` a piece at a time as UTF-8 bytes, so a long document is never
    /// held whole.
    func encode(_ value: some Encodable, write: ([UInt8]) -> Void) throws {
        try withoutActuallyEscaping(write) { write in
            let output = JSONOutput(sink: write)
            try output.encode(value, depth: 0)
            output.write("\n")
            output.flush()
        }
    }
}

/// Where the encoding containers write: a class, as `Encoder` needs, around the writer state.
/// The state is held through a pointer the class alone owns: every access to a class's stored
/// variable is checked for exclusivity at run time (nearly a tenth of encoding every release),
/// and nothing here can overlap, as the encoding is one call after another on one thread.
private final class JSONOutput {
    private let state: UnsafeMutablePointer<JSONWriter>
    /// Where gathered text is handed on.
    let sink: ([UInt8]) -> Void

    init(sink: @escaping ([UInt8]) -> Void) {
        self.sink = sink
        state = .allocate(capacity: 1)
        state.initialize(to: JSONWriter())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Hands on what is gathered; called between members, so never inside a character.
    func flush() {
        guard !state.pointee.bytes.isEmpty else { return }
        sink(state.pointee.bytes)
        state.pointee.bytes.removeAll(keepingCapacity: true)
    }

    /// A value at `depth`, and the close of every array or object it opened.
    func encode(_ value: some Encodable, depth: Int) throws {
        let opened = state.pointee.open.count
        try value.encode(to: StreamEncoder(output: self, depth: depth))
        state.pointee.close(downTo: opened)
    }

    func begin(isObject: Bool, depth: Int) -> Int { state.pointee.begin(isObject: isObject, depth: depth) }

    func newMember(of index: Int, key: String? = nil) {
        if state.pointee.newMember(of: index, key: key) { flush() }
    }

    func write(_ literal: String) {
        var literal = literal
        literal.withUTF8 { state.pointee.bytes.append(contentsOf: $0) }
    }

    func quote(_ value: String) { state.pointee.quote(value) }

    func count(of index: Int) -> Int {
        state.pointee.open.indices.contains(index) ? state.pointee.open[index].count : 0
    }
}

/// The bytes not yet handed on, and the arrays and objects still open: whether each is an
/// object, how many members it has, and how deep it stands.
private struct JSONWriter {
    var bytes: [UInt8] = []
    var open: [(isObject: Bool, count: Int, depth: Int)] = []

    mutating func begin(isObject: Bool, depth: Int) -> Int {
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append((isObject, 0, depth))
        return open.count - 1
    }

    /// Starts container `index`'s next member on a line of its own, once any container opened
    /// inside its last member is closed; true when enough is gathered to hand on.
    mutating func newMember(of index: Int, key: String?) -> Bool {
        close(downTo: index + 1)
        if open[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[index].count += 1
        bytes.append(UInt8(ascii: "\n"))
        indent((open[index].depth + 1) * 2)
        if let key {
            quote(key)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(UInt8(ascii: " "))
        }
        return bytes.count >= StreamedOutput.chunkSize
    }

    /// Closes the open containers above the first `count`: `{}` and `[]` when empty.
    mutating func close(downTo count: Int) {
        while open.count > count, let container = open.popLast() {
            if container.count > 0 {
                bytes.append(UInt8(ascii: "\n"))
                indent(container.depth * 2)
            }
            bytes.append(container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    mutating func quote(_ value: String) { Self.quote(value, in: &bytes) }

    /// `count` spaces, a byte at a time: a line's few spaces cost more through a collection.
    private mutating func indent(_ count: Int) {
        for _ in 0..<count { bytes.append(UInt8(ascii: " ")) }
    }

    /// A byte that may start something to escape: a quote, a backslash, a C0 control, DEL,
    /// or the first byte of a C1 control (0xC2, which most Latin-1 letters also start with).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2
    }

    /// A JSON string, escaped as RFC 8259 asks: quotes, backslashes and control characters, with
    /// DEL and the C1 controls too, so the JSON printed in a log or a terminal carries no control
    /// from the notes. Runs that need nothing are copied whole.
    private static func quote(_ value: String, in bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escape: its own bytes are scanned and copied whole.
        var value = value
        let isPlain = value.withUTF8 { source in
            guard !source.contains(where: needsEscape) else { return false }
            bytes.append(contentsOf: source)
            return true
        }
        guard !isPlain else {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        let source = Array(value.utf8)
        var start = 0
        for (index, byte) in source.enumerated() where needsEscape(byte) {
            // 0xC2 starts a C1 control only before 0x80–0x9F; the control is then escaped whole.
            var byte = byte
            if byte == 0xC2 {
                guard index + 1 < source.count, (0x80...0x9F).contains(source[index + 1]) else { continue }
                byte = source[index + 1]
            }
            bytes += source[start..<index]
            switch byte {
            case UInt8(ascii: "\""): bytes += "\\\"".utf8
            case UInt8(ascii: "\\"): bytes += "\\\\".utf8
            case UInt8(ascii: "\n"): bytes += "\\n".utf8
            case UInt8(ascii: "\r"): bytes += "\\r".utf8
            case UInt8(ascii: "\t"): bytes += "\\t".utf8
            case 0x08: bytes += "\\b".utf8
            case 0x0C: bytes += "\\f".utf8
            default:
                let hex = String(byte, radix: 16)
                bytes += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            }
            start = index + (byte >= 0x80 ? 2 : 1)
        }
        bytes += source[start...]
        bytes.append(UInt8(ascii: "\""))
    }
}

private struct StreamEncoder: Encoder {
    let output: JSONOutput
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(
            KeyedContainer(output: output, depth: depth, index: output.begin(isObject: true, depth: depth)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(output: output, depth: depth, index: output.begin(isObject: false, depth: depth))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(output: output, depth: depth)
    }
}

/// Text, integers, flags and nulls are written here; any other value goes through its own
/// `encode(to:)` (the standard library routes the remaining scalar overloads to the generic
/// one), which ends in the single-value container.
private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let output: JSONOutput
    let depth: Int
    /// Where this object stands among the open ones.
    let index: Int
    var codingPath: [any CodingKey] { [] }

    private func member(_ key: Key) -> StreamEncoder {
        output.newMember(of: index, key: key.stringValue)
        return StreamEncoder(output: output, depth: depth + 1)
    }

    private func encodeMember(_ value: some Encodable, _ key: Key) throws {
        output.newMember(of: index, key: key.stringValue)
        try output.encode(value, depth: depth + 1)
    }

    mutating func encodeNil(forKey key: Key) throws { write(key, "null") }
    mutating func encode(_ value: String, forKey key: Key) throws {
        output.newMember(of: index, key: key.stringValue)
        output.quote(value)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { write(key, String(value)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { write(key, value ? "true" : "false") }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encodeMember(value, key) }

    private func write(_ key: Key, _ literal: String) {
        output.newMember(of: index, key: key.stringValue)
        output.write(literal)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        member(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        member(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        output.newMember(of: index, key: "super")
        return StreamEncoder(output: output, depth: depth + 1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { member(key) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let output: JSONOutput
    let depth: Int
    let index: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { output.count(of: index) }

    private func element() -> StreamEncoder {
        output.newMember(of: index)
        return StreamEncoder(output: output, depth: depth + 1)
    }

    private func encodeElement(_ value: some Encodable) throws {
        output.newMember(of: index)
        try output.encode(value, depth: depth + 1)
    }

    mutating func encodeNil() throws {
        output.newMember(of: index)
        output.write("null")
    }
    mutating func encode(_ value: String) throws {
        output.newMember(of: index)
        output.quote(value)
    }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeElement(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        element().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { element() }
}

/// Where a scalar is finally written, in its JSON form.
private struct SingleValueContainer: SingleValueEncodingContainer {
    let output: JSONOutput
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { output.write("null") }
    mutating func encode(_ value: Bool) throws { output.write(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { output.quote(value) }
    mutating func encode(_ value: Double) throws { output.write(value.isFinite ? "\(value)" : "null") }
    mutating func encode(_ value: Float) throws { output.write(value.isFinite ? "\(value)" : "null") }
    mutating func encode(_ value: Int) throws { output.write(String(value)) }
    mutating func encode(_ value: Int8) throws { output.write(String(value)) }
    mutating func encode(_ value: Int16) throws { output.write(String(value)) }
    mutating func encode(_ value: Int32) throws { output.write(String(value)) }
    mutating func encode(_ value: Int64) throws { output.write(String(value)) }
    mutating func encode(_ value: UInt) throws { output.write(String(value)) }
    mutating func encode(_ value: UInt8) throws { output.write(String(value)) }
    mutating func encode(_ value: UInt16) throws { output.write(String(value)) }
    mutating func encode(_ value: UInt32) throws { output.write(String(value)) }
    mutating func encode(_ value: UInt64) throws { output.write(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: StreamEncoder(output: output, depth: depth))
    }
}
