extension StringProtocol {
    /// The text with every character that could restyle, rewrite or reorder a terminal line
    /// written as a visible escape (`\n`, `\u{1B}`): C0 controls but those in `kept`, DEL, C1
    /// controls, and the bidirectional overrides, embeddings and isolates. What whatsnew says
    /// about files and notes from a pull request reaches a CI log and a developer's terminal
    /// this way, so a name carrying `ESC ]52;` or `ESC [2J` shows as text, and a line stays one.
    /// With `doublingBackslashes` (for a file's name), its own backslashes are doubled too, so
    /// a name that only spells an escape (`\u{1B}`) cannot pass for one that holds ESC.
    package func escapingControls(keeping kept: Set<Unicode.Scalar> = [], doublingBackslashes: Bool = false) -> String {
        let mayNeed = utf8.contains {
            $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || (doublingBackslashes && $0 == 0x5C)
        }
        guard mayNeed,
            unicodeScalars.contains(where: {
                ($0.isEscapedControl && !kept.contains($0)) || (doublingBackslashes && $0 == "\\")
            })
        else { return String(self) }
        var shown = ""
        for scalar in unicodeScalars {
            switch scalar {
            case _ where kept.contains(scalar): shown.unicodeScalars.append(scalar)
            case "\\" where doublingBackslashes: shown += "\\\\"
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

extension Array where Element == UInt8 {
    /// The offset of the first control character (``Unicode/Scalar/isControlCharacter``) in
    /// these UTF-8 bytes; nil for none. By bytes, not scalars: every fragment is checked.
    package var firstControlCharacterOffset: Int? {
        withUnsafeBufferPointer { bytes in
            bytes.indices.first { index in
                let byte = bytes[index]
                if byte == 0xC2 { return index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]) }
                return byte < 0x80 && Unicode.Scalar(byte).isControlCharacter
            }
        }
    }
}

extension Unicode.Scalar {
    /// A C0 control but tab and the line ends, DEL, or a C1 control: what no note's text needs.
    package var isControlCharacter: Bool {
        (value < 0x20 && self != "\t" && self != "\n" && self != "\r") || (0x7F...0x9F).contains(value)
    }

    /// C0 and C1 controls, DEL, and the bidirectional formatting characters that reorder what
    /// follows them (U+202A–U+202E, U+2066–U+2069).
    package var isEscapedControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }
}
