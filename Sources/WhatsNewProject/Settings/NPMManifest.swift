#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fields of a `package.json` whatsnew reads: the package's name and version, its
/// repository and its workspaces. Each is read on its own, so a field of another shape (a name that is a number)
/// loses only that field, as npm's own tools tolerate.
struct NPMManifest: Decodable {
    var name: String?
    /// The version, as `node_modules` holds it: which release of a dependency is installed.
    var version: String?
    /// `"repository": "owner/name"` (or `github:owner/name`), or `{"url": "git+https://…"}`.
    var repository: String?
    /// `"workspaces": ["packages/*"]`, or Yarn's `{"packages": ["packages/*"]}`.
    var workspaces: [String]?

    /// The manifest in `bytes`; nil when they are not a JSON object.
    init?(_ bytes: [UInt8]) {
        guard let manifest = try? JSONDecoder().decode(Self.self, from: Data(bytes)) else { return nil }
        self = manifest
    }

    private enum Key: String, CodingKey { case name, version, repository, workspaces, url, packages }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        name = try? object.decodeIfPresent(String.self, forKey: .name)
        version = try? object.decodeIfPresent(String.self, forKey: .version)
        repository =
            (try? object.decodeIfPresent(String.self, forKey: .repository))
            ?? (try? object.nestedContainer(keyedBy: Key.self, forKey: .repository).decodeIfPresent(
                String.self, forKey: .url))
        workspaces =
            (try? object.decodeIfPresent([String].self, forKey: .workspaces))
            ?? (try? object.nestedContainer(keyedBy: Key.self, forKey: .workspaces).decodeIfPresent(
                [String].self, forKey: .packages))
    }
}
