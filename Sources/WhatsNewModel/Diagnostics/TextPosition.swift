/// The 1-based line and byte column of an offset, counting line endings as cmark does.
package struct TextPosition: Hashable {
    // Half-words: a section keeps four of these, and a changelog has a section per release.
    private var storedLine: Int32
    private var storedColumn: Int32

    package var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    package var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    package init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
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
        self.init(line: line, column: offset - lineStart + 1)
    }
}
