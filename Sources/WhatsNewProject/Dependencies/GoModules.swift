import WhatsNewModel

/// Go's go.mod (`require` lines, alone or in a block; what a `replace` points at is the
/// module's code, so it stands for the version) and go.sum (a module's versions with a hash of
/// their code, beside `/go.mod` lines for versions only their manifests were read of).
enum GoModules {
    static func readModule(_ bytes: [UInt8]) -> [LockedDependency] {
        var required: [String: String] = [:]
        var order: [String] = []
        var replaced: [String: String] = [:]
        var block: String?
        func take(_ words: [String], as directive: String) {
            switch directive {
            case "require" where words.count >= 2:
                let path = unquoted(words[0])
                if required[path] == nil { order.append(path) }
                required[path] = words[1]
            case "replace":
                // `old [v] => new v`: a module path with a version replaces with that version.
                guard let arrow = words.firstIndex(of: "=>"), words.count == arrow + 3 else { return }
                replaced[unquoted(words[0])] = words[arrow + 2]
            default:
                break
            }
        }
        for raw in lines(bytes) {
            var words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if let comment = words.firstIndex(where: { $0.hasPrefix("//") }) { words.removeSubrange(comment...) }
            guard let first = words.first else { continue }
            if first == ")" {
                block = nil
                continue
            }
            if block == nil, ["require", "replace"].contains(first) {
                if words.count == 2, words[1] == "(" {
                    block = first
                    continue
                }
                words.removeFirst()
                take(words, as: first)
            } else if let block {
                take(words, as: block)
            }
        }
        return order.map { path in
            LockedDependency(name: path, version: replaced[path] ?? required[path]!)
        }
    }

    static func readSum(_ bytes: [UInt8]) -> [LockedDependency] {
        var seen = Set<String>()
        var found: [LockedDependency] = []
        for line in lines(bytes) {
            let words = line.split(separator: " ")
            guard words.count == 3, !words[1].hasSuffix("/go.mod") else { continue }
            let key = words[0] + " " + words[1]
            if seen.insert(String(key)).inserted {
                found.append(LockedDependency(name: String(words[0]), version: String(words[1])))
            }
        }
        return found
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: true).map {
            String(decoding: $0, as: UTF8.self).trimmedWhitespace()
        }
    }

    private static func unquoted(_ word: String) -> String {
        word.count >= 2 && word.hasPrefix("\"") && word.hasSuffix("\"") ? String(word.dropFirst().dropLast()) : word
    }
}
