import WhatsNewModel

/// The one rule for control characters in the HTML and Markdown whatsnew writes: none but tab
/// and line feed. C0 controls, DEL and C1 controls from a fragment or a notes file show as
/// nothing in a browser or a rendered release body, but reach a terminal that prints the file,
/// a log, or a tool that reads it as text; so they are taken out as the output is written.
package enum ControlBytes {
    /// `bytes` (whole UTF-8 characters) without those controls; the same array when it has none.
    package static func stripped(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = firstControl(in: bytes) else { return bytes }
        var kept = Array(bytes[..<first])
        kept.reserveCapacity(bytes.count)
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            if isC1(bytes, at: index) {
                index += 2
                continue
            }
            if !isControl(byte) { kept.append(byte) }
            index += 1
        }
        return kept
    }

    /// `text` without those controls.
    package static func stripped(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard firstControl(in: bytes) != nil else { return text }
        return String(decoding: stripped(bytes), as: UTF8.self)
    }

    /// Where the first control is; nil for none, the usual case, found in one pass that looks
    /// each byte up in a table: HTML is mostly line feeds and letters, which a chain of
    /// comparisons checked at twice the cost (7 % of a long sheet's HTML).
    private static func firstControl(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            suspect.withUnsafeBufferPointer { table in
                guard let start = buffer.baseAddress, let flags = table.baseAddress else { return nil }
                let count = buffer.count
                var index = 0
                while index < count {
                    // Four bytes a turn: most turns find nothing.
                    if index + 4 <= count,
                        !(flags[Int(start[index])] || flags[Int(start[index + 1])] || flags[Int(start[index + 2])]
                            || flags[Int(start[index + 3])])
                    {
                        index += 4
                        continue
                    }
                    let byte = start[index]
                    if flags[Int(byte)], byte != 0xC2 || (index + 1 < count && (0x80...0x9F).contains(start[index + 1]))
                    {
                        return index
                    }
                    index += 1
                }
                return nil
            }
        }
    }

    /// The bytes that are, or may start, a control: C0 but tab and line feed, DEL, and 0xC2.
    private static let suspect: [Bool] = (0...255).map { isControl(UInt8($0)) || $0 == 0xC2 }

    /// A one-byte control a note's text never needs (the model's rule), or a carriage return,
    /// which an output's own line ends never hold.
    private static func isControl(_ byte: UInt8) -> Bool {
        byte == 0x0D || (byte < 0x80 && Unicode.Scalar(byte).isControlCharacter)
    }

    /// U+0080–U+009F at `index`: 0xC2 then 0x80–0x9F.
    private static func isC1(_ bytes: [UInt8], at index: Int) -> Bool {
        bytes[index] == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])
    }
}
