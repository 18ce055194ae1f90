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
            // A carriage return ends the line too, alone or before the line feed; the scan stops
            // at the first of either, so a file of CR-only lines is read in one pass.
            let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? bytes.count
            let crlf = end + 1 < bytes.count && bytes[end] == UInt8(ascii: "\r") && bytes[end + 1] == UInt8(ascii: "\n")
            let next = min(end + (crlf ? 2 : 1), bytes.count)
            lines.append(Line(number: lines.count + 1, content: start..<end, whole: start..<next))
            start = next
        }
        return lines
    }
}
