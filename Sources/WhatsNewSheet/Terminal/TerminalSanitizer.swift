import WhatsNewModel

/// Makes text from the notes safe to print on a terminal: only the renderer may send escapes.
///
/// Removed: C0 controls except newline and tab, DEL, C1 controls, and whole escape sequences
/// (CSI, OSC, DCS, SOS, PM, APC, and two-byte ESC sequences), whether introduced by ESC or by
/// their C1 forms. A string sequence without its terminator runs to the end of the text, so a
/// half-written OSC 52 cannot leak its payload; an ESC inside one ends it and starts afresh.
package enum TerminalSanitizer {
    package static func clean(_ text: String) -> String {
        guard hasControl(text) else { return text }
        var output = String.UnicodeScalarView()
        var input = Reader(text.unicodeScalars)
        while let scalar = input.next() {
            switch scalar.value {
            case 0x1B:
                guard let introducer = input.next() else { break }
                switch introducer {
                case "[": input.skipControlSequence()
                case "]", "P", "X", "^", "_": input.skipString()
                default:
                    // A two-byte sequence (ESC c, ESC 7 …) goes whole; a control after ESC is read again.
                    if isControl(introducer) { input.putBack(introducer) }
                }
            case 0x9B: input.skipControlSequence()
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: input.skipString()
            case 0x0A, 0x09: output.append(scalar)
            case _ where isControl(scalar): break
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    /// Whether the text holds a control, found among its bytes: C0 and DEL are one byte each,
    /// and a C1 control is 0xC2 before 0x80–0x9F. By scalars, every piece of text a terminal
    /// sheet shows cost a few percent of the sheet.
    private static func hasControl(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
            }
            return false
        }
    }

    /// C0 controls, DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The scalars of the text, with room to read one again.
    private struct Reader {
        var scalars: String.UnicodeScalarView.Iterator
        var again: Unicode.Scalar?

        init(_ view: String.UnicodeScalarView) {
            scalars = view.makeIterator()
        }

        mutating func next() -> Unicode.Scalar? {
            if let scalar = again {
                again = nil
                return scalar
            }
            return scalars.next()
        }

        mutating func putBack(_ scalar: Unicode.Scalar) { again = scalar }

        /// Parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E); a control
        /// ends the sequence and is read again.
        mutating func skipControlSequence() {
            while let scalar = next() {
                if (0x40...0x7E).contains(scalar.value) { return }
                if !(0x20...0x3F).contains(scalar.value) {
                    if TerminalSanitizer.isControl(scalar) { putBack(scalar) }
                    return
                }
            }
        }

        /// Up to BEL or ST (ESC \ or U+009C). Any other ESC ends the string and starts a new
        /// sequence, which goes too; a loop rather than recursion, so no input runs the stack out.
        mutating func skipString() {
            while let scalar = next() {
                switch scalar.value {
                case 0x07, 0x9C: return
                case 0x1B:
                    guard let introducer = next() else { return }
                    switch introducer {
                    case "\\": return
                    case "]", "P", "X", "^", "_": continue
                    case "[":
                        skipControlSequence()
                        return
                    default:
                        if TerminalSanitizer.isControl(introducer) { putBack(introducer) }
                        return
                    }
                default: continue
                }
            }
        }
    }
}
