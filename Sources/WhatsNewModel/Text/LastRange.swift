extension StringProtocol {
    /// The last occurrence of `other`, as a search from the end finds it (overlapping ones
    /// included: the last `1.1` in `1.1.1` starts at the second `1`).
    package func lastRange(of other: some StringProtocol) -> Range<Index>? {
        guard !other.isEmpty else { return nil }
        var start = endIndex
        while start > startIndex {
            start = index(before: start)
            if self[start...].starts(with: other) { return start..<index(start, offsetBy: other.count) }
        }
        return nil
    }
}
