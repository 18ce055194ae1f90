import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

/// Which commits notes are drafted from: those since `--since REF`, since every commit with
/// `--all`, else since the latest release's tag, found as `next` finds it.
package struct DraftRequest: Sendable {
    /// `--since`: a commit, tag or branch.
    package var since: String?
    /// `--all`: every commit of the history.
    package var all = false

    package init(since: String? = nil, all: Bool = false) {
        self.since = since
        self.all = all
    }

    /// The commit the range for `project`'s unit starts after, nil for the whole history:
    /// the one `--since` names, else the tag of the notes' newest release. Notes with no
    /// release yet draft from the first commit.
    func start(for project: Project, document: Document, git: Git) throws(CommandFailure) -> String? {
        if all { return nil }
        if let since {
            guard let commit = git.commit(since) else {
                throw .usage("--since names no commit here: \(since.escapingControls())")
            }
            return commit
        }
        guard let latest = document.releases.first(where: { !$0.isUnreleased && $0.version != nil }),
            let version = latest.version
        else {
            return nil
        }
        let tags = project.tags(near: project.notesPath)
        let template = TagName.template(for: document.releases, project: project, tags: tags)
        let tag = tags.first { template.isTag($0, of: version.text) } ?? template.filled(version.text)
        guard let commit = git.commit("refs/tags/" + tag) else {
            let unit = project.unit.name.map { " of \($0)" } ?? ""
            throw CommandFailure(
                Diagnostic(
                    .unreadableFile, at: SourceLocation(path: project.notesPath),
                    "the latest release\(unit), \(version.text), has no tag \(tag) here, so the commits since it are unknown; give --since REF (a tag, branch or commit) or --all"
                ))
        }
        return commit
    }
}

extension CommitDrafts {
    /// The notes drafted from commits for each of `project`'s chosen units, their notes read
    /// as `documents` gives them; a commit that concerns several packages gets one note naming
    /// them all.
    static func make(
        for project: Project, units: [Project]? = nil, request: DraftRequest, folder: FragmentFolder,
        document: (Project) throws(CommandFailure) -> Document
    ) throws(CommandFailure) -> CommitDrafts {
        guard GitDirectory.around(".") != nil,
            let found = try? Git(directory: nil).text(["rev-parse", "--show-toplevel"])
        else {
            throw CommandFailure(
                message: "whatsnew: error: drafting notes from commits needs a git repository, and this is none")
        }
        // From the top, so paths given to git and those it gives back are named alike.
        let top = ProjectBoundary.real(found)
        let git = Git(directory: top)
        let table = CommitTypeTable(
            kinds: project.fragmentReader.kinds, settings: project.settings?.config.commitTypes ?? [])
        var combined: CommitDrafts?
        for unit in units ?? project.each {
            let notes = try document(unit)
            let since = try request.start(for: unit, document: notes, git: git)
            var drafter = CommitDrafter(project: unit, git: git, top: top, folder: folder, since: since, table: table)
            // Notes that credit people go on crediting them.
            drafter.credits = notes.releases.contains { $0.sections.contains { $0.kind == .contributors } }
            let drafts = try drafter.draft(packages: project.hasPackages ? [unit.unit] : [])
            combined = combined.map { $0.merging(drafts) } ?? drafts
        }
        return combined ?? CommitDrafts()
    }

    /// These drafts with another unit's: a commit drafted for both is one note naming both.
    func merging(_ other: CommitDrafts) -> CommitDrafts {
        var merged = self
        // One note of one commit is named alike for every unit: the name says which it is.
        var positions = Dictionary(merged.drafts.enumerated().map { ($1.name, $0) }) { first, _ in first }
        for draft in other.drafts {
            if let index = positions[draft.name] {
                merged.drafts[index].fragment.packages += draft.fragment.packages.filter {
                    !merged.drafts[index].fragment.packages.contains($0)
                }
                if let rewritten = FragmentPackages.rewrite(
                    Array(merged.drafts[index].text.utf8), to: merged.drafts[index].fragment.packages)
                {
                    merged.drafts[index].text = String(decoding: rewritten, as: UTF8.self)
                }
            } else {
                positions[draft.name] = merged.drafts.count
                merged.drafts.append(draft)
                merged.names.insert(draft.name)
            }
        }
        merged.drafts.sort { $0.name < $1.name }
        for entry in other.withdrawn where !merged.withdrawn.contains(where: { $0.name == entry.name }) {
            merged.withdrawn.append(entry)
        }
        let seen = Set(problems.map(\.description))
        merged.problems += other.problems.filter { !seen.contains($0.description) }
        merged.unplaced += other.unplaced.filter { !merged.unplaced.contains($0) }
        merged.counts.commits = max(counts.commits, other.counts.commits)
        merged.counts.drafted = merged.drafts.count
        return merged
    }
}

/// The fragments folder with the notes drafted from commits: what `release --draft` releases.
/// The drafts are no files, so the release removes only the folder's; a folder fragment a
/// commit reverts is left out, and removed with the rest.
struct DraftedFragments: FragmentSource {
    let folder: FragmentFolder
    let drafts: CommitDrafts

    func read(with reader: FragmentReader) -> (fragments: [Fragment], diagnostics: [Diagnostic]) {
        let (files, diagnostics) = folder.read(with: reader)
        let withdrawn = Set(drafts.withdrawn.map(\.name))
        return (files.filter { !withdrawn.contains($0.name) } + drafts.fragments, diagnostics + drafts.findings)
    }
}
