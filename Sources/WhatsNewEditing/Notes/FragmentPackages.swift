import WhatsNewModel
import WhatsNewReading

/// A fragment's `packages:` rewritten in place, the rest of the file byte for byte: a release
/// of some of the packages a note names leaves it waiting for the others, naming only them.
package enum FragmentPackages {
    /// `bytes` with the `packages:` of the front matter the fragment reader reads (a flow list, a
    /// name, or a block list with its items) replaced by one line naming `names`; nil when that
    /// front matter holds no such key at the start of a line.
    package static func rewrite(_ bytes: [UInt8], to names: [String]) -> [UInt8]? {
        let lines = SourceLines.lines(of: bytes)
        guard case .success(let block)? = FrontMatterSplitter(path: "").leadingBlock(of: bytes, lines: lines) else {
            return nil
        }
        // Line numbers count from 1: the block's lines lie between its fences.
        let inside = block.openingLine..<(block.closingLine - 1)
        func text(_ index: Int) -> String { String(decoding: bytes[lines[index].content], as: UTF8.self) }
        guard let key = inside.first(where: { text($0).hasPrefix("\(FrontMatterKey.packages.rawValue):") }) else {
            return nil
        }
        // A block list's items stand on the lines under the key, indented or opening with `-`.
        var end = key + 1
        while end < inside.upperBound, let lead = text(end).first, lead == " " || lead == "\t" || lead == "-" {
            end += 1
        }
        let ending = Array(bytes[lines[end - 1].content.upperBound..<lines[end - 1].whole.upperBound])
        let replacement = Array(FrontMatterWriter.line(.packages, .names(names)).utf8) + ending
        return Array(bytes[..<lines[key].whole.lowerBound]) + replacement
            + Array(bytes[lines[end - 1].whole.upperBound...])
    }
}
