import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Release notes drafted from the commits since a unit's latest release: one fragment per
/// conventional commit that has no note yet, read back as every fragment is read before it
/// counts, so a message that would make an invalid fragment is reported and skipped.
package struct CommitDrafts {
    /// One note drafted.
    package struct Draft {
        /// The fragment's file name in the fragments folder.
        package var name: String
        /// The fragment as text.
        package var text: String
        /// The fragment as read back.
        package var fragment: Fragment
    }

    /// The notes drafted, oldest commit first.
    package var drafts: [Draft] = []
    /// Their file names, so a name is looked up rather than searched for.
    var names: Set<String> = []
    /// Fragments in the folder drafted from commits a later commit reverts: taken back.
    package var withdrawn: [(name: String, revert: String)] = []
    /// Commits whose note would not be a valid fragment, each said and skipped.
    package var problems: [Diagnostic] = []
    /// How many commits were read, and why those without a note have none.
    package var counts = Counts()
    /// Commits that concern no package of a repository that releases several: their scopes
    /// name none and they change no package's folder (a docs site's, the tooling's).
    package var unplaced: [String] = []

    /// Every problem to say: each skipped commit, and the commits no package holds, in one line.
    package var findings: [Diagnostic] {
        guard !unplaced.isEmpty else { return problems }
        let shown =
            unplaced.prefix(5).joined(separator: ", ") + (unplaced.count > 5 ? " and \(unplaced.count - 5) more" : "")
        let count = unplaced.count == 1 ? "1 commit concerns" : "\(unplaced.count) commits concern"
        return problems + [
            Diagnostic(
                .draftSkipped, at: SourceLocation(path: "commits"),
                "\(count) no package (no scope names one, and no package's folder changes), so no note was drafted: \(shown); if one is a package's change, write its note with `whatsnew new --package NAME`"
            )
        ]
    }

    /// What became of the commits read.
    package struct Counts {
        package var commits = 0
        package var notConventional = 0
        package var hidden = 0
        package var noted = 0
        package var drafted = 0
        package var duplicates = 0
        package var reverted = 0
        package var merges = 0
        package var already = 0
    }

    /// The fragments the drafts are, in the folder's order.
    package var fragments: [Fragment] { drafts.map(\.fragment) }
}

/// Drafting one range of commits for one unit.
struct CommitDrafter {
    let project: Project
    let git: Git
    /// The repository's top, absolute.
    let top: String
    /// The fragments folder.
    let folder: FragmentFolder
    /// The commit the range starts after; nil for the whole history.
    let since: String?
    /// The table of types.
    let table: CommitTypeTable
    /// Whether the notes credit people (a release lists contributors): the notes drafted
    /// name their commit's author and co-authors.
    var credits = false

