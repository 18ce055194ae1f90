import WhatsNewEditing
import WhatsNewModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the project's issues live when `.whatsnew.yml` has no `repository:`: the package file
/// beside the notes says (package.json's `repository`, Cargo.toml's and Poetry's `repository`,
/// pyproject.toml's `[project.urls]`), else git's `origin` remote, from the repository's config. Only a web address or
/// GitHub's `owner/name` passes, without any credentials an address may carry.
package enum PackageRepository {
    package static func beside(_ notesPath: String) -> RepositoryAddress? {
        guard let folder = PackageName.folder(of: notesPath) else { return nil }
        func contents(_ name: String) -> String? { PackageName.contents(of: name, in: folder) }
        if let text = contents("package.json"), let address = npm(text) { return address }
        if let text = contents("Cargo.toml"), let address = toml(text, table: "package", keys: ["repository"]) {
            return address
        }
        if let text = contents("pyproject.toml"),
            let address = toml(
                text, table: "project.urls",
                keys: ["repository", "source", "source code", "code", "github", "homepage"])
                ?? toml(text, table: "tool.poetry", keys: ["repository", "homepage"])
        {
            return address
        }
        return originURL(from: folder).flatMap(address)
    }

    /// `url` under `[remote "origin"]` in the git config of the repository around `folder`,
    /// read from the file rather than by running git: a command that writes files starts no
    /// process it would then have to wait for.
    static func originURL(from folder: URL) -> String? {
        guard let git = GitDirectory.around(folder.path) else { return nil }
        return PackageName.contents(of: "config", in: URL(fileURLWithPath: git.common)).flatMap(origin(inConfig:))
    }

    /// The origin remote's `url` in a git config file's text.
    static func origin(inConfig text: String) -> String? {
        var inside = false
        for line in text.split(whereSeparator: \.isNewline) {
            let line = line.trimmedWhitespace()
            if line.hasPrefix("[") {
                inside = line.replacing(" ", with: "").lowercased() == "[remote\"origin\"]"
                continue
            }
            guard inside, let equals = line.firstIndex(of: "="),
                line[..<equals].trimmedWhitespace().lowercased() == "url"
            else { continue }
            return line[line.index(after: equals)...].trimmedWhitespace()
        }
        return nil
    }

    /// `"repository": "owner/name"`, `"github:owner/name"` or `{"url": "git+https://…"}`.
    static func npm(_ text: String) -> RepositoryAddress? {
        NPMManifest(Array(text.utf8))?.repository.flatMap(address)
    }

    /// The first of `keys` with a repository's address in `[table]`, keys matched in any case.
    static func toml(_ text: String, table: String, keys: [String]) -> RepositoryAddress? {
        var found: [String: String] = [:]
        for (key, value) in TOMLManifest(bytes: Array(text.utf8)).texts(in: table) where found[key.lowercased()] == nil
        {
            found[key.lowercased()] = value
        }
        for key in keys {
            guard let value = found[key], let address = address(value), isForge(address) || key != "homepage" else {
                continue
            }
            return address
        }
        return nil
    }

    /// `git@github.com:owner/name.git`, `git+https://user:token@host/owner/name.git`,
    /// `github:owner/name` or `owner/name`, as an https address with no credentials.
    static func address(_ written: String) -> RepositoryAddress? {
        var text = written.trimmedWhitespace()
        if text.hasPrefix("github:") { text.removeFirst("github:".count) }
        if text.hasPrefix("git+") { text.removeFirst(4) }
        if text.hasPrefix("git@"), let colon = text.firstIndex(of: ":") {
            text =
                "https://" + text[text.index(text.startIndex, offsetBy: 4)..<colon] + "/"
                + text[text.index(after: colon)...]
        } else if text.hasPrefix("ssh://") || text.hasPrefix("git://") {
            text = "https://" + text.drop { $0 != "/" }.dropFirst(2)
        }
        if let scheme = text.firstRange(of: "://") {
            // Credentials in an address (`https://user:token@host`) are never written anywhere.
            let rest = text[scheme.upperBound...]
            let host = rest.prefix { $0 != "/" }
            if let at = host.lastIndex(of: "@") { text = "https://" + rest[rest.index(after: at)...] }
            guard text.hasPrefix("https://") || text.hasPrefix("http://") else { return nil }
        }
        if text.hasSuffix(".git") { text.removeLast(4) }
        return RepositoryAddress(text)
    }

    /// A forge's project page, not a product's home page.
    private static func isForge(_ address: RepositoryAddress) -> Bool {
        let host = address.base.lowercased()
        return ["github.com/", "gitlab.com/", "codeberg.org/", "bitbucket.org/"].contains { host.contains($0) }
    }
}
