import WhatsNewReading

/// pnpm-lock.yaml: its `packages` keys name each package and version, as `/name/1.2.3` (lock
/// version 5), `/name@1.2.3(peer@2)` (6) or `name@1.2.3` (9); `@scope/name` in each.
enum PNPMLockfile {
    static func read(_ bytes: [UInt8]) throws(LockfileProblem) -> [LockedDependency] {
        let document = try LockfileFormat.pnpm.yamlMapping(bytes)
        guard let packages = document["packages"]?.mapping else { return [] }
        return packages.compactMap { key, value in
            guard let text = key.string, let (name, version) = nameAndVersion(text) else { return nil }
            let resolution = value.mapping?["resolution"]?.mapping
            return LockedDependency(
                name: name, version: version,
                source: resolution?["tarball"]?.string ?? resolution?["repo"]?.string)
        }
    }

    /// `name` and `version` of a `packages` key of any lock version; nil for one of neither form.
    static func nameAndVersion(_ key: String) -> (String, String)? {
        var text = Substring(key)
        if text.hasPrefix("/") { text = text.dropFirst() }
        // Peer suffixes: `(react@18.2.0)` from version 6 on, `_react@18.2.0` in 5.
        if let open = text.firstIndex(of: "(") { text = text[..<open] }
        let scoped = text.hasPrefix("@")
        // After a scope's slash, the name runs to `@` (6 and 9) or to a slash (5).
        let body = scoped ? text[(text.firstIndex(of: "/").map(text.index(after:)) ?? text.endIndex)...] : text
        let at = body.firstIndex(of: "@")
        let slash = body.firstIndex(of: "/")
        if let at, slash.map({ at < $0 }) ?? true {
            let name = text[..<at]
            let version = body[body.index(after: at)...]
            guard !name.isEmpty, !version.isEmpty, !(scoped && body.startIndex == text.endIndex) else { return nil }
            return (String(name), String(version))
        }
        // Version 5: the slash after the name starts the version.
        guard let slash else { return nil }
        let name = text[..<slash]
        var version = text[text.index(after: slash)...]
        if let underscore = version.firstIndex(of: "_") { version = version[..<underscore] }
        guard !name.isEmpty, !version.isEmpty, !(scoped && body.startIndex == text.endIndex) else { return nil }
        return (String(name), String(version))
    }
}
