/// The lines of a byte buffer, split where cmark splits them: at `\n`, `\r\n` and a lone `\r`.
struct SourceLines: Sequence {
    struct Line {
        /// 1-based line number.
        var number: Int
        /// The content, without its line ending.
        var content: Range<Int>
        /// Content plus line ending.
        var whole: Range<Int>
    }

    let bytes: [UInt8]

    func makeIterator() -> Iterator { Iterator(bytes: bytes) }

    struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        var position = 0
        var number = 0

        mutating func next() -> Line? {
            guard position < bytes.count else { return nil }
            let start = position
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
                end += 1
            }
            var after = end
            if after < bytes.count {
                after +=
                    bytes[after] == UInt8(ascii: "\r") && after + 1 < bytes.count
                        && bytes[after + 1] == UInt8(ascii: "\n") ? 2 : 1
            }
            position = after
            number += 1
            return Line(number: number, content: start..<end, whole: start..<after)
        }
    }
}
