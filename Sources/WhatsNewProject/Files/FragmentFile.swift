import WhatsNewModel
import WhatsNewReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new fragment: checked as lint would check it, then written under a name no other branch's
/// fragment takes (``FragmentName``).
package struct FragmentFile {
    /// The fragments' folder.
    package let folder: String
    /// The reader of the project's fragments: the kinds and packages a fragment may name.
    package let reader: FragmentReader

    package init(folder: String, reader: FragmentReader) {
        self.folder = folder
        self.reader = reader
    }

    /// Writes the fragment under a ``FragmentName`` made now and returns its path. A fragment
    /// `release` would refuse (too large, an unknown kind or colour, a broken front matter) is
    /// not written; what `release` would warn about comes back as warnings.
    package func create(
        _ text: String, icons: IconCatalog = .builtIn
    ) throws(CommandFailure) -> (path: String, warnings: [Diagnostic]) {
        let size = text.utf8.count
        guard size <= FragmentFolder.maximumSize else {
            throw CommandFailure(
                Diagnostic(
                    .inputTooLarge, at: SourceLocation(path: folder),
                    "the note is over the \(FragmentFolder.maximumSize >> 20) MB a fragment may be; release notes are a few sentences"
                ),
                notes: ["no fragment was written"])
        }
        let probe: SourceFile
        do {
            probe = try SourceFile(path: "\(folder)/new-fragment.md", bytes: Array(text.utf8))
        } catch {
            throw CommandFailure(error, notes: ["no fragment was written"])
        }
        let (fragment, diagnostics) = reader.read(probe)
        let findings = diagnostics + (fragment.map { FragmentLinter(icons: icons).check([$0]) } ?? [])
        guard let fragment, !findings.contains(where: { $0.severity == .error }) else {
            throw CommandFailure(findings, notes: ["no fragment was written"])
        }
        let stem = FragmentName.stem(of: fragment)
        // The first note brings the folder and its README: all three appear at once, or none.
        if FileKind(of: folder) == nil, try firstNotes([(stem + ".md", text)]) {
            return ("\(folder)/\(stem).md", findings)
        }
        let file = try PreparedFile("\(folder)/\(stem).md", target: "\(folder)/\(stem).md") { $0.write(text) }
        var name = stem + ".md"
        var attempt = 1
        while try !file.commitAsNew(name) {
            attempt += 1
            name = "\(stem)-\(attempt).md"
        }
        return ("\(folder)/\(name)", findings)
    }

    /// The folder made whole beside its place, with the README and the notes in it, then
    /// renamed into place; false when another run made the folder meanwhile.
    package func firstNotes(_ notes: [(name: String, text: String)]) throws(CommandFailure) -> Bool {
        let (parent, folderName) = PreparedFile.split(folder)
        try makeParents(parent)
        // A sealed leftover, locked while this run lives, so a later run removes it only once this one is gone.
        let staging = parent + "/" + LeftoverName.make(for: folderName)
        guard mkdir(staging, 0o700) == 0 else { throw failure("cannot create the folder: \(describe(errno: errno))") }
        let lock = HeldLock(staging)
        defer {
            for entry in DirectoryListing.names(in: staging) { unlink(staging + "/" + entry) }
            rmdir(staging)
            lock?.release()
        }
        chmod(staging, 0o777 & ~PreparedFile.umaskValue())
        for (file, content) in [("README.md", Self.readme)] + notes {
            _ = try PreparedFile("\(staging)/\(file)", target: "\(staging)/\(file)") { $0.write(content) }
                .commitAsNew(file)
        }
        guard rename(staging, folder) == 0 else {
            if errno == EEXIST || errno == ENOTEMPTY { return false }
            throw failure("cannot create the folder: \(describe(errno: errno))")
        }
        PreparedFile.flushFolder(of: folder)
        return true
    }

    /// The folders above the fragments folder, when it is nested somewhere new.
    private func makeParents(_ parent: String) throws(CommandFailure) {
        guard FileKind(of: parent) == nil else { return }
        var path = parent.hasPrefix("/") ? "" : "."
        for part in parent.split(separator: "/") {
            path += "/" + part
            guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
                throw failure("cannot create the folder: \(describe(errno: errno))")
            }
        }
    }

    private func failure(_ message: String) -> CommandFailure {
        CommandFailure(
            Diagnostic(.unwritableOutput, at: SourceLocation(path: folder), message), notes: ["no fragment was written"]
        )
    }

    package static let readme = """
        # Release notes in progress

        Each Markdown file here is the release note of one change, written with
        `whatsnew new --kind <kind>`. `whatsnew --release unreleased` shows them as
        the coming release (a bare `whatsnew` shows the latest release), `whatsnew
        check` asks for one in a pull request that changes the code, and `whatsnew
        release <version>` writes them into the changelog and removes them.

        """
}
