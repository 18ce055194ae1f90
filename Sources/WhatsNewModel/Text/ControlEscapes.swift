extension StringProtocol {
    /// The text with every character that could restyle, rewrite or reorder a terminal line
    /// written as a visible escape (`\n`, `\u{1B}`): C0 controls but those in `kept`, DEL, C1
    /// controls, and the bidirectional overrides, embeddings and isolates. What whatsnew says
    /// about files and notes from a pull request reaches a CI log and a developer's terminal
    /// this way, so a name carrying `ESC ]52;` or `ESC [2J` shows as text, and a line stays one.
    package func escapingControls(keeping kept: Set<Unicode.Scalar> = []) -> String {
        guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return String(self) }
        var shown = ""
        for scalar in unicodeScalars {
            switch scalar {
            case _ where kept.contains(scalar): shown.unicodeScalars.append(scalar)
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case _ where scalar.isEscapedControl:
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}

extension Unicode.Scalar {
    /// C0 and C1 controls, DEL, and the bidirectional formatting characters that reorder what
    /// follows them (U+202A–U+202E, U+2066–U+2069).
    package var isEscapedControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }
}
