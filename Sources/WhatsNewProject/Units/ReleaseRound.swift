import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

/// The releases one run makes, planned before anything is written: each chosen unit with
/// notes waiting, and each unit that uses one of them (`uses:`), which gets a patch release
/// with a row saying so, as changesets gives dependents. `next` prints the round; `release`
/// writes it in one step.
package struct ReleaseRound {
    /// One unit's release.
    package struct Entry {
        /// The project speaking for the unit.
        package var project: Project
        /// Its notes and the fragments waiting for it.
        package var waiting: Notes.Waiting
        /// The version and tag.
        package var plan: ReleasePlan
        /// The notes written into the release: its fragments, and a row per package it uses
        /// that this round releases.
        package var fragments: [Fragment]
        /// The packages it uses that this round releases: why a unit not chosen is released.
        package var follows: [String] = []
        /// Whether the run asked for it; false for a unit released because it uses one that was.
        package var isChosen: Bool
    }

    /// The releases, in the settings' order of the units.
    package var entries: [Entry]
    /// What reading the notes and the fragments found, each once.
    package var findings: [Diagnostic]

    /// The round for `project`'s chosen units: `request` for each (`auto` skips a unit with
    /// nothing to release when several are chosen; one chosen unit with nothing is an error).
    package static func plan(
        _ request: ReleasePlan.Request, preRelease: String?, in project: Project, notes: String?,
        notesRequest: NotesRequest,
        day: ReleaseDate, missingIsEmpty: Bool, console: Console
    ) throws(CommandFailure) -> ReleaseRound {
        var findings: [Diagnostic] = []
        var seen: Set<String> = []
        var folders: [String: (fragments: [Fragment], diagnostics: [Diagnostic])] = [:]
        func read(_ unit: Project) throws(CommandFailure) -> Notes.Waiting {
            let path = try unit.admittedNotes(notes)
            let waiting = try Notes.waiting(
                at: path, in: unit, request: notesRequest, missingIsEmpty: missingIsEmpty || notes == nil,
                console: console,
                folders: &folders)
            let found =
                waiting.file.reading.errors + waiting.findings
                + FragmentLinter(icons: waiting.catalog).check(
                    waiting.fragments, unreleased: waiting.file.document.releaseInProgress)
            findings += found.filter { seen.insert($0.description).inserted }
            return waiting
        }
        func planned(_ unit: Project, _ waiting: Notes.Waiting, _ fragments: [Fragment], _ request: ReleasePlan.Request)
            throws(CommandFailure) -> ReleasePlan
        {
            try ReleasePlan.make(
                request, preRelease: preRelease, document: waiting.file.document, path: waiting.file.source.path,
                fragments: fragments, project: unit, day: day, tags: unit.tags(near: waiting.file.source.path))
        }
        let several = project.selection.count > 1
        var entries: [Entry] = []
        var nothing: CommandFailure?
        for unit in project.each {
            let waiting = try read(unit)
            if findings.contains(where: { $0.severity == .error }) { throw CommandFailure(findings) }
            do {
                let plan = try planned(unit, waiting, waiting.fragments, request)
                entries.append(
                    Entry(project: unit, waiting: waiting, plan: plan, fragments: waiting.fragments, isChosen: true))
            } catch  where several && error.diagnostics.contains(where: { $0.rule == .releaseEmpty }) {
                nothing = nothing ?? error
            }
        }
        // Of several packages, none with anything to release is as much nothing as one without.
        if entries.isEmpty, let nothing {
            throw CommandFailure(
                nothing.diagnostics.map { finding in
                    Diagnostic(
                        .releaseEmpty, at: finding.location,
                        "there is nothing to release in any of the packages chosen; add a note with `whatsnew new --package NAME`"
                    )
                })
        }
        // Every unit that uses one released here is released too, until none is left.
        var released = Set(entries.compactMap(\.project.unit.name))
        var grew = project.hasPackages
        while grew {
            grew = false
            for unit in project.units where unit.name.map({ !released.contains($0) }) ?? false {
                let follows = unit.uses.filter(released.contains)
                guard !follows.isEmpty else { continue }
                let scoped = project.scoped(to: unit)
                let waiting = try read(scoped)
                if findings.contains(where: { $0.severity == .error }) { throw CommandFailure(findings) }
                // Placeholders stand for the rows until every version is known: a row is a patch whatever it says.
                let rows = try follows.map { name throws(CommandFailure) in try dependencyRow(name, "0", for: scoped) }
                let plan = try planned(scoped, waiting, waiting.fragments + rows, .auto)
                entries.append(
                    Entry(project: scoped, waiting: waiting, plan: plan, fragments: waiting.fragments, isChosen: false))
                released.insert(unit.name ?? "")
                grew = true
            }
        }
        // The rows, now that each version is known: also in chosen units that use one released here.
        let versions = Dictionary(
            entries.compactMap { entry in entry.project.unit.name.map { ($0, entry.plan.version.text) } }
        ) { a, _ in a }
        for index in entries.indices {
            let unit = entries[index].project.unit
            let follows = unit.uses.filter { versions[$0] != nil }
            entries[index].follows = follows
            // A chosen unit's plan stands: with notes of its own, its bump is a patch or more.
            for name in follows {
                entries[index].fragments.append(try dependencyRow(name, versions[name]!, for: entries[index].project))
            }
        }
        let order = project.units.compactMap(\.name)
        entries.sort {
            (order.firstIndex(of: $0.project.unit.name ?? "") ?? 0)
                < (order.firstIndex(of: $1.project.unit.name ?? "") ?? 0)
        }
        return ReleaseRound(entries: entries, findings: findings)
    }

    /// The row a unit's release gets for a package it uses that this round releases.
    private static func dependencyRow(_ name: String, _ version: String, for unit: Project) throws(CommandFailure)
        -> Fragment
    {
        // Named to sort after every written note, which start with the time they were written.
        let path = "~dependency-\(name.replacing("/", with: "-")).md"
        // Written as every fragment is, by the one fragment writer.
        var note = FragmentText(kind: SectionKind.dependencies.rawValue)
        note.packages = [unit.unit.name ?? ""]
        note.body = "Updated \(name) to \(version).\n"
        let text = note.text
        let source: SourceFile
        do {
            source = try SourceFile(path: path, bytes: Array(text.utf8))
        } catch {
            throw CommandFailure(error)
        }
        guard var fragment = unit.fragmentReader.read(source).fragment else {
            throw CommandFailure(message: "whatsnew: error: the row for \(name) \(version) could not be made")
        }
        fragment.isFile = false
        return fragment
    }

    /// Whether `fragment` is a row this round made or a note drafted from a commit, rather
    /// than a file.
    package static func isMade(_ fragment: Fragment) -> Bool { !fragment.isFile }
}
