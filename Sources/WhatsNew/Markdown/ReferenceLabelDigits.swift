#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which link reference definitions a piece of a file can use, told by the digits in labels.
///
/// cmark matches a reference to a definition when their labels are equal after Unicode case
/// folding and collapsing whitespace, and neither touches an ASCII digit or makes one. So two
/// labels that match hold the same runs of digits in the same order, and labels stand between
/// unescaped brackets with no other unescaped bracket inside. A piece none of whose bracketed
/// stretches has a definition's runs of digits cannot use that definition.
enum ReferenceLabelDigits {
    /// The runs of digits of one bracketed stretch, hashed: equal runs give equal keys, and two
    /// different ones that collide only send a definition to a piece that does not need it.
    typealias Key = UInt64

    /// Every stretch in `bytes[range]` from an unescaped `[` to the next unescaped `]`, as
    /// `found(key, hasDigits, closingIndex)`; a stretch that meets another `[` first is
    /// dropped, since a label holds no bracket. A backslash takes the byte after it along, as
    /// cmark reads it.
    static func forEachBracketed(
        _ base: UnsafePointer<UInt8>, _ range: Range<Int>,
        _ found: (_ key: Key, _ hasDigits: Bool, _ closing: Int) -> Void
    ) {
        var index = range.lowerBound
        // Most text is outside brackets: jump from one `[` to the next.
        while index < range.upperBound,
            let hit = memchr(base + index, Int32(UInt8(ascii: "[")), range.upperBound - index)
        {
            let open = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            index = open + 1
            guard !isEscaped(base, open, from: range.lowerBound) else { continue }
            var key: Key = 0xcbf2_9ce4_8422_2325  // FNV-1a over the digits, a separator after each run
            var hasDigits = false
            var inRun = false
            scan: while index < range.upperBound {
                let byte = base[index]
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    key = (key ^ Key(byte)) &* 0x100_0000_01b3
                    inRun = true
                    hasDigits = true
                    index += 1
                    continue
                }
                if inRun {
                    key = (key ^ 0xFF) &* 0x100_0000_01b3
                    inRun = false
                }
                switch byte {
                case UInt8(ascii: "["):
                    break scan  // the outer loop starts a stretch here
                case UInt8(ascii: "]"):
                    found(key, hasDigits, index)
                    index += 1
                    break scan
                case UInt8(ascii: "\\"):
                    index += 2  // the escaped byte is neither a bracket nor a digit of a run
                default:
                    index += 1
                }
            }
        }
    }

    /// Whether an odd number of backslashes stands right before `index`.
    private static func isEscaped(_ base: UnsafePointer<UInt8>, _ index: Int, from start: Int) -> Bool {
        var count = 0
        while index - count - 1 >= start, base[index - count - 1] == UInt8(ascii: "\\") { count += 1 }
        return count % 2 == 1
    }

    /// For a run of definition lines, the key of each of its labels added to `keys`; false when
    /// a label has no digits, or a `]:` stands where no label was read, so every piece must get
    /// the run.
    static func definitionKeys(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, into keys: inout [Key]) -> Bool {
        let first = keys.count
        var isCertain = true
        forEachBracketed(base, range) { key, hasDigits, closing in
            guard closing + 1 < range.upperBound, base[closing + 1] == UInt8(ascii: ":") else { return }
            if hasDigits { keys.append(key) } else { isCertain = false }
        }
        return isCertain && keys.count - first == colonsAfterBrackets(base, range)
    }

    /// How many `]:` the range holds, escaped or not.
    private static func colonsAfterBrackets(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for index in range.dropLast() where base[index] == UInt8(ascii: "]") && base[index + 1] == UInt8(ascii: ":") {
            count += 1
        }
        return count
    }
}
