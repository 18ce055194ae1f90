import WhatsNewModel

/// HTML as cmark writes it: addresses percent-encoded, dangerous ones dropped, and no blank
/// line that would end an HTML block. Text is escaped by ``MarkupText``.
package enum HTMLText {
    /// cmark's form of a link's address: percent-encoded where a URL may not hold a byte as
    /// it is, and empty for an address that could run code or open a local file.
    static func appendAddress(_ address: String, to html: inout [UInt8]) {
        guard !isDangerous(address) else { return }
        // Over the contiguous bytes: through the string's view, a link cost 70 instructions a byte.
        var address = address
        address.withUTF8 { bytes in
            // Most addresses need nothing changed: one scan, then one copy.
            guard bytes.contains(where: { !isSafeInAddress($0) }) else { return html.append(contentsOf: bytes) }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): html += "&amp;".utf8
                case UInt8(ascii: "'"): html += "&#x27;".utf8
                case _ where isSafeInAddress(byte): html.append(byte)
                default: html += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
                }
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
        // Every such scheme starts with one of four letters; most addresses start otherwise.
        guard let first = bytes.first, Self.schemeInitials.contains(first | 0x20) else { return false }
        if starts(bytes, with: "data:image/") {
            return !imageFormats.contains { starts(bytes.dropFirst(11), with: $0) }
        }
        return dangerousSchemes.contains { starts(bytes, with: $0) }
    }

    private static let dangerousSchemes = ["javascript:", "vbscript:", "file:", "data:"]
    private static let imageFormats = ["png", "gif", "jpeg", "webp"]
    private static let schemeInitials: [UInt8] = Array("jvfd".utf8)

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

    /// The HTML with every blank line given a character reference, so it reads the same. Pasted
    /// into a CommonMark page (Hugo, VitePress, MkDocs with a CommonMark parser), a blank line
    /// would end the sheet's HTML block and turn the rest into Markdown; cmark writes one only
    /// inside a code block, where an empty line becomes `&#10;` joined to the line before and
    /// a line of spaces starts with `&#32;`.
    /// A line break, spaces or tabs, and another line break: a line of nothing between two.
    private static func hasBlankLine(_ bytes: some Collection<UInt8>) -> Bool {
        var afterBreak = false
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if afterBreak { return true }
                afterBreak = true
            } else if afterBreak, byte != 0x20, byte != 0x09 {
                afterBreak = false
            }
        }
        return false
    }

    static func withoutBlankLines(_ html: String) -> String {
        // One scan first: nearly every row's HTML has no blank line, and is returned as it is.
        let hasBlankLine =
            html.utf8.withContiguousStorageIfAvailable(Self.hasBlankLine) ?? Self.hasBlankLine(Array(html.utf8))
        guard hasBlankLine else { return html }
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
