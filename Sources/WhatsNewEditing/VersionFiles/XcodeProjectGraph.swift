/// An Xcode project's objects, read from its tokens: which build configurations belong to
/// which target, so a release can move the version of the targets it names and a message can
/// say whose setting differs.
struct XcodeProjectGraph {
    /// A token of the old-style property list: text (quoted or bare) or one punctuation byte.
    struct Token {
        var start: Int
        var text: String?
        var punctuation: UInt8?
    }

    /// Why the tokens are no project.
    struct Failure: Error {
        var offset: Int?
        var reason: String
    }

    private struct Pair {
        var key: String
        var value: Node
    }

    private indirect enum Node {
        case text(String, start: Int)
        case dictionary([Pair])
        case array([Node])

        subscript(key: String) -> Node? {
            guard case .dictionary(let pairs) = self else { return nil }
            return pairs.first { $0.key == key }?.value
        }

        var text: String? {
            guard case .text(let text, _) = self else { return nil }
            return text
        }
    }

    /// A target or the project, and its build configurations (`Debug`, `Release`) by object id.
    private struct Owner {
        var name: String
        var isTarget: Bool
        var configurations: [(name: String, settings: Node)]
    }

    private let owners: [Owner]

    /// The targets' names.
    var targetNames: [String] { owners.filter(\.isTarget).map(\.name) }

    init(tokens: [Token]) throws(Failure) {
        var parser = Parser(tokens: tokens)
        let root = try parser.value()
        guard let objects = root["objects"], case .dictionary(let pairs) = objects else {
            throw Failure(offset: nil, reason: "it has no `objects`")
        }
        let byID = Dictionary(pairs.map { ($0.key, $0.value) }) { first, _ in first }
        func configurations(of list: String?) -> [(name: String, settings: Node)] {
            guard let list, case .array(let ids)? = byID[list]?["buildConfigurations"] else { return [] }
            return ids.compactMap { id in
                guard let object = id.text.flatMap({ byID[$0] }), let settings = object["buildSettings"] else {
                    return nil
                }
                return (object["name"]?.text ?? "", settings)
            }
        }
        var owners: [Owner] = []
        for object in pairs.map(\.value) {
            switch object["isa"]?.text {
            case "PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget":
                owners.append(
                    Owner(
                        name: object["name"]?.text ?? "", isTarget: true,
                        configurations: configurations(of: object["buildConfigurationList"]?.text)))
            case "PBXProject":
                owners.append(
                    Owner(
                        name: "", isTarget: false,
                        configurations: configurations(of: object["buildConfigurationList"]?.text)))
            default: break
            }
        }
        self.owners = owners
    }

    /// Where each assignment of `key` stands (its value's first byte), named by its owner and
    /// configuration: `target App (Release)`, `the project (Debug)`.
    func owners(of key: String) -> [Int: (label: String, target: String?)] {
        var found: [Int: (label: String, target: String?)] = [:]
        for owner in owners {
            for configuration in owner.configurations {
                guard case .text(_, let start)? = configuration.settings[key] else { continue }
                let who = owner.isTarget ? "target \(owner.name)" : "the project"
                found[start] = ("\(who) (\(configuration.name))", owner.isTarget ? owner.name : nil)
            }
        }
        return found
    }

    /// The assignments of `key` a release of `targets` moves: theirs, and the project's in a
    /// configuration where one of them sets none and so inherits it.
    func places(of key: String, targets: [String]) -> Set<Int> {
        var found: Set<Int> = []
        var inherited: Set<String> = []
        for owner in owners where owner.isTarget && targets.contains(owner.name) {
            for configuration in owner.configurations {
                if case .text(_, let start)? = configuration.settings[key] {
                    found.insert(start)
                } else {
                    inherited.insert(configuration.name)
                }
            }
        }
        for owner in owners where !owner.isTarget {
            for configuration in owner.configurations where inherited.contains(configuration.name) {
                if case .text(_, let start)? = configuration.settings[key] { found.insert(start) }
            }
        }
        return found
    }

    /// A recursive reading of dictionaries `{ key = value; }`, arrays `( value, )` and texts.
    private struct Parser {
        let tokens: [Token]
        var index = 0
        // Deeper than any project nests: a hostile file cannot exhaust the stack.
        var depth = 0

        init(tokens: [Token]) { self.tokens = tokens }

        mutating func value() throws(Failure) -> Node {
            guard index < tokens.count else { throw Failure(offset: nil, reason: "it ends early") }
            let token = tokens[index]
            index += 1
            if let text = token.text { return .text(text, start: token.start) }
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { throw Failure(offset: token.start, reason: "it nests too deep") }
            switch token.punctuation {
            case UInt8(ascii: "{"):
                var pairs: [Pair] = []
                while try !closes(UInt8(ascii: "}")) {
                    guard index < tokens.count, let key = tokens[index].text else { throw failure("a key") }
                    index += 1
                    try expect(UInt8(ascii: "="))
                    pairs.append(Pair(key: key, value: try value()))
                    try expect(UInt8(ascii: ";"))
                }
                return .dictionary(pairs)
            case UInt8(ascii: "("):
                var items: [Node] = []
                while try !closes(UInt8(ascii: ")")) {
                    items.append(try value())
                    if index < tokens.count, tokens[index].punctuation == UInt8(ascii: ",") { index += 1 }
                }
                return .array(items)
            default:
                index -= 1
                throw failure("a value")
            }
        }

        private mutating func closes(_ byte: UInt8) throws(Failure) -> Bool {
            guard index < tokens.count else { throw Failure(offset: nil, reason: "it ends early") }
            guard tokens[index].punctuation == byte else { return false }
            index += 1
            return true
        }

        private mutating func expect(_ byte: UInt8) throws(Failure) {
            guard index < tokens.count, tokens[index].punctuation == byte else {
                throw failure("`\(Character(Unicode.Scalar(byte)))`")
            }
            index += 1
        }

        private func failure(_ wanted: String) -> Failure {
            Failure(offset: index < tokens.count ? tokens[index].start : nil, reason: "\(wanted) was expected here")
        }
    }
}
