import WhatsNewModel

/// What waits to be released, each note with the bump it asks for: the fragments, the notes'
/// release in progress, and the pre-releases written since the latest release, which a final
/// release gathers in. `whatsnew next`, `release auto` and lint read the bump from here.
package struct PendingChanges: Sendable {
    /// One note and what it asks of the version.
    package struct Note: Sendable, Equatable {
        /// How far it moves the version; nil when it asks for no release (a thanks list).
        package var bump: ReleaseVersion.Bump?
        /// Its kind as the notes or the fragment name it (`added`, `ui`), or `featured row`.
        package var kind: String
        /// Its words, shortened, for `--explain`.
        package var text: String
        /// The fragment, or the row's heading in the notes.
        package var location: SourceLocation
        /// False for a kind the project adds without `bump:` (counted as a patch; lint says so).
        package var hasRule: Bool = true

        mutating func markBreakingBelowOne() {
            bump = .major
            kind += " (breaking below 1.0.0)"
        }
    }

    /// The latest release that is not a pre-release (by the notes' order and dates,
    /// ``ReleaseOrder/latest(of:in:)``); nil when there is none.
    package var stable: ReleaseVersion?
    /// The newest pre-release after `stable`, when there is one.
    package var latestPreRelease: ReleaseVersion?
    /// The pre-releases after `stable`, as indices of the document's releases.
    package var preReleases: [Int] = []
    /// The newest pre-release the notes hold, of any release line: the form the next one takes.
    package var newestPreReleaseEver: ReleaseVersion?
    /// Whether the notes count pre-releases from 0 (`3.0.0-next.0`), as changesets does.
    package var countsPreReleasesFromZero = false
    /// Notes new since the latest release of any kind: the fragments and the release in progress.
    package var new: [Note] = []
    /// Notes of the pre-releases after `stable`, which the final release gathers in.
    package var gathered: [Note] = []

    /// What waits in `document` (read from `path`) and `fragments`, with the project's kinds.
    /// `removalBreaksBelowOne`: below 1.0.0 a removal is breaking, as Cargo reads SemVer
    /// (`versioning: semver`); false to read SemVer to the letter.
    package init(
        document: Document, path: String, fragments: [Fragment], kinds: ChangeKinds, removalBreaksBelowOne: Bool = true
    ) {
        let releases = document.releases
        let released = releases.indices.filter { releases[$0].version != nil && !releases[$0].isUnreleased }
        let stableIndex = ReleaseOrder.latest(
            of: released.filter { !releases[$0].version!.isPreRelease }, in: releases)
        stable = stableIndex.map { releases[$0].version! }
        preReleases = released.filter { index in
            let version = releases[index].version!
            return version.isPreRelease && stable.map { version.compare(to: $0) == .newer } ?? true
        }
        latestPreRelease = NewestFirst.newest(preReleases.map { releases[$0].version! }) { $0 }
        newestPreReleaseEver = NewestFirst.newest(released.map { releases[$0].version! }.filter(\.isPreRelease)) { $0 }
        countsPreReleasesFromZero = released.contains { index in
            let version = releases[index].version!
            return version.isPreRelease && version.prerelease.count == 2 && version.prerelease[1] == "0"
        }
        let projectKinds = kinds.all.filter { $0.bump != nil || $0.builtIn == nil }
        for fragment in fragments {
            new.append(Self.note(fragment))
        }
        if let index = ReleaseInProgress.index(in: releases) {
            new += Self.notes(of: releases[index], path: path, kinds: projectKinds)
        }
        gathered = preReleases.flatMap { Self.notes(of: releases[$0], path: path, kinds: projectKinds) }
        // Below 1.0.0 a removal breaks what users rely on, as Cargo reads such versions: it
        // moves the second number, as a breaking change does there.
        if removalBreaksBelowOne, (stable?.numbers.first ?? 0) == 0 {
            for index in new.indices where Self.breaksBelowOne(new[index]) { new[index].markBreakingBelowOne() }
            for index in gathered.indices where Self.breaksBelowOne(gathered[index]) {
                gathered[index].markBreakingBelowOne()
            }
        }
    }

    /// A removal that asks for no more than its kind's usual minor release.
    private static func breaksBelowOne(_ note: Note) -> Bool {
        note.kind == SectionKind.removed.rawValue && note.bump == .minor
    }

    /// The pre-releases a release of `version` gathers in (of `releases`, the notes these were
    /// read from), oldest first; none for a pre-release.
    package func preReleases(gatheredBy version: ReleaseVersion, in releases: [Release]) -> [Int] {
        guard !version.isPreRelease else { return [] }
        let older = preReleases.filter { releases[$0].version!.compare(to: version) == .older }
        return NewestFirst.oldestByVersion(older) { releases[$0].version! }
    }

    /// Whether anything waits for the release asked for: new notes for a pre-release; new or
    /// gathered ones for a release.
    package func isEmpty(preRelease: Bool) -> Bool { notes(preRelease: preRelease).isEmpty }

    /// The notes that count: since `stable`, whichever release is asked for, since the version
    /// moves by everything that changed since the last release users got.
    package func notes(preRelease: Bool) -> [Note] {
        preRelease && new.isEmpty ? [] : gathered + new
    }

    /// The bump the notes ask for: the largest of theirs; nil when none asks for a release.
    package func bump(preRelease: Bool) -> ReleaseVersion.Bump? {
        notes(preRelease: preRelease).compactMap(\.bump).max()
    }

    /// The notes that decided the bump: those asking for it.
    package func deciding(preRelease: Bool) -> [Note] {
        let bump = bump(preRelease: preRelease)
        return notes(preRelease: preRelease).filter { $0.bump == bump }
    }

    private static func note(_ fragment: Fragment) -> Note {
        let words = fragment.title ?? fragment.body.lines.first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        let location = SourceLocation(path: fragment.path, line: 1, column: 1)
        // The same mark in a fragment's text as in the notes it becomes.
        if fragment.isBreaking || fragment.body.blocks.contains(where: Self.marksBreaking) {
            return Note(bump: .major, kind: "breaking", text: shortened(words), location: location)
        }
        let setting = fragment.kind.versionBump
        return Note(
            bump: setting.map(\.asked) ?? .patch, kind: fragment.kind.name, text: shortened(words), location: location,
            hasRule: setting != nil)
    }

    /// A note per item of each row (one for a row without items); items marked BREAKING ask
    /// for a major release whatever their row.
    private static func notes(of release: Release, path: String, kinds: [ChangeKind]) -> [Note] {
        release.sections.flatMap { section -> [Note] in
            let location = SourceLocation(path: path, line: section.line, column: 1)
            var bump: ReleaseVersion.Bump? = .minor
            var name = "featured row"
            var hasRule = true
            if let project = ChangeKind.row(section, among: kinds) {
                (name, bump, hasRule) = (
                    project.name, project.versionBump.map(\.asked) ?? .patch, project.versionBump != nil
                )
            } else if let kind = section.kind {
                // A heading of no kind the notes know (`### Under the Hood`) is `other`, a patch:
                // on real changelogs that is what such rows were (a project's `kinds:` says otherwise).
                (name, bump) = (
                    kind == .other ? section.title.map { "“\($0)”" } ?? kind.rawValue : kind.rawValue,
                    kind.bump
                )
            }
            let items = section.body.blocks.flatMap { block -> [ListItem] in
                guard case .list(let list) = block.content else { return [] }
                return list.items
            }
            guard !items.isEmpty else {
                let words = section.title ?? section.content.plainText
                return [Note(bump: bump, kind: name, text: shortened(words), location: location, hasRule: hasRule)]
            }
            return items.map { item in
                let text = shortened(PlainText.of(item))
                let at = SourceLocation(path: path, line: item.line, column: 1)
                if BreakingMark.marks(item) { return Note(bump: .major, kind: "breaking", text: text, location: at) }
                // A dependency update gathered from another row (`**deps:** …` under Features) counts
                // as the sheet shows it, a dependency update; the explanation names where it stood.
                if let kind = section.itemKinds[item.line] {
                    return Note(
                        bump: bump, kind: "\(name), written under \(kind.rawValue)", text: text, location: at,
                        hasRule: hasRule)
                }
                return Note(bump: bump, kind: name, text: text, location: at, hasRule: hasRule)
            }
        }
    }

    /// A paragraph or a list item of a fragment's text that carries the breaking mark.
    private static func marksBreaking(_ block: Block) -> Bool {
        switch block.content {
        case .list(let list): list.items.contains(where: BreakingMark.marks)
        case .paragraph: BreakingMark.marks(ListItem(blocks: [block], line: block.line))
        default: false
        }
    }

    /// The first 60 characters of the first line.
    private static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = line.trimmedWhitespace()
        return trimmed.count > 60 ? String(trimmed.prefix(59)) + "…" : trimmed
    }
}
