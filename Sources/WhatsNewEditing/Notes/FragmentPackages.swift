import WhatsNewModel
import WhatsNewReading

/// A fragment's `packages:` rewritten in place, the rest of the file byte for byte: a release
/// of some of the packages a note names leaves it waiting for the others, naming only them.
package enum FragmentPackages {
    /// `bytes` with the front matter's `packages:` (a flow list, a name, or a block list with its
    /// items) replaced by one line naming `names`; unchanged when the front matter has none.
    package static func rewrite(_ bytes: [UInt8], to names: [String]) -> [UInt8] {
        let lines = SourceLines.lines(of: bytes)
        func text(_ index: Int) -> String { String(decoding: bytes[lines[index].content], as: UTF8.self) }
        guard let first = lines.indices.first, text(first).trimmedWhitespace() == "---" else { return bytes }
        var index = first + 1
        while index < lines.count, text(index).trimmedWhitespace() != "---" {
            guard text(index).hasPrefix("packages:") else {
                index += 1
                continue
            }
            // A block list's items stand on the lines under the key, indented or opening with `-`.
            var end = index + 1
            while end < lines.count, let lead = text(end).first, lead == " " || lead == "\t" || lead == "-",
                text(end).trimmedWhitespace() != "---"
            {
                end += 1
            }
            let ending = Array(bytes[lines[end - 1].content.upperBound..<lines[end - 1].whole.upperBound])
            let replacement = Array(FrontMatterWriter.line("packages", .names(names)).utf8) + (ending.isEmpty ? [0x0A] : ending)
            return Array(bytes[..<lines[index].whole.lowerBound]) + replacement + Array(bytes[lines[end - 1].whole.upperBound...])
        }
        return bytes
    }
}
