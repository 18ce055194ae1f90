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
        let bytes = utf8
        return bytes.firstIndex(ofBytes: other.utf8).map { $0..<bytes.index($0, offsetBy: other.utf8.count) }
    }

    /// Whether `other` occurs in the text, by ``firstRange(ofText:)``'s byte search.
    @inlinable package func contains(text other: some StringProtocol) -> Bool {
        other.isEmpty || firstRange(ofText: other) != nil
    }
}

extension Collection<UInt8> {
    /// Where `pattern` first occurs among the bytes; nil for an empty pattern.
    @inlinable package func firstIndex(ofBytes pattern: some Collection<UInt8>) -> Index? {
        guard let first = pattern.first else { return nil }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: pattern) { return found }
            start = index(after: found)
        }
        return nil
    }
}

extension String {
    /// `body` over the text's UTF-8 bytes when every one is ASCII, where a byte is a character;
    /// nil for text beyond ASCII. The one gate for the byte-by-byte readings of notes' text
    /// (links, references, dependency items), each with its reading by characters beside it.
    @inlinable package func ifASCII<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        var text = self
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? body(bytes) : nil }
    }
}
