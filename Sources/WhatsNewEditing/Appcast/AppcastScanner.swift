import WhatsNewModel

/// Walks an appcast's XML by hand, because editing it must keep every other byte: it finds
/// each channel `<item>`, the versions it names and the byte ranges of its `<description>`s.
/// It knows comments, CDATA, processing instructions, a DOCTYPE, quoted attributes and
/// character references; a tag that does not close or an end tag that does not match is an
/// error rather than a guess.
struct AppcastScanner {
    let bytes: [UInt8]
    let path: String

    private struct Open {
        var name: String
        var start: Int
        var attributes: [(name: String, value: String)]
    }

    private struct Failure: Error {
        var offset: Int
        var message: String
    }

    func items() throws(Diagnostic) -> [Appcast.Item] {
        do {
            return try scan()
        } catch {
            let location = position(of: error.offset)
            throw Diagnostic(
                .appcast, at: SourceLocation(path: path, line: location.line, column: location.column),
                "this appcast is not well-formed XML: \(error.message); it was left unchanged")
        }
    }

    private func scan() throws(Failure) -> [Appcast.Item] {
        var stack: [Open] = []
        var items: [Appcast.Item] = []
        var current: Appcast.Item?
        var sparklePrefix = "sparkle"
        var text: [UInt8] = []  // the text of the element being read, for version elements
        var index = 0
        var sawRoot = false
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                if bytes[index] == UInt8(ascii: "&") {
                    let (scalar, end) = try reference(at: index)
                    text += Array(String(scalar).utf8)
                    index = end
                } else {
                    text.append(bytes[index])
                    index += 1
                }
                continue
            }
            if starts("<!--", at: index) {
                index = try end(of: "-->", from: index + 4, opened: index, what: "comment")
            } else if starts("<![CDATA[", at: index) {
                let close = try end(of: "]]>", from: index + 9, opened: index, what: "CDATA section")
                text += bytes[(index + 9)..<(close - 3)]
                index = close
            } else if starts("<?", at: index) {
                index = try end(of: "?>", from: index + 2, opened: index, what: "processing instruction")
            } else if starts("<!", at: index) {
                guard stack.isEmpty, !sawRoot else {
                    throw Failure(offset: index, message: "a declaration inside the document")
                }
                index = try declarationEnd(from: index)
            } else if starts("</", at: index) {
                let (name, close) = try endTag(at: index)
                guard let open = stack.popLast() else {
                    throw Failure(offset: index, message: "`</\(name)>` closes nothing")
                }
                guard open.name == name else {
                    throw Failure(offset: index, message: "`</\(name)>` closes `<\(open.name)>`")
                }
                record(
                    open, closingAt: index, end: close, depth: stack.count, text: text, into: &current,
                    sparkle: sparklePrefix)
                if open.name == "item", stack.count == 2, let item = current {
                    items.append(item)
                    current = nil
                }
                text = []
                index = close
            } else {
                let (open, close, selfClosing) = try startTag(at: index)
                if stack.isEmpty {
                    guard !sawRoot else { throw Failure(offset: index, message: "a second root element") }
                    sawRoot = true
                }
                for attribute in open.attributes
                where attribute.name.hasPrefix("xmlns:")
                    && attribute.value == Appcast.sparkleNamespace
                {
                    sparklePrefix = String(attribute.name.dropFirst(6))
                }
                if open.name == "item", stack.count == 2, stack[1].name == "channel" {
                    current = Appcast.Item(line: position(of: index).line, insertion: close, indentation: [])
                }
                if stack.count == 3, current != nil {
                    // A child of the item: the indentation before it, and new descriptions go after it.
                    if current!.indentation.isEmpty { current!.indentation = indentation(before: index) }
                    if open.name == "enclosure" {
                        for attribute in open.attributes {
                            if attribute.name == "\(sparklePrefix):shortVersionString", current!.shortVersion == nil {
                                current!.shortVersion = attribute.value.trimmedWhitespace()
                            } else if attribute.name == "\(sparklePrefix):version", current!.build == nil {
                                current!.build = attribute.value.trimmedWhitespace()
                            }
                        }
                    }
                }
                if selfClosing {
                    record(
                        open, closingAt: close, end: close, depth: stack.count, text: [], into: &current,
                        sparkle: sparklePrefix)
                } else {
                    stack.append(open)
                }
                text = []
                index = close
            }
        }
        if let open = stack.last { throw Failure(offset: open.start, message: "`<\(open.name)>` is never closed") }
        guard sawRoot else { throw Failure(offset: 0, message: "there is no element") }
        return items
    }

    /// An element of the item just closed: a version, or a description's place.
    private func record(
        _ open: Open, closingAt endTagStart: Int, end: Int, depth: Int, text: [UInt8], into item: inout Appcast.Item?,
        sparkle: String
    ) {
        guard depth == 3, item != nil else { return }
        item!.insertion = end
        let value = String(decoding: text, as: UTF8.self).trimmedWhitespace()
        switch open.name {
        case "\(sparkle):shortVersionString": item!.shortVersion = value
        case "\(sparkle):version": item!.build = value
        case "description":
            let language = open.attributes.first { $0.name == "xml:lang" }?.value
            item!.descriptions.append((language, open.start..<end))
        case "\(sparkle):releaseNotesLink":
            item!.releaseNotesLinks.append(open.start..<end)
        default: break
        }
    }

    private func starts(_ prefix: String, at index: Int) -> Bool {
        let pattern = Array(prefix.utf8)
        return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    /// The index just past `terminator`, searched from `from`.
    private func end(of terminator: String, from: Int, opened: Int, what: String) throws(Failure) -> Int {
        let pattern = Array(terminator.utf8)
        guard let range = bytes[from...].firstRange(of: pattern) else {
            throw Failure(offset: opened, message: "a \(what) that never ends")
        }
        return range.upperBound
    }

    /// `<!DOCTYPE …>`, with an internal subset in brackets.
    private func declarationEnd(from start: Int) throws(Failure) -> Int {
        var index = start + 2
        var depth = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return index + 1
            }
            index += 1
        }
        throw Failure(offset: start, message: "a declaration that never ends")
    }

    private func name(at start: Int) -> (String, Int) {
        var index = start
        while index < bytes.count, !Self.isNameEnd(bytes[index]) { index += 1 }
        return (String(decoding: bytes[start..<index], as: UTF8.self), index)
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || MarkupText.isSpace(byte)
    }

    private func skipSpace(_ index: inout Int) {
        while index < bytes.count, MarkupText.isSpace(bytes[index]) { index += 1 }
    }

    private func endTag(at start: Int) throws(Failure) -> (String, Int) {
        var (name, index) = self.name(at: start + 2)
        skipSpace(&index)
        guard !name.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw Failure(offset: start, message: "an end tag that does not close")
        }
        return (name, index + 1)
    }

    private func startTag(at start: Int) throws(Failure) -> (Open, Int, Bool) {
        var (name, index) = self.name(at: start + 1)
        guard !name.isEmpty else { throw Failure(offset: start, message: "a `<` that opens no tag") }
        var attributes: [(String, String)] = []
        while true {
            skipSpace(&index)
            guard index < bytes.count else { throw Failure(offset: start, message: "`<\(name)` is never closed") }
            if bytes[index] == UInt8(ascii: ">") {
                return (Open(name: name, start: start, attributes: attributes), index + 1, false)
            }
            if starts("/>", at: index) {
                return (Open(name: name, start: start, attributes: attributes), index + 2, true)
            }
            let (attribute, afterName) = self.name(at: index)
            index = afterName
            skipSpace(&index)
            guard !attribute.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw Failure(offset: index, message: "an attribute of `<\(name)>` without a value")
            }
            index += 1
            skipSpace(&index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw Failure(offset: index, message: "an attribute value of `<\(name)>` without quotes")
            }
            let quote = bytes[index]
            guard let close = bytes[(index + 1)...].firstIndex(of: quote) else {
                throw Failure(offset: index, message: "an attribute value that never ends")
            }
            var value: [UInt8] = []
            var inner = index + 1
            while inner < close {
                if bytes[inner] == UInt8(ascii: "&") {
                    let (scalar, end) = try reference(at: inner)
                    value += Array(String(scalar).utf8)
                    inner = end
                } else {
                    value.append(bytes[inner])
                    inner += 1
                }
            }
            attributes.append((attribute, String(decoding: value, as: UTF8.self)))
            index = close + 1
        }
    }

    /// `&amp;`, `&#38;`, `&#x26;` and the other predefined entities.
    private func reference(at start: Int) throws(Failure) -> (Character, Int) {
        guard let semicolon = bytes[start...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw Failure(offset: start, message: "an `&` that is no reference (write `&amp;`)")
        }
        let body = String(decoding: bytes[(start + 1)..<semicolon], as: UTF8.self)
        let named: [String: Character] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        if let character = named[body] { return (character, semicolon + 1) }
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            if let value, let scalar = Unicode.Scalar(value) { return (Character(scalar), semicolon + 1) }
        }
        throw Failure(offset: start, message: "`&\(body);` is no reference XML knows")
    }

    /// The spaces and tabs between the line's start and `index`, when only they stand there.
    private func indentation(before index: Int) -> [UInt8] {
        var start = index
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") else { return [] }
        return Array(bytes[start..<index])
    }

    private func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1)
    }
}
