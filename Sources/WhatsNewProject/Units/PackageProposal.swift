import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The packages a repository declares, proposed as `packages:` for `.whatsnew.yml`: the members
/// of an npm, yarn or pnpm workspace, a Cargo workspace, a Dart pub workspace or melos, and the
/// products of a Swift package or the targets of an Xcode project that have folders of their
/// own. Each is named as its manifest names it; nothing is proposed that nothing declares.
package struct PackageProposal {
    /// One package proposed.
    package struct Package: Equatable {
        package var name: String
        /// Its folder from the repository's top.
        package var folder: String
        /// Its version file, when whatsnew would not find it by itself (an Xcode target's Info.plist).
        package var versionFile: String?
        /// Whether its folder keeps a CHANGELOG.md already.
        package var hasNotes: Bool
    }

    /// The packages, in the order of their folders.
    package var packages: [Package] = []
    /// Where they were declared (`package.json workspaces`, `Cargo.toml [workspace] members`).
    package var sources: [String] = []
    /// Folders declared whose name no package could take, with why.
    package var skipped: [String] = []

    /// The proposal for the repository at `top` (a folder path).
    package static func propose(in top: String) -> PackageProposal {
        var proposal = PackageProposal()
        let root = top.isEmpty || top.hasSuffix("/") ? top : top + "/"
        func read(_ name: String) -> [UInt8]? { OwnFile.read(root + name, limit: 1 << 20, owned: false) }
        var patterns: [(source: String, globs: [String])] = []
        if let bytes = read("package.json"), let globs = NPMManifest(bytes)?.workspaces {
            patterns.append(("package.json workspaces", globs))
        }
        for (file, key) in [
            ("pnpm-workspace.yaml", "packages"), ("pubspec.yaml", "workspace"), ("melos.yaml", "packages"),
        ] {
            guard let bytes = read(file), let node = try? YAMLDocument.compose(String(decoding: bytes, as: UTF8.self)),
                let list = node.mapping?[key]?.sequence
            else { continue }
            patterns.append(("\(file) \(key)", list.compactMap(\.string)))
        }
        if let bytes = read("Cargo.toml"), let members = TOMLManifest(bytes: bytes).strings("members", in: "workspace")
        {
            let excluded = TOMLManifest(bytes: bytes).strings("exclude", in: "workspace") ?? []
            patterns.append(("Cargo.toml [workspace] members", members + excluded.map { "!" + $0 }))
        }
        var folders: [String] = []
        if !patterns.isEmpty {
            let candidates = Self.folders(under: root)
            for (source, globs) in patterns {
                let included = globs.filter { !$0.hasPrefix("!") }.map(PathGlob.init)
                let excluded = globs.filter { $0.hasPrefix("!") }.map { PathGlob(pattern: String($0.dropFirst())) }
                let found = candidates.filter { folder in
                    included.contains { $0.matchesFromTop(folder) } && !excluded.contains { $0.matchesFromTop(folder) }
                        && Self.manifests.contains { FileKind(of: root + folder + "/" + $0) == .regularFile }
                }
                if !found.isEmpty { proposal.sources.append(source) }
                folders += found.filter { !folders.contains($0) }
            }
        }
        for folder in folders.sorted() {
            let name =
                PackageName.beside(root + folder + "/CHANGELOG.md") ?? String(folder.split(separator: "/").last ?? "")
            proposal.add(name, folder: folder, root: root)
        }
        if proposal.packages.isEmpty { proposal.addProducts(root: root, read: read) }
        if proposal.packages.isEmpty { proposal.addTargets(root: root) }
        return proposal
    }

    /// The files that make a folder a package.
    static let manifests = ["package.json", "Cargo.toml", "pubspec.yaml", "pyproject.toml", "Package.swift"]

    private mutating func add(_ name: String, folder: String, root: String, versionFile: String? = nil) {
        guard ProjectConfig.PackageSetting.isName(name) else {
            skipped.append("\(folder): `\(name)` cannot name a package here")
            return
        }
        guard !packages.contains(where: { $0.name == name }) else {
            skipped.append("\(folder): `\(name)` names another package already")
            return
        }
        let hasNotes = FileKind(of: root + folder + "/" + Project.defaultNotes) == .regularFile
        packages.append(Package(name: name, folder: folder, versionFile: versionFile, hasNotes: hasNotes))
    }

    /// A Swift package's products with a folder of their own under `Sources/`, when it has two or more.
    private mutating func addProducts(root: String, read: (String) -> [UInt8]?) {
        guard let bytes = read("Package.swift") else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        var names: [String] = []
        for kind in [".library(", ".executable("] {
            for part in text.components(separatedBy: kind).dropFirst() {
                guard let start = part.firstRange(of: "name:")?.upperBound else { continue }
                let rest = part[start...].drop { $0 == " " }
                guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { continue }
                names.append(String(rest[rest.index(after: rest.startIndex)..<end]))
            }
        }
        let owned = names.filter { FileKind(of: root + "Sources/" + $0) == .directory }
        guard owned.count > 1 else { return }
        sources.append("Package.swift products")
        for name in owned { add(name, folder: "Sources/" + name, root: root) }
    }

    /// An Xcode project's targets with an Info.plist of their own in a folder at the top.
    private mutating func addTargets(root: String) {
        let top = DirectoryListing.names(in: root)
        guard top.contains(where: { $0.hasSuffix(".xcodeproj") }) else { return }
        let targets = top.filter { name in
            !name.hasPrefix(".") && FileKind(of: root + name + "/Info.plist") == .regularFile
        }
        guard targets.count > 1 else { return }
        sources.append("the Xcode project's targets with an Info.plist")
        for folder in targets {
            add(folder.lowercased(), folder: folder, root: root, versionFile: folder + "/Info.plist")
        }
    }

    /// Every folder under `root`, four levels deep, but hidden ones and what builds leave.
    static func folders(under root: String) -> [String] {
        let skipped: Set<String> = ["node_modules", "target", "build", "Pods", "DerivedData", "vendor"]
        var found: [String] = []
        func walk(_ relative: String, depth: Int) {
            guard depth < 4 else { return }
            for name in DirectoryListing.names(in: root + relative)
            where !name.hasPrefix(".") && !skipped.contains(name) {
                let path = relative + name
                guard FileKind(of: root + path) == .directory else { continue }
                found.append(path)
                walk(path + "/", depth: depth + 1)
            }
        }
        walk("", depth: 0)
        return found
    }

    /// The proposal as `.whatsnew.yml` takes it.
    package var yaml: String {
        var lines = [
            "# Proposed by `whatsnew init --packages` from \(sources.joined(separator: ", ")): \(packages.count) packages."
        ]
        lines.append("packages:")
        for package in packages {
            let note = package.hasNotes ? "" : "  # no CHANGELOG.md yet: the first release needs --create"
            if let file = package.versionFile {
                lines.append("  \(YAMLScalar.text(package.name)):")
                lines.append("    folder: \(YAMLScalar.text(package.folder))\(note)")
                lines.append("    version-files: [\(YAMLScalar.text(file))]")
            } else {
                lines.append("  \(YAMLScalar.text(package.name)): \(YAMLScalar.text(package.folder))\(note)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
