/// The 1-based line and byte column of an offset, counting line endings as cmark does.
package struct TextPosition: Hashable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Walks the bytes before `offset`; only called to report a problem, so linear time is fine.
    package init(of offset: Int, in bytes: [UInt8]) {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index + 1
            case UInt8(ascii: "\r"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n"), index + 1 < offset {
                    index += 1
                }
                line += 1
                lineStart = index + 1
            default:
                break
            }
            index += 1
        }
        self.line = line
        self.column = offset - lineStart + 1
    }
}
