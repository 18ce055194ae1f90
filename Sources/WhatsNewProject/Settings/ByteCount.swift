/// A size as people write it: `64`, `64M`, `64MB`, `512K`, `1G`; a bare number is megabytes.
/// One reading for `--max-size` and `max-size:`.
package enum ByteCount {
    /// The bytes `text` names; nil for anything else, zero, or a terabyte and over.
    package static func bytes(_ text: String) -> Int? {
        var text = text.uppercased()
        if text.hasSuffix("B") { text.removeLast() }
        let shift: Int
        switch text.last {
        case "K": shift = 10
        case "M": shift = 20
        case "G": shift = 30
        default: shift = -1
        }
        if shift >= 0 { text.removeLast() }
        guard let number = Int(text), number > 0, number < (1 << 40) >> max(shift, 20) else { return nil }
        return number << (shift >= 0 ? shift : 20)
    }
}
