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
    /// The first occurrence of an ASCII `needle`, found among the bytes: the standard
    /// library's search compares characters, which costs more than a paragraph's worth of
    /// reading where addresses and sentence ends are looked for in every paragraph.
    @inlinable package func firstRange(ofASCII needle: String) -> Range<Index>? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        let bytes = utf8
        var start = bytes.startIndex
        while let found = bytes[start...].firstIndex(of: first) {
            var end = found
            var matched = 0
            while matched < pattern.count, end < bytes.endIndex, bytes[end] == pattern[matched] {
                bytes.formIndex(after: &end)
                matched += 1
            }
            if matched == pattern.count { return found..<end }
            start = bytes.index(after: found)
        }
        return nil
    }
}

extension StringProtocol {
    /// Whether `other` occurs in the text, compared byte for byte: the standard library's
    /// `contains(_:)` of one string in another compares characters one by one, which costs a
    /// hundred times more where every heading and address of a long changelog is looked at.
    @inlinable package func contains(text other: some StringProtocol) -> Bool {
        let pattern = Array(other.utf8)
        guard let first = pattern.first else { return true }
        let bytes = utf8
        var start = bytes.startIndex
        while let found = bytes[start...].firstIndex(of: first) {
            if bytes[found...].starts(with: pattern) { return true }
            start = bytes.index(after: found)
        }
        return false
    }
}
