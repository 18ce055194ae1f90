extension RandomAccessCollection {
    /// The first index whose element `isPast` holds for, in a collection where it holds for a
    /// suffix (sorted lines past a line, say): a binary search, `endIndex` when none is past.
    /// Inlinable so each caller gets it specialised: through the generic witnesses a search cost
    /// thousands of instructions, and reading in part makes thousands.
    @inlinable package func partitionIndex(where isPast: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = distance(from: startIndex, to: endIndex)
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isPast(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
