/// A `package.json`: the top-level object's `"version"` string, found by reading the JSON's
/// structure, so a `"version"` inside `dependencies` or a string never matches.
struct JSONVersionScanner {
    let bytes: [UInt8]

    /// Every `"version"` member of the top-level object.
    func places() throws(VersionFileProblem) -> [VersionPlace] {
        var places: [VersionPlace] = []
        var depth = 0
        var index = 0
        // The last string read at the top level and whether a `:` followed it: a member's name.
        var name: String?
        var awaitingValue = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let (text, end) = try string(at: index)
                if depth == 1, awaitingValue, name == "version" {
                    places.append(VersionPlace(range: (index + 1)..<(end - 1), value: text, key: "version"))
                }
                if depth == 1, !awaitingValue { name = text } else { name = nil }
                awaitingValue = false
                index = end
                continue
            case UInt8(ascii: ":"):
                if depth == 1, name != nil { awaitingValue = true }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 1, awaitingValue, name == "version" {
                    throw VersionFileProblem(at: index, "`version` is not text here")
                }
                depth += 1
                awaitingValue = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                name = nil
            case UInt8(ascii: ","):
                name = nil
                awaitingValue = false
            case 0x20, 0x09, 0x0A, 0x0D:
                break
            default:
                if depth == 1, awaitingValue, name == "version" {
                    throw VersionFileProblem(at: index, "`version` is not text here")
                }
            }
            index += 1
        }
        guard depth == 0 else { throw VersionFileProblem(at: nil, "not valid JSON: a bracket is never closed") }
        return places
    }

    /// The string starting at `start` (a `"`), and the index after its closing quote.
    private func string(at start: Int) throws(VersionFileProblem) -> (String, Int) {
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count else {
            throw VersionFileProblem(at: start, "not valid JSON: a string is never closed")
        }
        return (String(decoding: bytes[(start + 1)..<index], as: UTF8.self), index + 1)
    }
}
