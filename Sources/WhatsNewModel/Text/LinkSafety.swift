/// Where release notes may send a reader: the one rule for every link whatsnew places itself
/// (a comparison, a row's `link:`, an archive, a reference, a feed entry, a Slack message, a
/// terminal hyperlink). The notes are untrusted, so a link is safe only when it can neither
/// run anything nor break out of the text it is written into.
///
/// Links inside the notes' own Markdown are rendered as cmark's safe renderer does, by its
/// own rule (`MarkdownHTML`), so the HTML stays byte for byte cmark's.
package enum LinkSafety {
    /// What a safe link is.
    package enum Kind: Sendable, Hashable {
        /// An `http` or `https` address with a host.
        case web
        /// A `mailto:` address.
        case mail
        /// A path with no scheme, relative to the page that holds it.
        case relative
    }

    /// The kind of a safe link; nil for any other scheme (`javascript:`, `data:`, `file:` …)
    /// and for text that could end the link early wherever it is written: whitespace, control
    /// characters, quotes, angle brackets, a backslash, a backtick or a `|`.
    package static func kind(of link: String) -> Kind? {
        // ASCII addresses, nearly all of them, are read as bytes: by scalars, through a set and
        // a lowercased copy, the check was a tenth of a terminal sheet, which checks every link.
        if let kind = link.ifASCII(asciiKind) { return kind }
        return unicodeKind(of: link)
    }

    /// The same rule as ``unicodeKind(of:)`` for a link that is ASCII: a byte is a character.
    private static func asciiKind(_ bytes: UnsafeBufferPointer<UInt8>) -> Kind? {
        guard !bytes.isEmpty, !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F || forbiddenBytes.contains($0) })
        else { return nil }
        func starts(with prefix: StaticString) -> Bool {
            prefix.withUTF8Buffer { prefix in
                bytes.count >= prefix.count
                    && zip(bytes, prefix).allSatisfy {
                        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 == $1 : $0 == $1
                    }
            }
        }
        for scheme: StaticString in ["https://", "http://"] where starts(with: scheme) {
            let length = scheme.utf8CodeUnitCount
            let hostStart = length < bytes.count ? bytes[length] : nil
            let hasHost = hostStart.map { !"/?#".utf8.contains($0) } ?? false
            return hasHost ? .web : nil
        }
        if starts(with: "mailto:") { return .mail }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .relative }
        return bytes[..<colon].contains { "/?#".utf8.contains($0) } ? .relative : nil
    }

    private static let forbiddenBytes: [UInt8] = Array("<>\"'`\\|".utf8)

    /// The rule, by scalars and characters, for a link beyond ASCII.
    private static func unicodeKind(of link: String) -> Kind? {
        guard !link.isEmpty,
            link.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !forbidden.contains($0) })
        else { return nil }
        let lower = link.lowercased()
        for scheme in ["https://", "http://"] where lower.hasPrefix(scheme) {
            let host = lower.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            return host.isEmpty ? nil : .web
        }
        if lower.hasPrefix("mailto:") { return .mail }
        // A relative link has no scheme: nothing before a ':' that comes before any '/', '?' or '#'.
        guard let colon = lower.firstIndex(of: ":") else { return .relative }
        return lower[..<colon].contains { "/?#".contains($0) } ? .relative : nil
    }

    /// An `http` or `https` address, safe anywhere: what a feed, a Slack message, a
    /// comparison or a reference may point to.
    package static func isWeb(_ link: String) -> Bool { kind(of: link) == .web }

    /// A web or mail address: what a reader can follow from a terminal.
    package static func isWebOrMail(_ link: String) -> Bool {
        switch kind(of: link) {
        case .web, .mail: true
        default: false
        }
    }

    /// Any safe link: what a page may carry.
    package static func isSafe(_ link: String) -> Bool { kind(of: link) != nil }

    private static let forbidden: Set<Unicode.Scalar> = ["<", ">", "\"", "'", "`", "\\", "|"]
}
