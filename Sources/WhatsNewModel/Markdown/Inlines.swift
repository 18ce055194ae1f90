/// Edits at the start of a run of inlines, for markers a reader takes off (`**New**:`, `fix:`).
package enum Inlines {
    /// The text the inlines open with, up to the first inline that is not plain text, cut
    /// after about `limit` bytes: markers are short, items are not.
    package static func leadingText(_ inlines: [Inline], limit: Int = 64) -> String {
        var text = ""
        for inline in inlines {
            guard case .text(let piece) = inline else { break }
            text += piece.utf8.count > limit ? String(piece.prefix(limit)) : piece
            if text.utf8.count >= limit { break }
        }
        return text
    }

    /// The inlines without their first `count` characters of leading text.
    package static func droppingPrefix(_ inlines: [Inline], count: Int) -> [Inline] {
        var remaining = count
        var result = inlines[...]
        while remaining > 0, case .text(let piece)? = result.first {
            result = result.dropFirst()
            if piece.count > remaining {
                result.insert(.text(String(piece.dropFirst(remaining))), at: result.startIndex)
                remaining = 0
            } else {
                remaining -= piece.count
            }
        }
        return Array(result)
    }

    /// The inlines without the leading characters `drop` picks, across text pieces.
    package static func droppingLeading(_ inlines: [Inline], while drop: (Character) -> Bool) -> [Inline] {
        var result = inlines[...]
        while case .text(let piece)? = result.first {
            let kept = piece.drop(while: drop)
            result = result.dropFirst()
            if !kept.isEmpty {
                result.insert(.text(String(kept)), at: result.startIndex)
                break
            }
        }
        return Array(result)
    }
}
