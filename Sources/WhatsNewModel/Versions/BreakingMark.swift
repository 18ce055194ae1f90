/// Whether an item of the notes says it breaks something users rely on, by one rule for every
/// reader of items: the upper-case word `BREAKING` anywhere (`BREAKING: drops Node 16`,
/// `**BREAKING CHANGE**`, `⚠️ BREAKING`), or `breaking` in brackets as git-cliff and others
/// mark it (`[**breaking**]`, `(breaking)`).
public enum BreakingMark {
    /// Whether the item's plain text carries the mark.
    public static func marks(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let word = Array("BREAKING".utf8)
        var index = 0
        while index + word.count <= bytes.count {
            if bytes[index..<(index + word.count)].elementsEqual(word),
                index == 0 || !isLetter(bytes[index - 1]),
                index + word.count == bytes.count || !isLetter(bytes[index + word.count])
            {
                return true
            }
            index += 1
        }
        let lowered = text.lowercased()
        return lowered.contains("[breaking]") || lowered.contains("(breaking)")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