    /// The drafts for `project`'s unit (every package a commit concerns in a repository that
    /// releases several, among `packages`).
    func draft(packages: [ReleaseUnit]) throws(CommandFailure) -> CommitDrafts {
        let log = CommitLog(git: git)
        // A repository with no commit yet has none to draft from.
        guard git.commit("HEAD") != nil else { return CommitDrafts() }
        let folderFromTop = relative(folder.path)
        // A note's own commit is told by the notes folder; a package's by its folder.
        let folders = [folderFromTop] + (project.hasPackages ? project.units.map { relative($0.folder) } : [])
        let commits: [LoggedCommit]
        do {
            commits = try log.commits(since: since, changingUnder: folders)
        } catch {
            throw CommandFailure(
                message:
                    "whatsnew: error: cannot read the commits: \(error.message.split(separator: "\n").first.map(String.init)?.escapingControls() ?? "")"
            )
        }
        var result = CommitDrafts()
        result.counts.commits = commits.count
        guard !commits.isEmpty else { return result }
        let inNotes = { (path: String) in folderFromTop.isEmpty || path.hasPrefix(folderFromTop + "/") }
        // Each package's folder, from the top, and the packages whose folders a commit changes.
        let unitFolders = project.hasPackages ? project.units.map { ($0, relative($0.folder)) } : []
        func owners(_ commit: LoggedCommit) -> [ReleaseUnit] {
            unitFolders.filter { _, folder in
                (commit.kept + commit.deleted).contains { folder.isEmpty || $0.hasPrefix(folder + "/") }
            }.map(\.0)
        }
        let index = Dictionary(commits.enumerated().map { ($1.id, $0) }) { first, _ in first }

        let graph = CommitGraph(commits, index: index)
        let (mergedBy, brings, mergeRequests) = (graph.mergedBy, graph.brings, graph.requests)
        let noted = notedCommits(commits, mergedBy: mergedBy, inNotes: inNotes)
        let (drafted, inFolder) = draftedBefore(
            log: log, commits: commits, folderFromTop: folderFromTop, inNotes: inNotes)

        // The drafts of each commit, by its place.
        var byCommit: [Int: [Int]] = [:]
        // What each revert in the range took back, so a revert of it puts it back.
        var undone: [String: [(position: Int, name: String)]] = [:]
        var seen = Set<String>()
        var groupsWithDraft = [Bool](repeating: false, count: commits.count)
        for position in commits.indices.reversed() {
            let commit = commits[position]
            let message = CommitMessage(commit.message)
            if drafted.contains(commit.short) {
                result.counts.already += 1
                if let header = message.header { seen.insert(Self.key(header)) }
                if let merge = mergedBy[position] { groupsWithDraft[merge] = true }
                continue
            }
            if noted[position] || mergedBy[position].map({ noted[$0] }) == true {
                result.counts.noted += 1
                continue
            }
            var header = message.header
            var request = message.pullRequest ?? mergedBy[position].flatMap { mergeRequests[$0] }
            if commit.parents.count > 1 {
                // A merge speaks for its change only when nothing it brings in did.
                result.counts.merges += 1
                guard !groupsWithDraft[position] else { continue }
                if header == nil, message.isMergeRecord, let title = message.bodyTitle {
                    let titled = CommitMessage(title)
                    header = titled.header
                    request = titled.pullRequest ?? message.mergedRequest
                }
                request = request ?? message.mergedRequest
                guard header != nil else { continue }
            }
            // A revert takes back the note of what it reverts.
            let isRevert = message.revertedSubject != nil || header?.label.type == "revert"
            if isRevert, let reverted = message.reverts ?? (header?.label.type == "revert" ? "" : nil) {
                if !reverted.isEmpty,
                    let name = inFolder.first(where: { reverted.hasPrefix($0.key) || $0.key.hasPrefix(reverted) })?
                        .value
                {
                    result.withdrawn.append((name, commit.short))
                    result.counts.reverted += 1
                    continue
                }
                // A full name is looked up; only an abbreviated one is searched for.
                if !reverted.isEmpty,
                    let place = index[reverted]
                        ?? (reverted.count < 40 ? commits.firstIndex(where: { $0.id.hasPrefix(reverted) }) : nil)
                {
                    Self.takeBack(
                        place, revert: commit, commits: commits, brings: brings, byCommit: byCommit, undone: &undone,
                        result: &result)
                    continue
                }
                // A change reapplied whose revert is not in the range: the change's own note.
                if message.isReapply, let original = message.revertedSubject.flatMap({ CommitHeader($0) }) {
                    header = original
                } else {
                    // A released change taken back, or a `revert:` naming only its words: a fixed row.
                    let original = message.revertedSubject.flatMap { CommitHeader($0) }
                    if let original, case .hidden = table.entry(original.label.type) {
                        result.counts.hidden += 1
                        continue
                    }
                    guard
                        let words = original?.description
                            ?? (header?.label.type == "revert" ? message.revertedSubject : nil)
                    else {
                        result.counts.notConventional += 1
                        continue
                    }
                    var text = FragmentText(kind: SectionKind.fixed.rawValue)
                    text.body = "Reverted: " + MarkdownWriter.text(keepingCode: words)
                    text.pullRequests = request.map { [$0] } ?? []
                    add(
                        text, commit: commit, message: message, scope: original?.label.scope ?? header?.label.scope,
                        owners: owners(commit), packages: packages, to: &result,
                        byCommit: &byCommit[position, default: []])
                    continue
                }
            }
            guard let header else {
                if !message.isMergeRecord { result.counts.notConventional += 1 }
                continue
            }
            let kind: ChangeKind
            switch table.entry(header.label.type) {
            case .note(let found): kind = found
            case .hidden(let found):
                // Work users never see still breaks what they rely on when it says so.
                guard header.label.isBreaking || message.breakingNote != nil else {
                    result.counts.hidden += 1
                    continue
                }
                kind = found.builtIn == .internal ? (project.kinds.named("changed") ?? found) : found
            case .unknown:
                result.counts.notConventional += 1
                continue
            }
            guard seen.insert(Self.key(header)).inserted else {
                result.counts.duplicates += 1
                continue
            }
            var text = FragmentText(kind: kind.name)
            text.isBreaking = header.label.isBreaking || message.breakingNote != nil
            let scoped = scopePrefix(header.label.scope)
            text.body = MarkdownWriter.text(
                keepingCode: scoped + Self.sentence(message.breakingNote ?? header.description))
            text.pullRequests = request.map { [$0] } ?? []
            text.issues = message.issues
            if add(
                text, commit: commit, message: message, scope: header.label.scope, owners: owners(commit),
                packages: packages, to: &result, byCommit: &byCommit[position, default: []]),
                let merge = mergedBy[position]
            {
                groupsWithDraft[merge] = true
            }
            // A squash that lists more changes as conventional lines of its body: a note each.
            for line in message.moreHeaders where seen.insert(Self.key(line)).inserted {
                guard case .note(let more) = table.entry(line.label.type) else { continue }
                var extra = FragmentText(kind: more.name)
                extra.isBreaking = line.label.isBreaking
                let prefix = scopePrefix(line.label.scope)
                extra.body = MarkdownWriter.text(keepingCode: prefix + Self.sentence(line.description))
                extra.pullRequests = text.pullRequests
                add(
                    extra, commit: commit, message: message, scope: line.label.scope, owners: owners(commit),
                    packages: packages, to: &result, byCommit: &byCommit[position, default: []])
            }
        }
        result.drafts.removeAll { $0.name.isEmpty }
        result.counts.drafted = result.drafts.count
        return result
    }

