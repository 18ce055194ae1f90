import WhatsNewModel

extension Collection where Element == UInt8, Index == Int {
    /// Whether this line opens an ATX heading: up to three spaces, one to six `#`, then a space,
    /// a tab or the line's end (the line may be given with its line ending or without).
    package var opensATXHeading: Bool {
        var index = startIndex
        while index < endIndex, index - startIndex < 3, self[index] == UInt8(ascii: " ") { index += 1 }
        let hashes = index
        while index < endIndex, self[index] == UInt8(ascii: "#") { index += 1 }
        guard (1...6).contains(index - hashes) else { return false }
        return index == endIndex || [UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0A, 0x0D].contains(self[index])
    }
}
