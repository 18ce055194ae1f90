import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

/// A Cargo workspace's member manifests, as its root `Cargo.toml` lists them (`[workspace]
/// members`, less `exclude`): the crates whose pins on each other a release moves together.
enum CargoWorkspace {
    /// The members' `Cargo.toml` files under `root` (a folder, absolute, ending in `/`), and
    /// the root's own; none when `root` holds no workspace.
    static func manifests(root: String) -> [String] {
        guard let bytes = ContentFingerprint.contents(of: root + "Cargo.toml"),
            let members = TOMLManifest(bytes: bytes).strings("members", in: "workspace")
        else { return [] }
        let excluded = (TOMLManifest(bytes: bytes).strings("exclude", in: "workspace") ?? []).map(PathGlob.init)
        let included = members.map(PathGlob.init)
        let folders = PackageProposal.folders(under: root).filter { folder in
            included.contains { $0.matchesFromTop(folder) } && !excluded.contains { $0.matchesFromTop(folder) }
        }
        return [root + "Cargo.toml"]
            + folders.map { root + $0 + "/Cargo.toml" }.filter { FileKind(of: $0) == .regularFile }
    }
}
