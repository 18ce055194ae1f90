import WhatsNewModel
import WhatsNewReading

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The commit a change is judged against, read from git: its files, its links and its waiting
/// notes as it has them, whatever the branch's working tree holds. A branch that replaces the
/// notes file, the fragments folder or the settings with a link cannot move what the base's
/// rules name.
struct BaseCommit {
    /// The commit, checked to be one.
    let commit: String
    /// The repository's top, absolute with links resolved.
    let top: String
    /// git, run at the top.
    let git: Git

    /// `path` (from here) as git names it at this commit: relative to the top, with every link
    /// on the way followed as the commit has it. A path outside the repository stays as it is.
    func path(of path: String) -> String {
        let here = ProjectFiles.workingDirectory
        var parts: [String] = []
        for part in ((path.hasPrefix("/") ? "" : here + "/") + path).split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(String(part)) }
        }
        let topParts = top.split(separator: "/").map(String.init)
        guard parts.count > topParts.count, Array(parts.prefix(topParts.count)) == topParts else {
            return "/" + parts.joined(separator: "/")
        }
        parts.removeFirst(topParts.count)
        var index = 0
        var hops = 0
        while index < parts.count {
            let prefix = parts[...index].joined(separator: "/")
            guard let entry = entry(prefix), entry.mode == "120000", hops < 16,
                let target = contents(ofBlob: entry.id).map({ String(decoding: $0, as: UTF8.self) }),
                !target.hasPrefix("/")
            else {
                index += 1
                continue
            }
            hops += 1
            var resolved = Array(parts[..<index])
            for part in target.split(separator: "/") where part != "." {
                if part == ".." { _ = resolved.popLast() } else { resolved.append(String(part)) }
            }
            parts = resolved + parts[(index + 1)...]
            index = 0
        }
        return parts.joined(separator: "/")
    }

    /// The tree entry at `path` (from the top): its mode (`100644`, `120000` for a link…), its
    /// type and its object.
    func entry(_ path: String) -> (mode: String, type: String, id: String)? {
        guard let listing = try? git.run(["ls-tree", "-z", "--end-of-options", commit, "--", path]) else { return nil }
        return Self.entries(listing).first { $0.path == path }.map { ($0.mode, $0.type, $0.id) }
    }

    /// `ls-tree -z` output, entry by entry: `<mode> <type> <id>\t<path>`.
    static func entries(_ listing: [UInt8]) -> [(mode: String, type: String, id: String, path: String)] {
        Git.fields(listing).compactMap { entry in
            let halves = entry.split(separator: "\t", maxSplits: 1)
            let fields = halves.first?.split(separator: " ") ?? []
            guard halves.count == 2, fields.count == 3 else { return nil }
            return (String(fields[0]), String(fields[1]), String(fields[2]), String(halves[1]))
        }
    }

    /// A file's bytes at this commit (`path` from the top); nil when it has none there.
    func contents(of path: String) -> [UInt8]? {
        guard let entry = entry(path), entry.type == "blob", entry.mode != "120000" else { return nil }
        return contents(ofBlob: entry.id)
    }

    private func contents(ofBlob id: String) -> [UInt8]? {
        try? git.run(["cat-file", "blob", id])
    }

    /// The notes waiting at this commit: those the notes file (`notes`, from the top) lists in
    /// its release in progress, and the fragments in `fragments`.
    func pendingNotes(notes: String, fragments: String, project: Project) -> PendingNotes {
        var pending = PendingNotes()
        if let bytes = contents(of: notes), let source = try? SourceFile(path: notes, bytes: bytes) {
            pending.add(Self.read(source, project: project))
        }
        let listing = (try? git.run(["ls-tree", "-z", "--end-of-options", commit, "--", fragments + "/"])) ?? []
        let files = Self.entries(listing).filter { entry in
            entry.type == "blob" && entry.mode != "120000"
                && FragmentFolder.isFragmentName(String(entry.path.split(separator: "/").last ?? ""))
        }
        guard !files.isEmpty else { return pending }
        // Every fragment in one git process: `<id>\n` in, `<id> blob <size>\n<bytes>\n` out.
        let batch =
            (try? git.run(["cat-file", "--batch"], input: Array(files.map { $0.id + "\n" }.joined().utf8))) ?? []
        var offset = 0
        let reader = project.fragmentReader
        for file in files {
            guard let newline = batch[offset...].firstIndex(of: 0x0A) else { break }
            let header = String(decoding: batch[offset..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]), newline + 1 + size <= batch.count else { break }
            let bytes = Array(batch[(newline + 1)..<(newline + 1 + size)])
            offset = newline + 1 + size + 1
            guard let source = try? SourceFile(path: file.path, bytes: bytes),
                bytes.count <= FragmentFolder.maximumSize,
                let fragment = reader.read(source).fragment
            else { continue }
            pending.add(fragment)
        }
        return pending
    }

    /// The notes file as every command reads it, with the project's kinds.
    static func read(_ source: SourceFile, project: Project) -> Document {
        Notes.document(of: source, in: project)
    }
}
