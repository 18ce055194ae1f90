import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The project's edge: the one rule for every path that comes with the repository. What a pull
/// request commits — `.whatsnew.yml`, the notes file, a symbolic link anywhere in the project —
/// must not lead a command to read or write anything outside the project's folder, or anything
/// inside `.git` (its hooks and config run code and hold a CI checkout's token). Paths the user
/// gives on the command line are the user's own choice, and may lead anywhere; a link inside the
/// project does not turn one of those into a way out of it.
package struct ProjectBoundary: Sendable {
    /// The project's folder, absolute, with its links resolved.
    package let root: String

    /// The edge of the project whose folder is `folder`.
    package init(folder: String) {
        root = Self.real(folder.isEmpty ? "." : folder)
    }

    /// Where a path comes from, which decides how far it is trusted.
    package enum Origin: Sendable {
        /// Given on the command line: trusted, unless it names a place inside the project that a
        /// link there leads out of.
        case commandLine
        /// From the repository (`.whatsnew.yml`, a file found in the project, one named in a
        /// file): must stay inside the project and outside `.git`.
        case repository
    }

    /// Where a path is, relative to the project.
    package enum Place: Equatable, Sendable {
        case inside, insideGit, outside
    }

    /// Refuses `path` unless it may be read or written: for a path from the repository, its
    /// real place (every link resolved) is inside the project and outside `.git`; for one from
    /// the command line, that holds whenever a link inside the project is on its way.
    /// `setting` is where a setting named it, for the message; `what` says what the path is.
    package func admit(
        _ path: String, from origin: Origin, what: String, setting: SourceLocation? = nil
    ) throws(CommandFailure) {
        if let problem = problem(with: path, from: origin, what: what, shown: setting.map { _ in path }) {
            throw CommandFailure(
                Diagnostic(.outsideProject, at: setting ?? SourceLocation(path: path), problem),
                notes: ["nothing was read or written there"])
        }
    }

    /// Why `path` may not be used, or nil when it may; the message names it as `shown`.
    package func problem(with path: String, from origin: Origin, what: String, shown: String? = nil) -> String? {
        let way = walk(path)
        let place = place(of: way.real)
        if place == .inside || (origin == .commandLine && !way.throughLinkInProject) { return nil }
        let (real, path) = (way.real, shown ?? path)
        switch place {
        case .inside: return nil
        case .insideGit where way.throughLinkInProject:
            return
                "\(what) \(path) leads into .git (\(real)) through a symbolic link; whatsnew never reads or writes .git for a repository's file"
        case .insideGit:
            return "\(what) \(path) is inside .git, which whatsnew never reads or writes for a repository's file"
        case .outside where way.throughLinkInProject:
            return
                "\(what) \(path) leads outside the project (to \(real)) through a symbolic link; a link in the project cannot take whatsnew elsewhere, so give the place itself on the command line if it is meant"
        case .outside:
            return
                "\(what) \(path) is outside the project (\(root)); a path from the repository stays inside it, so give this one on the command line if it is meant"
        }
    }

    /// `path` followed as the kernel follows it, a folder at a time: where it ends, and
    /// whether a symbolic link that stands inside the project was on the way. A path that
    /// reaches the project through a link of the user's (a logical `$PWD`, macOS's `/tmp`) and
    /// leaves it through one of the repository's is caught here, where comparing text is not.
    package func walk(_ path: String) -> (real: String, throughLinkInProject: Bool) {
        var throughLink = false
        let real = Self.follow(path) { link in
            if self.place(of: link) == .inside { throughLink = true }
        }
        return (real, throughLink)
    }

    /// `path` made absolute with every link resolved; for a path that does not exist yet, its
    /// nearest existing folder's real place with the rest of the path after it. A dangling
    /// link counts as the place it points to.
    package static func real(_ path: String) -> String { follow(path) { _ in } }

    /// Resolves `path` a component at a time, telling `link` where each symbolic link on the
    /// way stands (by its real place).
    private static func follow(_ path: String, link: (String) -> Void) -> String {
        let start =
            path.hasPrefix("/") ? path : ProjectFiles.workingDirectory + "/" + (path.isEmpty ? "." : path)
        // What is left to walk, last component first; what is walked, resolved.
        var pending = start.split(separator: "/", omittingEmptySubsequences: true).reversed() as [Substring]
        // The path walked so far, resolved, kept whole: each step adds or drops one component.
        var current = ""
        var missing = false
        var hops = 0
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                current = String(current[..<(current.lastIndex(of: "/") ?? current.startIndex)])
                continue
            }
            let candidate = current + "/" + part
            var status = stat()
            guard !missing, lstat(candidate, &status) == 0 else {
                // Below a name that does not exist, nothing does: the rest is as written.
                missing = true
                current = candidate
                continue
            }
            guard (status.st_mode & S_IFMT) == S_IFLNK, hops < 40, let target = FileDestination.linkTarget(candidate)
            else {
                current = candidate
                continue
            }
            hops += 1
            link(candidate)
            if target.hasPrefix("/") { current = "" }
            pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed()
        }
        return current.isEmpty ? "/" : current
    }

    /// Where the absolute path `path` (without links) stands.
    package func place(of path: String) -> Place {
        let relative: Substring
        if root == "/" {
            relative = path.dropFirst()
        } else if path == root {
            return .inside
        } else if path.hasPrefix(root + "/") {
            relative = path.dropFirst(root.count + 1)
        } else {
            return .outside
        }
        return relative.split(separator: "/").contains { $0.lowercased() == ".git" } ? .insideGit : .inside
    }

    /// Whether `part` is one plain name in a folder: not empty, not `.` or `..`, without `/`,
    /// and not `.git` in any case.
    package static func isPlainName(_ part: String) -> Bool {
        !part.isEmpty && part != "." && part != ".." && !part.contains("/") && part.lowercased() != ".git"
    }
}

extension Project {
    /// The project's edge: the folder of its settings, else its own folder.
    package var boundary: ProjectBoundary {
        ProjectBoundary(folder: settings.map { PreparedFile.split($0.config.path).directory } ?? root)
    }

    /// Where `path`, a path a request holds, comes from: the repository, when it is the one the
    /// settings' `value` names, however the command came by it; else the command line.
    package func origin(of path: String, setting value: String?) -> ProjectBoundary.Origin {
        settings?.resolve(value) == path ? .repository : .commandLine
    }

    /// Where a translation of the notes comes from: the repository, when it stands in the
    /// settings' locales folder or beside the project's own notes (`projectNotes`); else the
    /// command line, which named its folder or its notes.
    package func origin(ofTranslation path: String, localesDirectory: String?, projectNotes: Bool)
        -> ProjectBoundary.Origin
    {
        if let localesDirectory, path.hasPrefix(localesDirectory) {
            return origin(of: localesDirectory, setting: config?.localesDir)
        }
        return projectNotes ? .repository : .commandLine
    }
}
