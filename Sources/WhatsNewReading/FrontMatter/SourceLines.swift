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
        lines.reserveCapacity(bytes.count / 40)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var end = 0
            let count = buffer.count
            while start < count {
                // A carriage return ends the line too, alone or before the line feed.
                end = start
                // Eight bytes at a time while none is below 0x0E (so no line ending), then one
                // at a time: a line is forty bytes or so, and a byte at a time cost nine
                // instructions each.
                if let raw = UnsafeRawPointer(buffer.baseAddress) {
                    while end + 8 <= count {
                        let word = raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)
                        guard (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080 == 0 else { break }
                        end += 8
                    }
                }
                while end < count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
                let crlf = end + 1 < count && buffer[end] == 0x0D && buffer[end + 1] == 0x0A
                let next = min(end + (crlf ? 2 : 1), count)
                lines.append(Line(number: lines.count + 1, content: start..<end, whole: start..<next))
                start = next
            }
        }
        return lines
    }
}
