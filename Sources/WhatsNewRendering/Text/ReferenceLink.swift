import WhatsNewModel

/// Issue, pull request, commit and user references, as generators write them after an item:
/// `([#2069](…/issues/2069))`, `` [`e4f5a6b`](…/commit/…) ``, `([@mira](https://github.com/mira))`.
///
/// On a terminal without hyperlinks their addresses are noise, so the sheet shows the short
/// name alone; `--links full` keeps them.
enum ReferenceLink {
    /// Text that names a reference on its own: `#12`, `GH-12`, `!12`, `owner/repo#12`, a commit
    /// hash of 7 to 40 hex digits, or `@login`.
    static func isReference(_ text: String) -> Bool {
        // ASCII text, nearly every link's, is read as bytes: it is asked of every link twice.
        text.ifASCII(isASCIIReference) ?? isUnicodeReference(text)
    }

    /// ``isReference(_:)`` for ASCII text, byte by byte.
    private static func isASCIIReference(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = bytes.firstIndex { $0 != UInt8(ascii: " ") } ?? bytes.count
        let end = (bytes.lastIndex { $0 != UInt8(ascii: " ") } ?? -1) + 1
        guard start < end, end - start <= 80 else { return false }
        let text = bytes[start..<end]
        func isDigits(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            !digits.isEmpty && digits.count <= 9 && digits.allSatisfy { (0x30...0x39).contains($0) }
        }
        func isWordByte(_ byte: UInt8, also: String) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (0x30...0x39).contains(byte)
                || also.utf8.contains(byte)
        }
        if text.first == UInt8(ascii: "@") {
            var login = text.dropFirst()
            if login.count >= 5, login.suffix(5).elementsEqual("[bot]".utf8) { login = login.dropLast(5) }
            return !login.isEmpty && login.count <= 40 && login.allSatisfy { isWordByte($0, also: "-_.") }
        }
        if let hash = text.firstIndex(of: UInt8(ascii: "#")) {
            return isDigits(text[(hash + 1)...]) && text[..<hash].allSatisfy { isWordByte($0, also: "-_./") }
        }
        if text.first == UInt8(ascii: "!") { return isDigits(text.dropFirst()) }
        if text.count >= 3, text[start] | 0x20 == UInt8(ascii: "g"), text[start + 1] | 0x20 == UInt8(ascii: "h"),
            text[start + 2] == UInt8(ascii: "-")
        {
            return isDigits(text.dropFirst(3))
        }
        return (7...40).contains(text.count)
            && text.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// ``isReference(_:)`` by characters, for text beyond ASCII.
    private static func isUnicodeReference(_ text: String) -> Bool {
        let text = text.trimmingCharacters(from: " ")
        guard !text.isEmpty, text.utf8.count <= 80 else { return false }
        if text.hasPrefix("@") { return isLogin(text.dropFirst()) }
        if let hash = text.firstIndex(of: "#") {
            let owner = text[..<hash]
            return isNumber(text[text.index(after: hash)...])
                && (owner.isEmpty
                    || owner.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./".contains($0)) })
        }
        if text.hasPrefix("!") { return isNumber(text.dropFirst()) }
        if text.lowercased().hasPrefix("gh-") { return isNumber(text.dropFirst(3)) }
        return isCommitHash(text)
    }

    /// A short name for an address that points at one issue, pull or merge request, or commit
    /// (`#12`, `!7`, `0e11d4c`); nil for any other address.
    static func shortName(of destination: String) -> String? {
        guard LinkSafety.isWeb(destination) else { return nil }
        // An ASCII address, as nearly all are, is cut up as bytes: split into arrays of
        // substrings, every link of a terminal sheet cost thousands of instructions.
        if let name = destination.ifASCII(asciiShortName) { return name }
        let path = destination.split(separator: "?", maxSplits: 1)[0].split(separator: "#", maxSplits: 1)[0]
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2 else { return nil }
        let last = parts[parts.count - 1]
        switch parts[parts.count - 2] {
        case "issues", "pull", "pulls", "discussions":
            return isNumber(last) ? "#\(last)" : nil
        case "merge_requests":
            return isNumber(last) ? "!\(last)" : nil
        case "commit", "commits":
            return isCommitHash(last) ? String(last.prefix(7)) : nil
        default:
            return nil
        }
    }

    /// ``shortName(of:)`` for the bytes of an ASCII web address.
    private static func asciiShortName(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // The path ends at the query or fragment; its last two non-empty segments name the thing.
        var end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        func segment(endingAt end: inout Int) -> Slice<UnsafeBufferPointer<UInt8>>? {
            while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            guard end > 0 else { return nil }
            let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            defer { end = start }
            return bytes[start..<end]
        }
        guard let last = segment(endingAt: &end), let kind = segment(endingAt: &end) else { return nil }
        let name = String(decoding: last, as: UTF8.self)
        switch String(decoding: kind, as: UTF8.self) {
        case "issues", "pull", "pulls", "discussions":
            return isNumber(name[...]) ? "#\(name)" : nil
        case "merge_requests":
            return isNumber(name[...]) ? "!\(name)" : nil
        case "commit", "commits":
            return isCommitHash(name) ? String(name.prefix(7)) : nil
        default:
            return nil
        }
    }

    /// A link to the profile of the person or bot it names: `[mira](https://github.com/mira)`,
    /// `[dependabot[bot]](https://github.com/apps/dependabot)`.
    static func isProfile(_ destination: String, text: String) -> Bool {
        guard LinkSafety.isWeb(destination) else { return false }
        let parts = destination.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = parts.last, parts.count == 3 || parts.count == 4 && parts[2] == "apps" else { return false }
        var name = text.hasPrefix("@") ? text.dropFirst() : Substring(text)
        if name.hasSuffix("[bot]") { name = name.dropLast(5) }
        return isLogin(name) && name.lowercased() == last.lowercased()
    }

    /// An address whose only use is to be followed: a comparison (`…/compare/v1...v2`) or a
    /// reference. Plain text shows such a link's words without it.
    static func isBookkeeping(_ destination: String) -> Bool {
        shortName(of: destination) != nil || destination.contains(text: "/compare/")
    }

    /// The text between two references that plain text joins with a comma: `) (` in
    /// `(#2069) (0e11d4c)`, so the pair reads `(#2069, 0e11d4c)`.
    static func isJoint(_ text: String) -> Bool {
        guard text.hasPrefix(")"), text.hasSuffix("("), text.count >= 2 else { return false }
        return text.dropFirst().dropLast().allSatisfy { $0 == " " }
    }

    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.count <= 9 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    private static func isCommitHash<S: StringProtocol>(_ text: S) -> Bool {
        (7...40).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A GitHub or GitLab login: letters, digits, `-`, `_`, `.`, and a bot's `[bot]`.
    private static func isLogin(_ text: Substring) -> Bool {
        let name = text.hasSuffix("[bot]") ? text.dropLast(5) : text
        return !name.isEmpty && name.utf8.count <= 40
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }
}
