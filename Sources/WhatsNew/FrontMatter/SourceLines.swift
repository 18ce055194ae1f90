#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
        /// Most files have no `\r` at all; then each line is found with one search, not two.
        let hasCarriageReturns: Bool

        init(bytes: [UInt8]) {
            self.bytes = bytes
            hasCarriageReturns = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { memchr($0, 0x0D, buffer.count) != nil } ?? false
            }
        }

        mutating func next() -> Line? {
            guard position < bytes.count else { return nil }
            let start = position
            // memchr finds the line feed, then the line is searched for a carriage return: far
            // fewer steps than testing every byte for both.
            let (end, after) = bytes.withUnsafeBufferPointer { buffer -> (Int, Int) in
                let base = buffer.baseAddress!
                let count = buffer.count
                let newline = memchr(base + start, 0x0A, count - start).map {
                    base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                }
                let limit = newline ?? count
                if hasCarriageReturns, let found = memchr(base + start, 0x0D, limit - start) {
                    let carriageReturn = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    return (carriageReturn, carriageReturn + 1 == newline ? carriageReturn + 2 : carriageReturn + 1)
                }
                return newline.map { ($0, $0 + 1) } ?? (count, count)
            }
            position = after
            number += 1
            return Line(number: number, content: start..<end, whole: start..<after)
        }
    }
}
