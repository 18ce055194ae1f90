/// The lock files that record a project's own packages beside their manifests, read by their
/// structure: Cargo.lock's `[[package]]` entries of the workspace's own crates (those without a
/// `source`), and package-lock.json's root `version` with its `packages` entry for the package.
/// A release moves them with the manifest, so `cargo build --locked` and `npm ci` keep working.
public enum LockFile {
    /// Cargo.lock's places holding the version of the workspace's own crate `name`.
    public static func cargoPlaces(in bytes: [UInt8], package name: String) -> [VersionPlace] {
        let entries = TOMLManifest(bytes: bytes).entries().filter { $0.table == "[package]" }
        let elements = Dictionary(grouping: entries, by: \.element)
        return elements.keys.sorted().compactMap { element in
            let keys = elements[element]!
            // A crate from a registry or git has a `source`; the workspace's own have none.
            guard keys.contains(where: { $0.key == "name" && $0.string == name }),
                !keys.contains(where: { $0.key == "source" }),
                let version = keys.first(where: { $0.key == "version" }), let text = version.string
            else { return nil }
            return VersionPlace(range: version.valueRange, value: text, key: "[[package]] \(name) version")
        }
    }

    /// package-lock.json's places holding the version of the package at `member`, its folder
    /// from the lock file's ("" for the root package): the root's `version` and
    /// `packages[""].version`, or a workspace member's `packages["member"].version`.
    public static func npmPlaces(in bytes: [UInt8], member: String) throws(VersionFileProblem) -> [VersionPlace] {
        let scanner = JSONPathScanner(bytes: bytes)
        var places = try scanner.places(at: ["packages", member, "version"])
        if member.isEmpty { places = try scanner.places(at: ["version"]) + places }
        return places
    }
}

/// The string values at one path of member names in a JSON document, found by reading its
/// structure: a name inside a string, an array or another object never matches.
package struct JSONPathScanner {
    package init(bytes: [UInt8]) { self.bytes = bytes }

    let bytes: [UInt8]

    package func places(at path: [String]) throws(VersionFileProblem) -> [VersionPlace] {
        var places: [VersionPlace] = []
        // The member names leading to each open container; nil for an array or the document.
        var containers: [(isObject: Bool, name: String?)] = []
        var name: String?
        var awaitingValue = false
        var index = 0
        func here() -> [String]? {
            let names = containers.dropFirst().map(\.name)
            guard !names.contains(where: { $0 == nil }) else { return nil }
            return names.compactMap { $0 }
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < bytes.count else {
                    throw VersionFileProblem(at: index, "not valid JSON: a string is never closed")
                }
                let text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                if awaitingValue, let name, containers.last?.isObject == true, let at = here(), at + [name] == path {
                    places.append(VersionPlace(range: (index + 1)..<end, value: text, key: path.joined(separator: ".")))
                }
                if containers.last?.isObject == true, !awaitingValue { name = text } else { name = nil }
                awaitingValue = false
                index = end + 1
                continue
            case UInt8(ascii: ":"):
                if name != nil { awaitingValue = true }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                containers.append(
                    (bytes[index] == UInt8(ascii: "{"), awaitingValue ? name : (containers.isEmpty ? "" : nil)))
                name = nil
                awaitingValue = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !containers.isEmpty else {
                    throw VersionFileProblem(at: index, "not valid JSON: a bracket closes nothing")
                }
                containers.removeLast()
                name = nil
                awaitingValue = false
            case UInt8(ascii: ","):
                name = nil
                awaitingValue = false
            default:
                break
            }
            index += 1
        }
        guard containers.isEmpty else { throw VersionFileProblem(at: nil, "not valid JSON: a bracket is never closed") }
        return places
    }
}
