import WhatsNewModel

/// A TOML manifest (`Cargo.toml`, `pyproject.toml`), read line by line with table headers and
/// multi-line strings followed, so a key of a dependency table or inside a string never
/// matches: the one reader of them, for a release's version, a package's name and address,
/// and a workspace's members.
package struct TOMLManifest {
    let bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The text of `key` in the first of `tables` that has it as text.
    package func string(_ key: String, inFirstOf tables: [String]) -> String? {
        let entries = entries()
        for table in tables {
            if let value = entries.first(where: { $0.table == table && $0.key == key && $0.string != nil })?.string {
                return value
            }
        }
        return nil
    }

    /// Every key of `table` whose value is text, in the file's order.
    package func texts(in table: String) -> [(key: String, value: String)] {
        entries().compactMap { entry in entry.table == table ? entry.string.map { (entry.key, $0) } : nil }
    }

    /// The texts of an array `key = ["a", "b/*"]` in `table`, over as many lines as it takes;
    /// nil when the table has no such key.
    package func strings(_ key: String, in table: String) -> [String]? {
        guard let entry = entries().first(where: { $0.table == table && $0.key == key }),
            bytes[entry.valueRange.lowerBound...].first == UInt8(ascii: "[")
        else { return nil }
        var values: [String] = []
        var index = entry.valueRange.lowerBound + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                index = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"),
                let close = bytes[(index + 1)...].firstIndex(of: byte)
            {
                values.append(String(decoding: bytes[(index + 1)..<close], as: UTF8.self))
                index = close + 1
            } else {
                index += 1
            }
        }
        return values
    }

    /// The string keys of each element of the array of tables `[[name]]`, in the file's order
    /// (`[[package]]` of a Cargo.lock): the lock files whatsnew compares are read by this too.
    package func tables(_ name: String) -> [[String: String]] {
        var tables: [Int: [String: String]] = [:]
        for entry in entries() where entry.table == "[\(name)]" {
            if let string = entry.string { tables[entry.element, default: [:]][entry.key] = string }
        }
        return tables.keys.sorted().map { tables[$0]! }
    }

    /// A key of a table as the file has it.
    struct Entry {
        var table: String
        var key: String
        var valueRange: Range<Int>
        /// The value's text inside its quotes; nil for a value that is not a string.
        var string: String?
        var line: Int
        /// Which element of an array of tables (`[[package]]`) it stands in, counted over the file.
        var element = 0
    }

    /// Every `key = value` line with the table it stands in.
    func entries() -> [Entry] {
        var entries: [Entry] = []
        var table = ""
        var element = 0
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // a byte-order mark is no key
        var inMultiline: [UInt8]?
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = bytes[start..<end]
            defer { start = end + 1 }
            if let closing = inMultiline {
                if contains(closing, in: line) { inMultiline = nil }
                continue
            }
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
            guard let first = trimmed.first, first != UInt8(ascii: "#") else { continue }
            if first == UInt8(ascii: "[") {
                let inside = trimmed.prefix { $0 != UInt8(ascii: "#") }
                table = String(decoding: inside, as: UTF8.self).trimmedWhitespace()
                    .trimmingCharacters(from: "[]").trimmedWhitespace()
                if trimmed.starts(with: [UInt8(ascii: "["), UInt8(ascii: "[")]) {
                    table = "[" + table + "]"
                    element += 1
                }
                continue
            }
            guard let equals = trimmed.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: bytes[trimmed.startIndex..<equals], as: UTF8.self).trimmedWhitespace()
                .trimmingCharacters(from: "\"'")
            var valueStart = equals + 1
            while valueStart < end, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
            let value = bytes[valueStart..<end]
            for quote in [Array("\"\"\"".utf8), Array("'''".utf8)] where value.starts(with: quote) {
                if !contains(quote, in: value.dropFirst(3)) { inMultiline = quote }
            }
            var entry = Entry(
                table: table, key: key, valueRange: valueStart..<end, string: nil, line: 0, element: element)
            if let quote = value.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"), inMultiline == nil,
                let close = value.dropFirst().firstIndex(of: quote)
            {
                entry.valueRange = (valueStart + 1)..<close
                entry.string = String(decoding: bytes[(valueStart + 1)..<close], as: UTF8.self)
            }
            entries.append(entry)
        }
        return entries
    }

    /// The `version` of the first of `tables` that has one. A table that takes its version from
    /// elsewhere (`version.workspace = true`, `dynamic = ["version"]`) defers to the next (a
    /// workspace root's `[workspace.package]`, Poetry's `[tool.poetry]`); with none, that is the
    /// problem.
    func places(inFirstOf tables: [String]) throws(VersionFileProblem) -> [VersionPlace] {
        let entries = entries()
        var deferred: VersionFileProblem?
        for table in tables {
            let keys = entries.filter { $0.table == table }
            if let inherited = keys.first(where: {
                $0.key == "version.workspace"
                    || ($0.key == "version" && $0.string == nil
                        && String(decoding: bytes[$0.valueRange], as: UTF8.self).contains("workspace"))
            }) {
                var problem = VersionFileProblem(
                    at: inherited.valueRange.lowerBound,
                    "the version comes from the workspace (`version.workspace = true`); list the workspace's Cargo.toml instead"
                )
                problem.followsWorkspace = true
                deferred = deferred ?? problem
                continue
            }
            if let dynamic = keys.first(where: { $0.key == "dynamic" }),
                String(decoding: bytes[dynamic.valueRange], as: UTF8.self).contains("version")
            {
                deferred =
                    deferred
                    ?? VersionFileProblem(
                        at: dynamic.valueRange.lowerBound,
                        "the version is dynamic (the build backend sets it); name the file that holds it with a pattern instead"
                    )
                continue
            }
            let versions = keys.filter { $0.key == "version" }
            guard !versions.isEmpty else { continue }
            return try versions.map { entry throws(VersionFileProblem) in
                guard let text = entry.string else {
                    throw VersionFileProblem(at: entry.valueRange.lowerBound, "`version` is not text here")
                }
                return VersionPlace(range: entry.valueRange, value: text, key: "[\(table)] version")
            }
        }
        if let deferred { throw deferred }
        return []
    }

    /// The versions pinned beside a path in dependencies on `names` (`core = { path =
    /// "../core", version = "2.13.1" }`, or a `[dependencies.core]` table with both), in any
    /// dependencies table: a workspace's own crates that a release moves together.
    package func pathDependencyVersions(on names: Set<String>) -> [VersionPlace] {
        let entries = entries()
        func isDependencies(_ table: String) -> Bool {
            let parts = table.split(separator: ".").map(String.init)
            guard let last = parts.last else { return false }
            return ["dependencies", "dev-dependencies", "build-dependencies"].contains(last)
        }
        var places: [VersionPlace] = []
        // Inline: `name = { path = "…", version = "…" }`.
        for entry in entries where isDependencies(entry.table) && names.contains(entry.key) && entry.string == nil {
            let fields = inlineFields(entry.valueRange)
            guard fields.contains(where: { $0.key == "path" }),
                let version = fields.first(where: { $0.key == "version" }),
                let range = version.string
            else { continue }
            places.append(
                VersionPlace(
                    range: range, value: String(decoding: bytes[range], as: UTF8.self), key: "\(entry.key) version"))
        }
        // A table of its own: `[dependencies.name]` with `path` and `version`.
        for name in names {
            let tables = Set(
                entries.map(\.table).filter { table in
                    table.hasSuffix("." + name) && isDependencies(String(table.dropLast(name.count + 1)))
                })
            for table in tables.sorted() {
                let keys = entries.filter { $0.table == table }
                guard keys.contains(where: { $0.key == "path" }),
                    let version = keys.first(where: { $0.key == "version" }),
                    let text = version.string
                else { continue }
                places.append(VersionPlace(range: version.valueRange, value: text, key: "[\(table)] version"))
            }
        }
        return places.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The `key = value` fields of an inline table (`{ path = "../core", version = "1.0" }`),
    /// each with the range of its string's text when its value is a string.
    private func inlineFields(_ range: Range<Int>) -> [(key: String, string: Range<Int>?)] {
        guard range.lowerBound < range.upperBound, bytes[range.lowerBound] == UInt8(ascii: "{") else { return [] }
        var fields: [(key: String, string: Range<Int>?)] = []
        var index = range.lowerBound + 1
        var key = ""
        var afterEquals = false
        var depth = 0
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                var end = index + 1
                while end < range.upperBound, bytes[end] != byte {
                    end += byte == UInt8(ascii: "\"") && bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                if afterEquals, depth == 0 {
                    fields.append((key.trimmedWhitespace(), (index + 1)..<min(end, range.upperBound)))
                    afterEquals = false
                    key = ""
                } else if !afterEquals {
                    key += String(decoding: bytes[(index + 1)..<min(end, range.upperBound)], as: UTF8.self)
                }
                index = end + 1
                continue
            }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: "}"):
                if depth == 0 { return fields }
                depth -= 1
            case UInt8(ascii: "="):
                if depth == 0 { afterEquals = true }
            case UInt8(ascii: ","):
                if depth == 0 {
                    if afterEquals { fields.append((key.trimmedWhitespace(), nil)) }
                    afterEquals = false
                    key = ""
                }
            default:
                if !afterEquals, depth == 0 { key.append(Character(UnicodeScalar(byte))) }
            }
            index += 1
        }
        return fields
    }

    private func contains(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        guard haystack.count >= needle.count else { return false }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
