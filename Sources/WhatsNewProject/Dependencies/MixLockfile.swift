/// Elixir's mix.lock: one map of Elixir terms, `"name": {:hex, :name, "1.2.3", …}` or
/// `"name": {:git, "https://…", "<commit>", …}`. Read as tokens (strings, atoms, brackets),
/// never evaluated.
enum MixLockfile {
    private enum Token: Equatable {
        case open(UInt8), close(UInt8), string(String), atom(String), other
    }

    static func read(_ bytes: [UInt8]) throws(LockfileProblem) -> [LockedDependency] {
        let tokens = try tokenize(bytes)
        guard tokens.first?.token == .open(UInt8(ascii: "{")) else {
            throw LockfileProblem("not a mix.lock mix reads: it does not open with `%{`", line: tokens.first?.line)
        }
        var found: [LockedDependency] = []
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index].token
            switch token {
            case .open: depth += 1
            case .close: depth -= 1
            case .string(let name) where depth == 1:
                // `"name": {` — a key of the top map, then its tuple's first three items.
                guard index + 2 < tokens.count, tokens[index + 1].token == .other,
                    tokens[index + 2].token == .open(UInt8(ascii: "{"))
                else { break }
                var items: [Token] = []
                var cursor = index + 3
                while cursor < tokens.count, items.count < 3, case let item = tokens[cursor].token,
                    item != .close(UInt8(ascii: "}"))
                {
                    if case .open = item { break }
                    if item != .other { items.append(item) }
                    cursor += 1
                }
                switch (items.first, items.dropFirst().first, items.dropFirst(2).first) {
                case (.atom("hex"), .atom(let package)?, .string(let version)?):
                    found.append(LockedDependency(name: name, version: version, source: "hex:\(package)"))
                case (.atom("git"), .string(let url)?, .string(let commit)?):
                    found.append(
                        LockedDependency(name: name, version: String(commit.prefix(12)), source: url, revision: commit))
                default:
                    break
                }
            default: break
            }
            index += 1
        }
        return found
    }

    /// Strings, atoms and brackets with their lines; `:` after a key and commas are `other`.
    private static func tokenize(_ bytes: [UInt8]) throws(LockfileProblem) -> [(token: Token, line: Int)] {
        var tokens: [(token: Token, line: Int)] = []
        var index = 0
        var line = 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                line += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
                tokens.append((.open(byte), line))
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
                tokens.append((.close(byte), line))
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    if bytes[end] == 0x0A { line += 1 }
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < bytes.count else { throw LockfileProblem("a string is never closed", line: line) }
                tokens.append((.string(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)), line))
                index = end
            case UInt8(ascii: ":"):
                var end = index + 1
                while end < bytes.count, isAtomByte(bytes[end]) { end += 1 }
                tokens.append(
                    end > index + 1
                        ? (.atom(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)), line) : (.other, line))
                index = end - 1
            case 0x20, 0x09, 0x0D, UInt8(ascii: ","), UInt8(ascii: "%"):
                break
            default:
                // Numbers, keyword keys (`hex: …`), `=>`: nothing the reading needs.
                if tokens.last?.token != .other { tokens.append((.other, line)) }
            }
            index += 1
        }
        return tokens
    }

    private static func isAtomByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "@")
    }
}
