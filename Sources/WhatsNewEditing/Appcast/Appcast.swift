import WhatsNewModel

/// A Sparkle appcast kept by hand, read just far enough to set its items' release notes.
///
/// Only the `<description>` elements of the items the notes know are written; every other
/// byte of the file stays as it was. An appcast that already carries Sparkle's feed signature
/// (`<!-- sparkle-signatures: … -->`, or the warning `generate_appcast` adds when it signs) is
/// refused: changing it would break the signature, and signing comes after the notes.
public struct Appcast: Sendable {
    /// The file's bytes as read.
    public let bytes: [UInt8]
    /// The file, for diagnostics.
    public let path: String
    /// The `<item>`s of the channel, in file order.
    public let items: [Item]

    /// One `<item>`: the versions it names and where its descriptions stand.
    public struct Item: Sendable {
        /// `sparkle:shortVersionString`, from its element or the enclosure's attribute.
        public var shortVersion: String?
        /// `sparkle:version` (the build number), from its element or the enclosure's attribute.
        public var build: String?
        /// The item's line, for messages.
        public var line: Int
        /// Each `<description>` child: its `xml:lang` (nil for none) and its bytes.
        var descriptions: [(language: String?, range: Range<Int>)] = []
        /// Each `<sparkle:releaseNotesLink>` child's bytes: Sparkle shows the page it names
        /// rather than any description.
        var releaseNotesLinks: [Range<Int>] = []
        /// Whether Sparkle shows a page of release notes for this item instead of its description.
        public var hasReleaseNotesLink: Bool { !releaseNotesLinks.isEmpty }
        /// Where a new description goes (after the last child element), and the indentation
        /// the item's children are written with.
        var insertion: Int
        var indentation: [UInt8]
    }

    /// The namespace Sparkle's elements and attributes are in.
    static let sparkleNamespace = "http://www.andymatuschak.org/xml-namespaces/sparkle"

    /// Reads the appcast; a signed one, or one that is not well-formed enough to edit safely,
    /// is a diagnostic.
    public init(bytes: [UInt8], path: String) throws(Diagnostic) {
        self.bytes = bytes
        self.path = path
        for marker in ["<!-- sparkle-signatures:", "<!-- sparkle-sign-warning:", "<!--sparkle-sign-warning:"]
        where bytes.firstRange(of: Array(marker.utf8)) != nil {
            throw Diagnostic(
                .appcast, at: SourceLocation(path: path),
                "this appcast is signed (it carries Sparkle's feed signature), so it was left unchanged; "
                    + "write the notes first, then sign it with generate_appcast or sign_update")
        }
        items = try AppcastScanner(bytes: bytes, path: path).items()
    }

    /// The release of the notes an item is: its short version is the release's version, or
    /// its `sparkle:version` the release's build number (or, with no short version, its version).
    public func release(of item: Item, in releases: [Release]) -> Release? {
        releases.first { release in
            guard release.version != nil, !release.isUnreleased else { return false }
            if let short = item.shortVersion { return release.version!.matches(short) }
            guard let build = item.build else { return false }
            return release.build.map { $0 == build } ?? release.version!.matches(build)
        }
    }

    /// The file with the given items' descriptions set: by item index, each language's HTML
    /// (nil for the description without `xml:lang`). A description in another language is
    /// kept; one in a language given is replaced; a missing one is added after the item's
    /// last element, indented as its other children.
    /// With `removingReleaseNotesLinks`, those items' `<sparkle:releaseNotesLink>` elements go
    /// (each with its line when it stands alone on one), so Sparkle shows the description.
    public func settingDescriptions(
        _ descriptions: [Int: [(language: String?, html: String)]], removingReleaseNotesLinks removed: Set<Int> = []
    ) -> [UInt8] {
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        let crlf = Self.endsLinesWithCRLF(bytes)
        for index in removed {
            for link in items[index].releaseNotesLinks { edits.append((wholeLine(of: link), [])) }
        }
        for (index, texts) in descriptions {
            let item = items[index]
            var added: [UInt8] = []
            for (language, html) in texts {
                let element = Self.description(crlf ? html.replacing("\n", with: "\r\n") : html, language: language)
                if let existing = item.descriptions.first(where: { $0.language == language }) {
                    edits.append((existing.range, element))
                } else {
                    added += (crlf ? [0x0D, 0x0A] : [0x0A]) + item.indentation + element
                }
            }
            if !added.isEmpty { edits.append((item.insertion..<item.insertion, added)) }
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var next = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            result += bytes[next..<edit.range.lowerBound]
            result += edit.text
            next = edit.range.upperBound
        }
        result += bytes[next...]
        return result
    }

    /// `range` with the indentation before it and the line break that ends the line above,
    /// when nothing else stands on its line; else `range` itself.
    private func wholeLine(of range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        var end = range.upperBound
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        let endsLine = end == bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D
        guard start > 0, bytes[start - 1] == 0x0A, endsLine else { return range }
        start -= 1
        if start > 0, bytes[start - 1] == 0x0D { start -= 1 }
        return start..<end
    }

    /// Whether most of the file's lines end with CR LF: what it adds ends its lines so too.
    static func endsLinesWithCRLF(_ bytes: [UInt8]) -> Bool {
        var lines = 0
        var crlf = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            lines += 1
            if offset > 0 && bytes[offset - 1] == 0x0D { crlf += 1 }
        }
        return crlf * 2 > lines
    }

    /// `<description>` with the HTML in CDATA; a `]]>` in it is split across two sections so
    /// it cannot end the CDATA early, and characters XML cannot hold are left out.
    static func description(_ html: String, language: String?) -> [UInt8] {
        var kept = html
        kept.unicodeScalars.removeAll(where: MarkupText.isOutsideXML)
        let safe = kept.replacing("]]>", with: "]]]]><![CDATA[>")
        let lang = language.map { " xml:lang=\"\(MarkupText.xml($0))\"" } ?? ""
        return Array("<description\(lang)><![CDATA[\(safe)]]></description>".utf8)
    }
}
