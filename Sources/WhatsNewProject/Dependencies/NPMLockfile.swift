#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// npm's package-lock.json (and npm-shrinkwrap.json): versions 2 and 3 list every installed
/// package under `packages` by its folder (`node_modules/a/node_modules/b`); version 1 nests
/// `dependencies`. The workspace's own packages (links, the root) are not dependencies.
enum NPMLockfile {
    private struct File: Decodable {
        var packages: [String: Entry]?
        var dependencies: [String: Nested]?
    }

    private struct Entry: Decodable {
        var name: String?
        var version: String?
        var resolved: String?
        var link: Bool?
    }

    /// Version 1's tree: a package and what it nests.
    private final class Nested: Decodable, Sendable {
        let version: String?
        let resolved: String?
        let dependencies: [String: Nested]?
    }

    static func read(_ bytes: [UInt8]) throws(LockfileProblem) -> [LockedDependency] {
        let file = try JSONProblem.decode(File.self, from: bytes, as: "a package-lock.json npm reads")
        if let packages = file.packages {
            return packages.keys.sorted().compactMap { folder in
                let entry = packages[folder]!
                guard let range = folder.ranges(of: "node_modules/").last, entry.link != true,
                    let version = entry.version
                else { return nil }
                // An alias (`"b": "npm:real@1"`) names the real package in `name`.
                let name = entry.name ?? String(folder[range.upperBound...])
                return LockedDependency(name: name, version: version, source: entry.resolved)
            }
        }
        guard let dependencies = file.dependencies else {
            throw LockfileProblem("not a package-lock.json npm reads: it has neither `packages` nor `dependencies`")
        }
        var found: [LockedDependency] = []
        // Breadth first, without recursion: a lockfile decides how deep it nests.
        var waiting = [dependencies]
        while let level = waiting.popLast() {
            for name in level.keys.sorted() {
                let entry = level[name]!
                if let version = entry.version {
                    found.append(LockedDependency(name: name, version: version, source: entry.resolved))
                }
                if let nested = entry.dependencies { waiting.append(nested) }
            }
        }
        return found
    }
}
