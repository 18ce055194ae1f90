/// How many terminal cells text takes, one grapheme cluster at a time, from the pinned
/// Unicode table in `UnicodeWidthTable` rather than from guesses about emoji.
///
/// A cluster that is an emoji sequence takes two cells: an emoji-presentation base, a base
/// followed by VS16, a regional-indicator pair (a flag) or a ZWJ sequence; skin-tone modifiers
/// and the rest of the sequence add nothing. Any other cluster takes the sum of its scalars:
/// wide and fullwidth 2, combining marks and format characters 0, ambiguous 1 (2 in CJK).
public struct DisplayWidth: Sendable, Hashable {
    /// Whether East Asian Ambiguous characters take two cells, as CJK terminals draw them.
    public var ambiguousIsWide: Bool

    /// A measure; ambiguous characters take one cell unless said otherwise.
    public init(ambiguousIsWide: Bool = false) {
        self.ambiguousIsWide = ambiguousIsWide
    }

    /// The Unicode version the table was generated from.
    public static var unicodeVersion: String { UnicodeWidthTable.unicodeVersion }

    /// The cells a whole string takes on one line.
    @inlinable public func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The cells one grapheme cluster takes.
    public func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return of(first) }
        if Self.isEmojiSequence(first, second) {
            if second.value == 0xFE0F || second.value == 0x200D || Self.isRegionalIndicator(second)
                || Self.isSkinToneModifier(second)
            {
                return 2
            }
            return scalars.contains { $0.value == 0xFE0F || $0.value == 0x200D } ? 2 : of(first)
        }
        return scalars.reduce(0) { $0 + of($1) }
    }

    /// The cells one scalar takes on its own.
    public func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if Self.contains(UnicodeWidthTable.zeroWidth, value) { return 0 }
        if Self.contains(UnicodeWidthTable.wide, value) { return 2 }
        if Self.contains(UnicodeWidthTable.ambiguous, value) { return ambiguousIsWide ? 2 : 1 }
        return 1
    }

    /// Whether a cluster opening with these two scalars is drawn as one emoji.
    private static func isEmojiSequence(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        if isRegionalIndicator(first) { return true }
        if contains(UnicodeWidthTable.extendedPictographic, first.value) { return true }
        return second.value == 0xFE0F && contains(UnicodeWidthTable.emoji, first.value)
    }

    private static func isSkinToneModifier(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Binary search over flat `first, last` pairs.
    private static func contains(_ ranges: [UInt32], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count / 2
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle * 2 + 1] < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count / 2 && ranges[low * 2] <= value
    }
}
