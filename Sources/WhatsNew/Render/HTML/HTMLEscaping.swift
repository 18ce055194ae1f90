extension ByteWriter {
    /// Text for HTML content or a quoted attribute: `& < > " '` as character references.
    mutating func writeEscapingHTML(_ text: Substring) {
        write(text, escapingWhere: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) {
            output, byte in
            switch byte {
            case 0x26: output.write("&amp;")
            case 0x3C: output.write("&lt;")
            case 0x3E: output.write("&gt;")
            case 0x22: output.write("&quot;")
            default: output.write("&#39;")
            }
        }
    }
}
