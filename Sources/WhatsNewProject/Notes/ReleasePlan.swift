import WhatsNewModel

/// The version a release takes and the tag it is published under, decided from the notes
/// already read: given (`1.5.0`), or computed from what waits (`auto`, `major`, `minor`,
/// `patch`, each with `--pre beta`). `whatsnew next` prints it; `whatsnew release` writes it.
package struct ReleasePlan: Sendable {
    /// What the command line asked for.
    package enum Request: Sendable, Equatable {
        /// The bump the notes ask for.
        case auto
        /// This bump, whatever the notes ask for.
        case bump(ReleaseVersion.Bump)
        /// This version.
        case exact(String)

        /// `auto`, `major`, `minor`, `patch`, or a version.
        package init(_ argument: String) {
            switch argument.lowercased() {
            case "auto": self = .auto
            default: self = ReleaseVersion.Bump(name: argument).map(Request.bump) ?? .exact(argument)
            }
        }
    }

    /// The version to release.
    package var version: ReleaseVersion
    /// Its tag.
    package var tag: String
    /// The bump that gave it; nil for a version given.
    package var bump: ReleaseVersion.Bump?
    /// What waits, with the bump each note asks for.
    package var pending: PendingChanges
    /// Where the notes plan the version (`## 1.5.0 (unreleased)`), when they do.
    package var planned: SourceLocation?
    /// What the plan should say: a planned version smaller than the notes ask for.
    package var warnings: [Diagnostic] = []
    /// The tag with `build` where `tag:` names the build number (`v{version}+{build}`); an
    /// error naming `settings` when it does and the release has none.
    package func tag(build: String?, settings: String) throws(CommandFailure) -> String {
        guard tag.contains(VersionTemplate.build) else { return tag }
        guard let build else {
            throw CommandFailure(
                Diagnostic(
                    .configValue, at: SourceLocation(path: settings),
                    "`tag` names {build}, but this release has no build number; give --build N, or `build: increment` with a version file that keeps one"
                ))
        }
        return tag.replacing(VersionTemplate.build, with: build)
    }

    /// Whether the release is a pre-release.
    package var isPreRelease: Bool { version.isPreRelease }

    /// The plan for `request` on notes read from `path`.
    package static func make(
        _ request: Request, preRelease: String?, document: Document, path: String, fragments: [Fragment],
        project: Project, day: ReleaseDate, tags: [String]
    ) throws(CommandFailure) -> ReleasePlan {
        let config = project.config
        let versioning = config?.versioning ?? (config?.calendar != nil ? .calendar : .semver)
        let pending = PendingChanges(
            document: document, path: path, fragments: fragments, kinds: project.kinds,
            removalBreaksBelowOne: versioning == .semver)
        let template = TagName.template(for: document.releases, project: project, tags: tags)
        // Calendar versions are written as the settings say, else as the notes' releases are.
        let rule = NextVersion(versioning: versioning, calendar: config?.calendar, releases: document.releases)
        let bump: ReleaseVersion.Bump
        switch request {
        case .exact(let text):
            if preRelease != nil {
                throw CommandFailure(
                    Diagnostic(
                        .releaseOrder, at: SourceLocation(path: path),
                        "--pre goes with auto, major, minor or patch, not a version; write \(text) in full"))
            }
            guard let version = ReleaseVersion(text) else {
                throw CommandFailure(
                    Diagnostic(
                        .releaseOrder, at: SourceLocation(path: path),
                        "`\(text)` is not a version; give one such as 1.4.0, or auto"))
            }
            return ReleasePlan(version: version, tag: template.filled(version.text), bump: nil, pending: pending)
        case .auto:
            guard let asked = pending.bump(preRelease: preRelease != nil) else {
                throw nothing(pending, preRelease: preRelease, path: path, document: document)
            }
            bump = asked
        case .bump(let asked):
            bump = asked
        }
        // A version the notes plan is the one released; a bump bigger than it is said.
        if request == .auto, preRelease == nil, let index = ReleaseInProgress.index(in: document.releases),
            let written = document.releases[index].version
        {
            let planned = ReleaseInProgress.plannedRelease(of: written)
            let here = SourceLocation(path: path, line: document.releases[index].line, column: 1)
            var plan = ReleasePlan(
                version: planned, tag: template.filled(planned.text), bump: bump, pending: pending, planned: here)
            if let computed = try? rule.version(
                after: pending.stable, latestPreRelease: pending.latestPreRelease, bump: bump, on: day),
                computed.compare(to: planned) == .newer
            {
                plan.warnings.append(
                    Diagnostic(
                        .versionMismatch, at: here,
                        "the notes plan \(planned.text), but their changes ask for \(computed.text) (a \(bump) release); \(planned.text) it is"
                    ))
            }
            return plan
        }
        // Pre-releases of a version the notes plan lead to it.
        let plannedIndex = ReleaseInProgress.index(in: document.releases).flatMap {
            document.releases[$0].version == nil ? nil : $0
        }
        let planned = plannedIndex.flatMap { document.releases[$0].version }.map(ReleaseInProgress.plannedRelease(of:))
        do {
            let version = try rule.version(
                after: pending.stable, latestPreRelease: pending.latestPreRelease, bump: bump, preRelease: preRelease,
                on: day, named: request != .auto, counterStartsAtZero: pending.countsPreReleasesFromZero,
                planned: preRelease == nil ? nil : planned, styledAfter: pending.newestPreReleaseEver)
            var plan = ReleasePlan(version: version, tag: template.filled(version.text), bump: bump, pending: pending)
            if preRelease != nil, let planned, let plannedIndex,
                ReleaseVersion(version.numbersText)?.compare(to: planned) == .same
            {
                plan.planned = SourceLocation(path: path, line: document.releases[plannedIndex].line, column: 1)
            }
            return plan
        } catch {
            let message =
                switch error {
                case .badPreReleaseName(let name): "--pre takes a name such as beta or rc, not `\(name)`"
                case .preReleaseNotNewer(let proposed, let latest):
                    "\(proposed) would come before \(latest), the latest pre-release; give --pre a later name (rc after beta)"
                case .calendarBehind(let proposed, let latest):
                    "\(proposed) would not come after the latest release, \(latest); check the date (--date)"
                }
            throw CommandFailure(Diagnostic(.releaseOrder, at: SourceLocation(path: path), message))
        }
    }

    /// The bump from `stable` to `version`: the first number that differs (a pre-release's line
    /// counts as its numbers).
    private static func moved(from stable: ReleaseVersion, to version: ReleaseVersion) -> ReleaseVersion.Bump? {
        ReleaseVersion.firstDifference(stable.numbers, version.numbers).map {
            ReleaseVersion.Bump(position: $0.position)
        }
    }

    private static func nothing(_ pending: PendingChanges, preRelease: String?, path: String, document: Document)
        -> CommandFailure
    {
        let since = pending.latestPreRelease.map { preRelease != nil ? " since \($0.text)" : "" } ?? ""
        let what =
            pending.new.isEmpty
            ? "no fragments and no unreleased changes in the notes\(since)"
            : "only notes that ask for no new version (bump: none)"
        // The latest release written without a date may be one still to come (pocket-casts' `7.76`).
        let latest = (pending.latestPreRelease ?? pending.stable).flatMap { version in
            document.releases.first { !$0.isUnreleased && $0.version?.compare(to: version) == .same }
        }
        if pending.new.isEmpty, let latest, latest.date == nil, let version = latest.version {
            return CommandFailure(
                Diagnostic(
                    .releaseEmpty, at: SourceLocation(path: path, line: latest.line, column: 1),
                    "there is nothing to release: \(version.text) here has no date and reads as released; if it is still to come, write `\(version.text) (unreleased)` in its heading, else add a note with `whatsnew new`"
                ))
        }
        return CommandFailure(
            Diagnostic(
                .releaseEmpty, at: SourceLocation(path: path),
                "there is nothing to release: \(what); add a note with `whatsnew new`"))
    }

    /// Why the version is what it is, a line per note that decided it, for `--explain`.
    package func explanation() -> [String] {
        guard let bump else { return ["\(version.text): the version asked for"] }
        if let planned {
            let of = isPreRelease ? "a pre-release of \(version.numbersText), " : ""
            return ["\(version.text): \(of)planned in the notes (\(planned))"]
        }
        let lines = pending.deciding(preRelease: isPreRelease).map { note in
            "  \(note.location): \(note.kind)\(note.hasRule ? "" : " (no bump rule; counted as a patch)"): \(note.text)"
        }
        let count = pending.notes(preRelease: isPreRelease).count
        let asked = "the notes ask for a \(bump) release"
        guard let stable = pending.stable else {
            return ["\(version.text): the first release; \(asked), decided by \(lines.count) of \(count) notes:"]
                + lines
        }
        // What moved, which below 1.0.0 or after pre-releases is not what the notes asked.
        var how = "\(asked) after \(stable.text)"
        if let latest = pending.latestPreRelease, let moved = Self.moved(from: stable, to: version), moved > bump {
            // Pre-releases of a bigger line (`release minor --pre beta`, then fixes) set the numbers.
            let line = ReleaseVersion(version.numbersText)?.text ?? version.text
            let of = line == version.text ? "" : "a pre-release of \(line), "
            return [
                "\(version.text): \(of)the version the pre-releases lead to (\(latest.text) is the latest); the notes since \(stable.text) ask for a \(bump) release alone, decided by \(lines.count) of \(count) notes:"
            ] + lines
        } else if let latest = pending.latestPreRelease {
            how += " (\(latest.text) is the latest pre-release)"
        } else if stable.numbers.first == 0, bump != .patch, version.numbers.first == 0 {
            how += " (below 1.0.0, one number lower)"
        }
        return ["\(version.text): \(how), decided by \(lines.count) of \(count) notes:"] + lines
    }
}
