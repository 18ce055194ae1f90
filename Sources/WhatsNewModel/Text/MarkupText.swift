/// Text made safe inside markup, written as UTF-8: cmark's escaping of HTML text and
/// attributes (byte for byte), the Mustache spec's for the values templates show, and XML's
/// for feeds and appcasts. One place, for the renderers and the appcast editor alike.
package enum MarkupText {
    /// cmark's escaping of text and attribute values: `"`, `&`, `<` and `>` as character references.
    @inlinable package static func appendEscaped(_ text: String, to html: inout [UInt8]) {
        append(text, to: &html, replacing: reference)
    }

    /// The Mustache spec's escaping of a `{{value}}`: the same and `'`.
    @inlinable package static func appendEscapedForTemplate(_ text: String, to html: inout [UInt8]) {
        append(text, to: &html) { $0 == UInt8(ascii: "'") ? "&#39;" : reference($0) }
    }

    /// The text's UTF-8 copied whole from its own storage: a sheet is made of many small pieces.
    @inlinable package static func appendUTF8(_ text: String, to html: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ html.append(contentsOf: $0) }) == nil { html += text.utf8 }
    }

    @usableFromInline static func reference(_ byte: UInt8) -> String? {
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
    @inlinable @inline(__always)
    static func append(_ text: String, to html: inout [UInt8], replacing replacement: (UInt8) -> String?) {
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

    /// The bytes cmark (and XML, with form feed and vertical tab) count as white space.
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    /// Text as XML character data or an attribute value, escaped as HTML is; characters XML 1.0
    /// cannot hold (controls other than tab and line breaks, U+FFFE, U+FFFF) are left out, so no
    /// note can break the feed.
    package static func xml(_ text: String) -> String {
        var kept = text
        if text.unicodeScalars.contains(where: isOutsideXML) {
            kept.unicodeScalars.removeAll(where: isOutsideXML)
        }
        var bytes: [UInt8] = []
        appendEscaped(kept, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func isOutsideXML(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0xFFFE
            || scalar.value == 0xFFFF
    }
}
