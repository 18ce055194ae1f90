#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names of what a run leaves beside the files it writes, while it writes them: the finished
/// text waiting to be renamed into place, the old text kept to undo, a folder made whole before
/// its rename. Each is named for its target with the writer's process number, a random part
/// and this user's seal (``WriterSeal``):
/// `.CHANGELOG.md.whatsnew-4242-1f2e3d4c-9a8b7c6d5e4f3a2b`.
///
/// A later run removes such a leftover only when the name carries the seal and its writer is
/// gone (``OwnFile/isAbandoned(_:)``): a file named so that came with the repository is left
/// as it is, whatever its name says.
package enum LeftoverName {
    /// What every leftover's name holds after its target's.
    package static let marker = ".whatsnew-"

    /// A new, sealed name for a leftover of `target`, a name in the same folder.
    package static func make(for target: String) -> String {
        let nonce = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let stem = ".\(target)\(marker)\(getpid())-\(nonce)"
        return stem + "-" + WriterSeal.current.tag(sealed(stem))
    }

    /// The target a leftover named `entry` stands for, when the name carries this user's seal;
    /// nil for any other name.
    package static func target(of entry: String) -> String? {
        guard entry.hasPrefix("."), let dash = entry.lastIndex(of: "-"),
            let found = entry[..<dash].ranges(of: marker).last
        else { return nil }
        let stem = String(entry[..<dash])
        guard WriterSeal.current.verifies(sealed(stem), tag: String(entry[entry.index(after: dash)...])) else {
            return nil
        }
        return String(entry[entry.index(after: entry.startIndex)..<found.lowerBound])
    }

    /// Whether `entry` is named as a leftover is, sealed or not.
    package static func looksLikeOne(_ entry: String) -> Bool { entry.hasPrefix(".") && entry.contains(marker) }

    /// What the seal covers, apart from anything else whatsnew seals.
    private static func sealed(_ stem: String) -> String { "whatsnew leftover\u{0}" + stem }
}
