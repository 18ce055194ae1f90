import WhatsNewModel

/// The lines of a byte buffer, split where cmark splits them: at `\n`, `\r\n` and a lone `\r`.
package enum SourceLines {
    package struct Line {
        /// 1-based line number.
        var number: Int
        /// The content, without its line ending.
        package var content: Range<Int>
        /// Content plus line ending.
        package var whole: Range<Int>
    }

    package static func lines(of bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        var start = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            // A carriage return ends the line too, alone or before the line feed.
            let end = bytes[start..<newline].firstIndex(of: UInt8(ascii: "\r")) ?? newline
            let next = end == newline || end + 1 == newline ? min(newline + 1, bytes.count) : end + 1
            lines.append(Line(number: lines.count + 1, content: start..<end, whole: start..<next))
            start = next
        }
        return lines
    }
}
