import WhatsNewModel
import WhatsNewReading

/// Where each ecosystem keeps its packages' files, and a dependency's changelog there at the
/// version a lockfile pins: SwiftPM's checkouts (read through git at the pinned commit, never
/// checked out), Cargo's unpacked registry, `node_modules` (pnpm's store inside it), Go's
/// module cache, pub's cache and mix's `deps`. A path made from a lockfile's names never
/// leaves the cache it names: each part is one plain name, and the real place is checked.
struct DependencyCaches {
    /// The folder the lockfile is in: `.build`, `node_modules` and `deps` are beside it.
    var root: String
    /// The environment: HOME, CARGO_HOME, GOMODCACHE, GOPATH, PUB_CACHE.
    var environment: [String: String]
    /// The largest changelog read.
    var maximumSize = SourceFile.defaultMaximumSize

    /// A dependency's changelog at its new version, or why there is none.
    enum Lookup {
        case found(SourceFile)
        case missing(String)
    }

    func changelog(of dependency: LockedDependency, format: LockfileFormat) -> Lookup {
        switch format {
        case .swiftPM:
            return checkout(dependency)
        case .cargo:
            guard let home = environment["CARGO_HOME"] ?? environment["HOME"].map({ $0 + "/.cargo" }) else {
                return .missing("no CARGO_HOME or HOME to find Cargo's registry in")
            }
            let registry = home + "/registry/src"
            let folder = dependency.name + "-" + dependency.version
            // One folder per registry index (`index.crates.io-<hash>`); the first holding the crate.
            for index in DirectoryListing.names(in: registry) {
                if let path = Self.inside(registry, [index, folder]) { return file(in: path, shown: "\(folder)") }
            }
            return .missing("not in Cargo's registry (\(registry)); `cargo fetch` puts it there")
        case .npm, .npmShrinkwrap:
            return nodeModules(dependency, under: [], installer: "npm")
        case .pnpm:
            // pnpm's store: `name@version`, with `_peer@1.0.0` after it when peers decide the copy.
            let store = dependency.name.replacing("/", with: "+") + "@" + dependency.version
            let folders = DirectoryListing.names(in: root + "/node_modules/.pnpm") { name in
                name == store || name.hasPrefix(store + "_") || name.hasPrefix(store + "(")
            }
            if let folder = folders.first {
                return nodeModules(dependency, under: [".pnpm", folder, "node_modules"], installer: "pnpm")
            }
            return nodeModules(dependency, under: [], installer: "pnpm")
        case .goModule, .goSum:
            let cache =
                environment["GOMODCACHE"] ?? environment["GOPATH"].map { $0.split(separator: ":")[0] + "/pkg/mod" }
                ?? environment["HOME"].map { $0 + "/go/pkg/mod" }
            guard let cache else { return .missing("no GOMODCACHE, GOPATH or HOME to find Go's module cache in") }
            // The cache writes capitals as `!` and the small letter, for case-blind file systems.
            var parts = dependency.name.split(separator: "/").map { Self.goEscaped(String($0)) }
            guard !parts.isEmpty else { return .missing("no module path") }
            parts[parts.count - 1] += "@" + Self.goEscaped(dependency.version)
            guard let path = Self.inside(cache, parts) else {
                return .missing("not in Go's module cache (\(cache)); `go mod download` puts it there")
            }
            return file(in: path, shown: dependency.name + "@" + dependency.version)
        case .pub:
            guard let cache = environment["PUB_CACHE"] ?? environment["HOME"].map({ $0 + "/.pub-cache" }) else {
                return .missing("no PUB_CACHE or HOME to find pub's cache in")
            }
            let folder = dependency.name + "-" + dependency.version
            for host in ["pub.dev", "pub.dartlang.org"] {
                if let path = Self.inside(cache, ["hosted", host, folder]) { return file(in: path, shown: folder) }
            }
            return .missing("not in pub's cache (\(cache)/hosted/pub.dev); `dart pub get` puts it there")
        case .mix:
            guard let path = Self.inside(root, ["deps", dependency.name]) else {
                return .missing("not in deps/; `mix deps.get` puts it there")
            }
            return file(in: path, shown: "deps/" + dependency.name)
        }
    }

