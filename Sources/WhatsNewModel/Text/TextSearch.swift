extension StringProtocol {
    /// The last occurrence of `other`, as a search from the end finds it (overlapping ones
    /// included: the last `1.1` in `1.1.1` starts at the second `1`).
    @inlinable package func lastRange(of other: some StringProtocol) -> Range<Index>? {
        guard !other.isEmpty else { return nil }
        var start = endIndex
        while start > startIndex {
            start = index(before: start)
            if self[start...].starts(with: other) { return start..<index(start, offsetBy: other.count) }
        }
        return nil
    }
}

extension StringProtocol {
    /// The first occurrence of `other`, found among the bytes: UTF-8 never starts a character
    /// inside another, so a byte match is a match of characters' scalars. The standard
    /// library's search compares characters one by one, which costs a hundred times more where
    /// every heading, paragraph and address of a long changelog is looked at.
    @inlinable package func firstRange(ofText other: some StringProtocol) -> Range<Index>? {
        let pattern = Array(other.utf8)
        guard let first = pattern.first else { return nil }
        let bytes = utf8
        var start = bytes.startIndex
        while let found = bytes[start...].firstIndex(of: first) {
            if bytes[found...].starts(with: pattern) {
                return found..<bytes.index(found, offsetBy: pattern.count)
            }
            start = bytes.index(after: found)
        }
        return nil
    }

    /// Whether `other` occurs in the text, by ``firstRange(ofText:)``'s byte search.
    @inlinable package func contains(text other: some StringProtocol) -> Bool {
        other.isEmpty || firstRange(ofText: other) != nil
    }
}