    /// A commit's scope before its words (`parser: `), unless it names a package, which the
    /// fragment says instead.
    private func scopePrefix(_ scope: String?) -> String {
        scope.map { scope in project.units.contains { $0.name == scope } ? "" : scope + ": " } ?? ""
    }

    /// A revert of the commit at `place`: the notes drafted for it, and for every commit a
    /// reverted merge brought in, are taken back and kept under the revert's name; when the
    /// commit is itself a revert in the range, the change is back in, and so are its notes.
    private static func takeBack(
        _ place: Int, revert: LoggedCommit, commits: [LoggedCommit], brings: [Int: [Int]], byCommit: [Int: [Int]],
        undone: inout [String: [(position: Int, name: String)]], result: inout CommitDrafts
    ) {
        if let back = undone.removeValue(forKey: commits[place].id) {
            for (position, name) in back {
                result.drafts[position].name = name
                result.names.insert(name)
                result.counts.reverted -= 1
            }
            return
        }
        var gone: [(position: Int, name: String)] = []
        for taken in [place] + (brings[place] ?? []) {
            for position in byCommit[taken] ?? [] where !result.drafts[position].name.isEmpty {
                gone.append((position, result.drafts[position].name))
                result.names.remove(result.drafts[position].name)
                result.drafts[position].name = ""
                result.counts.reverted += 1
            }
        }
        undone[revert.id] = gone
    }

    /// The commits that have their note: one that adds or edits a fragment, and every commit
    /// its merge brings in along with it.
    private func notedCommits(_ commits: [LoggedCommit], mergedBy: [Int?], inNotes: (String) -> Bool) -> [Bool] {
        var noted = [Bool](repeating: false, count: commits.count)
        for (position, commit) in commits.enumerated() {
            let id = commit.id
            // The folder's README, or another commit's draft committed here, is not this commit's note.
            let own = commit.kept.filter { path in
                guard inNotes(path) else { return false }
                let name = String(path.split(separator: "/").last ?? "")
                return FragmentFolder.isFragmentName(name) && Self.draftedCommit(name).map { id.hasPrefix($0) } ?? true
            }
            guard !own.isEmpty else { continue }
            noted[position] = true
            if let merge = mergedBy[position] { noted[merge] = true }
        }
        return noted
    }

    /// The commits drafted before, which carry their commit in their names: in the folder, in
    /// HEAD, or removed since (released, or deleted as noise); and the folder's drafts by commit.
    private func draftedBefore(
        log: CommitLog, commits: [LoggedCommit], folderFromTop: String, inNotes: (String) -> Bool
    ) -> (drafted: Set<String>, inFolder: [String: String]) {
        let inFolderNames = folder.paths().map { String($0.split(separator: "/").last ?? "") }
        var names = inFolderNames
        names += log.committedNames(under: folderFromTop)
        names += commits.flatMap(\.deleted).filter(inNotes).map { String($0.split(separator: "/").last ?? "") }
        let inFolder = Dictionary(
            inFolderNames.compactMap { name in Self.draftedCommit(name).map { ($0, name) } }
        ) { first, _ in first }
        return (Set(names.compactMap(Self.draftedCommit)), inFolder)
    }

