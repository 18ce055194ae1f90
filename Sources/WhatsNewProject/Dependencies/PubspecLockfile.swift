import WhatsNewReading

/// Dart's pubspec.lock: `packages:` maps each package to its `version` and `source` (hosted,
/// git, path, sdk). A path or sdk package is the project's or the toolchain's, not an update.
enum PubspecLockfile {
    static func read(_ bytes: [UInt8]) throws(LockfileProblem) -> [LockedDependency] {
        guard let packages = try LockfileFormat.pub.yamlMapping(bytes)["packages"]?.mapping else {
            throw LockfileProblem("not a pubspec.lock pub reads: it has no `packages`")
        }
        return packages.compactMap { key, value in
            guard let name = key.string, let entry = value.mapping, let version = entry["version"]?.string else {
                return nil
            }
            let source = entry["source"]?.string
            guard source != "path", source != "sdk" else { return nil }
            let description = entry["description"]
            let url = description?.mapping?["url"]?.string ?? description?.string
            return LockedDependency(
                name: name, version: version, source: url ?? source,
                revision: description?.mapping?["resolved-ref"]?.string)
        }
    }
}
