extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmedWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }

    /// Runs of whitespace folded to one space, ends trimmed.
    func collapsingWhitespace() -> String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
