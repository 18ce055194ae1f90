/// A set of bytes as a 256-bit map: membership is a shift and a mask, where a `Set<UInt8>`
/// hashes the byte (a hundred instructions, asked of every item of every release).
package struct ByteSet: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The set of `bytes`.
    package init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { insert(byte) }
    }

    package mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    package func contains(_ byte: UInt8) -> Bool {
        let word: UInt64 =
            switch byte >> 6 {
            case 0: words.0
            case 1: words.1
            case 2: words.2
            default: words.3
            }
        return word & (UInt64(1) << UInt64(byte & 63)) != 0
    }
}
