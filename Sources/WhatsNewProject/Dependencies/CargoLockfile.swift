import WhatsNewEditing

/// Cargo.lock: a `[[package]]` per crate. Only those with a `source` (a registry or git) are
/// dependencies; the workspace's own crates have none.
enum CargoLockfile {
    static func read(_ bytes: [UInt8]) -> [LockedDependency] {
        TOMLManifest(bytes: bytes).tables("package").compactMap { table in
            guard let name = table["name"], let version = table["version"], let source = table["source"] else {
                return nil
            }
            // `git+https://…?rev=…#<commit>`: the commit after the hash.
            let revision = source.hasPrefix("git+") ? source.split(separator: "#").last.map(String.init) : nil
            return LockedDependency(name: name, version: version, source: source, revision: revision)
        }
    }
}