    /// The draft for `commit`, read back as a fragment; said and skipped when it is no valid
    /// one. Whether it was added.
    @discardableResult
    private func add(
        _ text: FragmentText, commit: LoggedCommit, message: CommitMessage, scope: String?, owners: [ReleaseUnit],
        packages: [ReleaseUnit],
        to result: inout CommitDrafts, byCommit: inout [Int]
    ) -> Bool {
        var text = text
        let place = SourceLocation(path: "commit \(commit.short)")
        if credits {
            // People, not the bots that open pull requests for dependencies.
            let people = [commit.author] + message.coAuthors
            for name in people where !name.isEmpty && !name.hasSuffix("[bot]") && !text.authors.contains(name) {
                text.authors.append(name)
            }
        }
        if project.hasPackages {
            // The scope names a package, else the folders changed say which; another unit's
            // commit is no concern of this one's, and one that is no unit's is said.
            let named = project.units.filter { $0.name == scope }
            let concerned = named.isEmpty ? owners : named
            guard !concerned.isEmpty else {
                result.unplaced.append(commit.short)
                return false
            }
            let mine = concerned.filter { unit in packages.contains { $0.name == unit.name } }
            guard !mine.isEmpty else { return false }
            text.packages = mine.compactMap(\.name)
        }
        let written = text.text
        let probe = folder.path + "/draft.md"
        let read: (fragment: Fragment?, diagnostics: [Diagnostic])
        do {
            read = project.fragmentReader.read(try SourceFile(path: probe, bytes: Array(written.utf8)))
        } catch {
            read = (nil, [error])
        }
        guard var fragment = read.fragment, !read.diagnostics.contains(where: { $0.severity == .error }) else {
            let error = read.diagnostics.first { $0.severity == .error }?.message ?? "it is no fragment"
            let subject = message.subject.prefix(60)
            result.problems.append(
                Diagnostic(
                    .draftSkipped, at: place, "skipped \"\(subject)\": its note would not be a valid fragment: \(error)"
                ))
            return false
        }
        let stamp =
            FragmentName.timestamp(Date(timeIntervalSince1970: TimeInterval(commit.time))) + "-"
            + FragmentName.slug(of: fragment)
        let stem = stamp + "-" + commit.short
        // Two notes of one commit with the same words still get two names.
        var name = stem + ".md"
        var attempt = 1
        while result.names.contains(name) {
            attempt += 1
            name = stamp + "-\(attempt)-" + commit.short + ".md"
        }
        fragment.path = folder.path + "/" + name
        fragment.name = name
        fragment.isFile = false
        byCommit.append(result.drafts.count)
        result.names.insert(name)
        result.drafts.append(CommitDrafts.Draft(name: name, text: written, fragment: fragment))
        return true
    }

    /// What makes two commits the same change: a cherry-pick's type, scope and words.
    static func key(_ header: CommitHeader) -> String {
        [header.label.type, header.label.scope ?? "", header.description.lowercased()].joined(separator: "\u{0}")
    }

    /// A note starts as a sentence does: `read tables` → `Read tables`.
    static func sentence(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return text }
        return first.properties.uppercaseMapping + String(text.unicodeScalars.dropFirst())
    }

    /// A path from here as git names it from the repository's top.
    private func relative(_ path: String) -> String {
        let absolute = ProjectBoundary.real(path.isEmpty ? "." : path)
        guard absolute.hasPrefix(top) else { return path }
        return String(absolute.dropFirst(top.count)).trimmingCharacters(from: "/")
    }

    /// The commit a drafted note's name carries: `…-1a2b3c4d5e.md` → `1a2b3c4d5e`.
    static func draftedCommit(_ name: String) -> String? {
        guard name.hasSuffix(".md") else { return nil }
        let stem = name.dropLast(3)
        guard let dash = stem.lastIndex(of: "-") else { return nil }
        let tail = stem[stem.index(after: dash)...]
        guard tail.utf8.count == 10, tail.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else {
            return nil
        }
        return String(tail)
    }
}

/// The shape of a range of commits, each told by its place in the range (which costs less to
/// keep than its name): the main line, from HEAD along first parents, and what each merge on it
/// brings in, with its pull request, read once for every commit it brings.
struct CommitGraph {
    /// The merge on the main line that brings the commit in.
    var mergedBy: [Int?]
    /// The commits each merge brings in.
    var brings: [Int: [Int]] = [:]
    /// Each merge's pull request.
    var requests: [Int: String] = [:]

    /// The graph of `commits`, newest first, with `index` giving each name's place.
    init(_ commits: [LoggedCommit], index: [String: Int]) {
        var mainline = [Bool](repeating: false, count: commits.count)
        mergedBy = [Int?](repeating: nil, count: commits.count)
        var cursor: Int? = 0
        while let position = cursor, !mainline[position] {
            mainline[position] = true
            cursor = commits[position].parents.first.flatMap { index[$0] }
        }
        for merge in commits.indices.reversed() where mainline[merge] && commits[merge].parents.count > 1 {
            requests[merge] = CommitMessage(commits[merge].message).mergedRequest
            var stack = commits[merge].parents.dropFirst().compactMap { index[$0] }
            while let position = stack.popLast() {
                guard !mainline[position], mergedBy[position] == nil else { continue }
                mergedBy[position] = merge
                brings[merge, default: []].append(position)
                stack += commits[position].parents.compactMap { index[$0] }
            }
        }
    }
}
