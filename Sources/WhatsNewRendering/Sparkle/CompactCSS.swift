import WhatsNewModel

/// The built-in stylesheet without its comments and spare spaces, for notes that travel inside
/// an appcast, which every copy of the app downloads each time it checks for updates.
enum CompactCSS {
    /// Comments dropped, each run of white space one space, none beside `{`, `}`, `;` or `,`.
    /// Only for whatsnew's own stylesheet, which has no `/*` or `{` inside a string.
    static func of(_ css: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(css.utf8.count)
        let bytes = Array(css.utf8)
        var index = 0
        var pendingSpace = false
        func tight(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";")
                || byte == UInt8(ascii: ",")
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
                    end += 1
                }
                index = end + 2
                pendingSpace = true
                continue
            }
            if MarkupText.isSpace(byte) {
                pendingSpace = true
                index += 1
                continue
            }
            if pendingSpace, let last = output.last, !tight(last), !tight(byte) { output.append(UInt8(ascii: " ")) }
            pendingSpace = false
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