    /// npm's folder of the package (`node_modules/@scope/name`), checked to hold the version.
    private func nodeModules(_ dependency: LockedDependency, under prefix: [String], installer: String) -> Lookup {
        let parts = ["node_modules"] + prefix + dependency.name.split(separator: "/").map(String.init)
        guard let path = Self.inside(root, parts) else {
            return .missing("not in node_modules; `\(installer) install` puts it there")
        }
        let manifest = ContentFingerprint.contents(of: path + "/package.json").flatMap(NPMManifest.init)
        if let installed = manifest?.version, installed != dependency.version {
            return .missing(
                "node_modules holds \(installed), not \(dependency.version); `\(installer) install` brings it")
        }
        return file(in: path, shown: parts.joined(separator: "/"))
    }

    /// The changelog of the package unpacked at `folder`.
    private func file(in folder: String, shown: String) -> Lookup {
        guard let name = ChangelogName.best(of: DirectoryListing.names(in: folder)),
            let path = Self.inside(folder, [name]), FileKind(of: ProjectBoundary.real(path)) == .regularFile
        else { return .missing("no changelog in the package") }
        do {
            let source = try SourceFile.load(path: path, maximumSize: maximumSize)
            return .found(try SourceFile(path: shown + "/" + name, bytes: source.bytes))
        } catch {
            return .missing("its changelog (\(name)) cannot be read: \(error.message)")
        }
    }

    /// SwiftPM's checkout, read at the commit Package.resolved pins (else the version's tag).
    private func checkout(_ dependency: LockedDependency) -> Lookup {
        guard let path = Self.inside(root, [".build", "checkouts", dependency.name]) else {
            return .missing("no checkout in .build/checkouts; `swift package resolve` makes it")
        }
        let git = Git(directory: path)
        let pinned = dependency.revision.flatMap { revision in
            revision.allSatisfy(\.isHexDigit) ? git.commit(revision) : nil
        }
        guard
            let commit = pinned ?? git.commit("refs/tags/" + dependency.version)
                ?? git.commit("refs/tags/v" + dependency.version)
        else {
            return .missing(
                "the checkout has neither the pinned commit nor a tag \(dependency.version); `swift package resolve` fetches it"
            )
        }
        let listing = (try? git.run(["ls-tree", "-z", "--name-only", commit])) ?? []
        guard let name = ChangelogName.best(of: Git.fields(listing)) else {
            return .missing("no changelog in the package")
        }
        guard let size = (try? git.text(["cat-file", "-s", commit + ":" + name])).flatMap({ Int($0) }) else {
            return .missing("its changelog (\(name)) is no file")
        }
        guard size <= maximumSize else {
            return .missing("its changelog (\(name)) is \(size) bytes, over the \(maximumSize) read")
        }
        guard let bytes = try? git.run(["cat-file", "blob", commit + ":" + name]),
            let source = try? SourceFile(
                path: ".build/checkouts/\(dependency.name)/\(name)@\(dependency.version)", bytes: bytes)
        else { return .missing("its changelog (\(name)) cannot be read") }
        return .found(source)
    }

    /// `base` and `parts` joined, when every part is one plain name and the place it names
    /// exists and, links followed, is still inside `base`.
    static func inside(_ base: String, _ parts: [String]) -> String? {
        for part in parts {
            guard !part.isEmpty, part != ".", part != "..", !part.contains("/"), !part.contains("\\"),
                !part.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            else { return nil }
        }
        let path = ([base] + parts).joined(separator: "/")
        guard FileKind(of: path) != nil else { return nil }
        let real = ProjectBoundary.real(path)
        let realBase = ProjectBoundary.real(base)
        guard real == realBase || real.hasPrefix(realBase == "/" ? "/" : realBase + "/") else { return nil }
        return path
    }

    /// A Go module path's part as the cache writes it: `!` and the small letter for a capital.
    static func goEscaped(_ part: String) -> String {
        var escaped = ""
        for character in part {
            if character.isASCII, character.isUppercase {
                escaped += "!" + character.lowercased()
            } else {
                escaped.append(character)
            }
        }
        return escaped
    }
}
