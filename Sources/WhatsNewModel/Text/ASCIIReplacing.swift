// In the model, not beside the schema's whitespace rules: the standard library's `replacing`
// needs Swift's string processing (macOS 13, iOS 16), which the schema does without.
extension String {
    /// Every `target` (one ASCII character) replaced; the text itself when it has none, which
    /// is most lines, without the standard library's generic search (a twentieth of a text run).
    package func replacing(ascii target: Character, with replacement: String) -> String {
        guard let byte = target.asciiValue, utf8.contains(byte) else { return self }
        return replacing(String(target), with: replacement)
    }
}
