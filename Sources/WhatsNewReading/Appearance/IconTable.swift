import WhatsNewModel

/// A table from names to glyphs, kept as data: `name<TAB>glyph` lines, `#` comments.
public struct IconTable: Sendable {
    /// One name and the glyph it stands for.
    public struct Entry: Sendable, Hashable {
        /// The name a note writes: an SF Symbol name or a shortcode without its colons.
        public var name: String
        /// The emoji or character drawn for it.
        public var glyph: String

        /// An entry naming a glyph.
        public init(name: String, glyph: String) {
            self.name = name
            self.glyph = glyph
        }
    }

    /// Every entry in the order the file lists them.
    private(set) var entries: [Entry] = []
    private var index: [String: Int] = [:]

    init(entries: [Entry] = []) {
        for entry in entries { add(entry) }
    }

    /// Reads the tab-separated form the files under `Data/` use.
    init(tsv bytes: [UInt8]) {
        let lines = bytes.count / 24
        entries.reserveCapacity(lines)
        index.reserveCapacity(lines)
        Self.forEachEntry(in: bytes) { name, glyph in
            add(
                Entry(
                    name: String(decoding: bytes[name], as: UTF8.self),
                    glyph: String(decoding: bytes[glyph], as: UTF8.self)))
            return true
        }
    }

    /// Each line of a table's text that lists a name, as the byte ranges of its name and its
    /// glyph, in order, until `body` returns false. One pass with no line arrays: `#` opens a
    /// comment, the first tab ends the name, and spaces and a CR at the end are no glyph's.
    private static func forEachEntry(in bytes: [UInt8], _ body: (Range<Int>, Range<Int>) -> Bool) {
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { start = end + 1 }
            guard bytes[start] != UInt8(ascii: "#"), let tab = bytes[start..<end].firstIndex(of: UInt8(ascii: "\t"))
            else { continue }
            var glyphEnd = end
            while glyphEnd > tab + 1,
                bytes[glyphEnd - 1] == UInt8(ascii: " ") || bytes[glyphEnd - 1] == UInt8(ascii: "\r")
            {
                glyphEnd -= 1
            }
            guard tab > start, glyphEnd > tab + 1 else { continue }
            guard body(start..<tab, (tab + 1)..<glyphEnd) else { return }
        }
    }

    subscript(name: String) -> String? {
        index[Self.key(name)].map { entries[$0].glyph }
    }

    var count: Int { entries.count }

    /// Adds an entry, or replaces the glyph of a name already listed.
    mutating func add(_ entry: Entry) {
        let key = Self.key(entry.name)
        if let existing = index[key] {
            entries[existing].glyph = entry.glyph
        } else {
            index[key] = entries.count
            entries.append(entry)
        }
    }

    /// Names match without regard to case.
    private static func key(_ name: String) -> String {
        // Most names are lower case already; lowercased() would copy each of the thousands.
        name.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 >= 0x80 }
            ? name.lowercased() : name
    }

    /// The built-in SF Symbol stand-ins, indexed: for searches and suggestions, which read them all.
    static let symbols = IconTable(tsv: PackageResources.sf_symbols_tsv)
    /// The built-in GitHub shortcodes, indexed.
    static let shortcodes = IconTable(tsv: PackageResources.shortcodes_tsv)

    /// The glyph the built-in table `tsv` gives `name`, found by reading its text as
    /// ``init(tsv:)`` does: a sheet looks up a few names, and indexing 700 symbols first cost
    /// 1.5 M instructions, more than the rest of a one-release sheet. The tables' names are
    /// their own keys (lower case), so a name matches its key's bytes.
    static func glyph(_ name: String, inTable tsv: [UInt8]) -> String? {
        let key = Array(Self.key(name).utf8)
        var found: String?
        forEachEntry(in: tsv) { name, glyph in
            guard name.count == key.count, tsv[name].elementsEqual(key) else { return true }
            found = String(decoding: tsv[glyph], as: UTF8.self)
            return false
        }
        return found
    }
}
