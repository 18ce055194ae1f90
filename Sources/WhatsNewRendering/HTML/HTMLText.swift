import WhatsNewModel

/// Text made safe for HTML, written as UTF-8: cmark's escaping for the Markdown, byte for
/// byte, and the Mustache spec's for values the templates show.
package enum HTMLText {
    /// cmark's escaping of text and attribute values: `"`, `&`, `<` and `>` as character references.
    static func appendEscaped(_ text: String, to html: inout [UInt8]) {
        append(text, to: &html, replacing: reference)
    }

    /// The Mustache spec's escaping of a `{{value}}`: the same and `'`.
    static func appendEscapedForTemplate(_ text: String, to html: inout [UInt8]) {
        append(text, to: &html) { $0 == UInt8(ascii: "'") ? "&#39;" : reference($0) }
    }

    /// The text's UTF-8 copied whole from its own storage: a sheet is made of many small pieces.
    static func appendUTF8(_ text: String, to html: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ html.append(contentsOf: $0) }) == nil { html += text.utf8 }
    }

    private static func reference(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        default: nil
        }
    }

    /// Each byte `replacement` names replaced; text with none of them is copied whole.
    /// Inlined so the scan calls no closure per byte: it runs over every text of a sheet.
    @inline(__always)
    private static func append(_ text: String, to html: inout [UInt8], replacing replacement: (UInt8) -> String?) {
        let isCopied = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { replacement($0) != nil }) else { return false }
            html.append(contentsOf: bytes)
            return true
        }
        if isCopied == true { return }
        for byte in text.utf8 {
            if let replaced = replacement(byte) { html += replaced.utf8 } else { html.append(byte) }
        }
    }

    /// cmark's form of a link's address: percent-encoded where a URL may not hold a byte as
    /// it is, and empty for an address that could run code or open a local file.
    static func appendAddress(_ address: String, to html: inout [UInt8]) {
        guard !isDangerous(address) else { return }
        // Most addresses need nothing changed: one scan, then one copy.
        guard address.utf8.contains(where: { !isSafeInAddress($0) }) else { return html += address.utf8 }
        for byte in address.utf8 {
            switch byte {
            case UInt8(ascii: "&"): html += "&amp;".utf8
            case UInt8(ascii: "'"): html += "&#x27;".utf8
            case _ where isSafeInAddress(byte): html.append(byte)
            default: html += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Letters, digits and `!#$%()*+,-./:;=?@_~`, which cmark 0.30 leaves as they are.
    private static func isSafeInAddress(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "!"), UInt8(ascii: "#")...UInt8(ascii: "%"),
            UInt8(ascii: "(")...UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `javascript:`, `vbscript:`, `file:` and `data:` in any case, except `data:` images in
    /// PNG, GIF, JPEG or WebP.
    static func isDangerous(_ address: String) -> Bool {
        let bytes = address[...].utf8
        if starts(bytes, with: "data:image/") {
            return !imageFormats.contains { starts(bytes.dropFirst(11), with: $0) }
        }
        return dangerousSchemes.contains { starts(bytes, with: $0) }
    }

    private static let dangerousSchemes = ["javascript:", "vbscript:", "file:", "data:"]
    private static let imageFormats = ["png", "gif", "jpeg", "webp"]

    /// Whether the bytes start with `prefix` (lowercase), ignoring the case of ASCII letters:
    /// by bytes, as cmark compares, so a combining mark after a colon cannot hide it.
    private static func starts(_ bytes: Substring.UTF8View, with prefix: String) -> Bool {
        var bytes = bytes.makeIterator()
        for expected in prefix.utf8 {
            guard let byte = bytes.next() else { return false }
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            guard lower == expected else { return false }
        }
        return true
    }

    /// The bytes cmark counts as white space in an info string.
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    /// The HTML with every blank line given a character reference, so it reads the same. Pasted
    /// into a CommonMark page (Hugo, VitePress, MkDocs with a CommonMark parser), a blank line
    /// would end the sheet's HTML block and turn the rest into Markdown; cmark writes one only
    /// inside a code block, where an empty line becomes `&#10;` joined to the line before and
    /// a line of spaces starts with `&#32;`.
    static func withoutBlankLines(_ html: String) -> String {
        let bytes = Array(html.utf8)
        let newline = UInt8(ascii: "\n")
        // Lines as ranges of bytes; the first and the last are never changed.
        var lines: [Range<Int>] = []
        var lineStart = 0
        for (index, byte) in bytes.enumerated() where byte == newline {
            lines.append(lineStart..<index)
            lineStart = index + 1
        }
        lines.append(lineStart..<bytes.count)
        let isChanged: (Range<Int>) -> Bool = { line in line.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 } }
        guard lines.dropFirst().dropLast().contains(where: isChanged) else { return html }

        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        result += bytes[lines[0]]
        var index = 1
        while index < lines.count {
            let line = lines[index]
            if index < lines.count - 1 && line.isEmpty {
                // `a\n\nb` becomes `a\n&#10;b`: the same two line feeds, no blank line.
                result += "\n&#10;".utf8
                result += bytes[lines[index + 1]]
                index += 2
                continue
            }
            result.append(newline)
            if index < lines.count - 1 && isChanged(line) {
                result += (bytes[line.lowerBound] == 0x20 ? "&#32;" : "&#9;").utf8
                result += bytes[line.dropFirst()]
            } else {
                result += bytes[line]
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
