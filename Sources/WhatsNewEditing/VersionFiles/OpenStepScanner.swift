/// The build settings of an Xcode project (`project.pbxproj`, an old-style property list):
/// every `MARKETING_VERSION = …;` or `CURRENT_PROJECT_VERSION = …;`, one per build
/// configuration, found by reading its tokens, so comments and quoted text never match.
struct OpenStepScanner {
    let bytes: [UInt8]

    /// Every assignment of `key`, in file order, each named by the target (or the project)
    /// whose build configuration holds it when the file reads as a project.
    func places(of key: String) throws(VersionFileProblem) -> [VersionPlace] {
        let tokens = try tokenize()
        let graph = try? XcodeProjectGraph(tokens: tokens.map(\.graphToken))
        return named(assignments(of: key, in: tokens), key: key, by: graph)
    }

    /// The assignments of `key` in the build configurations of `targets` (by name), and in the
    /// project's own configurations of the same names where a target sets none, so a target
    /// that inherits the project's setting moves with it. An error names a target not there.
    func places(of key: String, targets: [String]) throws(VersionFileProblem) -> [VersionPlace] {
        let tokens = try tokenize()
        let graph: XcodeProjectGraph
        do {
            graph = try XcodeProjectGraph(tokens: tokens.map(\.graphToken))
        } catch {
            throw VersionFileProblem(
                at: error.offset, "this Xcode project cannot be read for its targets: \(error.reason)")
        }
        if let missing = targets.first(where: { !graph.targetNames.contains($0) }) {
            throw VersionFileProblem(
                at: nil,
                "no target `\(missing)` in this project; its targets are \(graph.targetNames.sorted().joined(separator: ", "))"
            )
        }
        let chosen = graph.places(of: key, targets: targets)
        return named(
            assignments(of: key, in: tokens).filter { chosen.contains($0.range.lowerBound) }, key: key, by: graph)
    }

    /// `places` with the target or project whose setting each is, as `graph` says.
    private func named(_ places: [VersionPlace], key: String, by graph: XcodeProjectGraph?) -> [VersionPlace] {
        let owners = graph?.owners(of: key) ?? [:]
        return places.map { place in
            var place = place
            (place.owner, place.target) = (
                owners[place.range.lowerBound]?.label, owners[place.range.lowerBound]?.target
            )
            return place
        }
    }

    /// Every `key = value;` among `tokens`.
    private func assignments(of key: String, in tokens: [Token]) -> [VersionPlace] {
        var places: [VersionPlace] = []
        var index = 0
        while index + 3 < tokens.count {
            let (name, equals, value, end) = (tokens[index], tokens[index + 1], tokens[index + 2], tokens[index + 3])
            if name.isText, name.text == key, equals.punctuation == UInt8(ascii: "="), value.isText,
                end.punctuation == UInt8(ascii: ";")
            {
                let quoted = bytes[value.range.lowerBound] == UInt8(ascii: "\"")
                places.append(
                    VersionPlace(range: value.range, value: value.text, key: key, quoting: .openStep(quoted: quoted)))
                index += 4
            } else {
                index += 1
            }
        }
        return places
    }

    /// A character an Xcode project writes without quotes.
    static func isBare(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || [UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ".")].contains(
                byte)
    }

    private struct Token {
        var range: Range<Int>
        var text: String
        var isText: Bool
        var punctuation: UInt8?

        var graphToken: XcodeProjectGraph.Token {
            XcodeProjectGraph.Token(start: range.lowerBound, text: isText ? text : nil, punctuation: punctuation)
        }
    }

    private func tokenize() throws(VersionFileProblem) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                guard let end = find([UInt8(ascii: "*"), UInt8(ascii: "/")], from: index + 2) else {
                    throw VersionFileProblem(at: index, "a comment here is never closed")
                }
                index = end + 2
            } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "\"") {
                var end = index + 1
                var text: [UInt8] = []
                while end < count, bytes[end] != UInt8(ascii: "\"") {
                    if bytes[end] == UInt8(ascii: "\\"), end + 1 < count { end += 1 }
                    text.append(bytes[end])
                    end += 1
                }
                guard end < count else { throw VersionFileProblem(at: index, "a quoted text here is never closed") }
                tokens.append(
                    Token(range: index..<(end + 1), text: String(decoding: text, as: UTF8.self), isText: true))
                index = end + 1
            } else if Self.isBare(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                var end = index
                while end < count,
                    Self.isBare(bytes[end]) || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+")
                {
                    end += 1
                }
                tokens.append(
                    Token(range: index..<end, text: String(decoding: bytes[index..<end], as: UTF8.self), isText: true))
                index = end
            } else {
                tokens.append(Token(range: index..<(index + 1), text: "", isText: false, punctuation: byte))
                index += 1
            }
        }
        return tokens
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
