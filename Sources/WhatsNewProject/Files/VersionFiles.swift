import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of `version-files:`, read and, for a release, changed at the version's place and
/// nowhere else. Every problem is found before anything is written, so a release that cannot
/// write them all writes none.
package struct VersionFiles {
    /// One file as read.
    package struct Entry {
        /// The setting that names it.
        package var setting: VersionFileSetting
        /// The path from here.
        package var path: String
        /// The file read; nil when it could not be (see the findings).
        package var file: VersionFile?
        /// The lock files that record this package's version, moved with it.
        package var companions: [Companion] = []
        /// The lock file beside (or above) it, absolute, whether or not it moves now.
        var lock: String?
    }

    /// A lock file that records a version file's package (Cargo.lock, package-lock.json): its
    /// places holding the version the manifest holds now.
    package struct Companion {
        package var path: String
        package var bytes: [UInt8]
        package var places: [VersionPlace]
    }

    /// A file a release changes: where, and its bytes before and after.
    package struct Change {
        package var path: String
        package var before: [UInt8]
        package var after: [UInt8]
    }

    /// Every file, in the order the settings list them.
    package let entries: [Entry]
    /// What reading them found: files missing, read-only, of no known kind, without a version,
    /// or with two where one belongs.
    package let findings: [Diagnostic]

    /// Reads the files `project`'s settings list.
    package init(project: Project) {
        var reading = VersionFileReading(project: project)
        var entries = Self.settings(of: project).map { reading.read($0) }
        let listsWorkspace = reading.followWorkspaces(in: &entries)
        var findings = reading.findings
        let (members, followerFiles) = (listsWorkspace ? reading.members : [], reading.followerFiles)
        for index in entries.indices {
            guard let file = entries[index].file else { continue }
            entries[index].companions = Self.companions(
                of: file, at: entries[index].path, in: project, members: members,
                findings: &findings,
                lock: &entries[index].lock)
        }
        Self.movePins(among: &entries)
        Self.moveCargoPins(
            among: &entries, members: members, followerFiles: followerFiles, in: project)
        if findings.isEmpty { findings += Self.unsetBuildSettings(in: entries) }
        self.entries = entries
        companionPaths = Self.everyCompanion(of: entries, followerFiles: followerFiles, in: project)
        self.findings = findings
    }

    /// npm packages released together pin each other exactly (a binary's platform packages in
    /// `optionalDependencies`): those pins move with them.
    private static func movePins(among entries: inout [Entry]) {
        let npm = entries.indices.filter { entries[$0].file?.format == .packageJSON }
        let packageNames = npm.compactMap { index -> String? in
            guard let bytes = entries[index].file?.bytes else { return nil }
            return (try? JSONPathScanner(bytes: bytes).places(at: ["name"]))?.first?.value
        }
        for index in npm {
            guard let file = entries[index].file, let held = file.version else { continue }
            var places: [VersionPlace] = []
            for table in ["dependencies", "optionalDependencies", "peerDependencies", "devDependencies"] {
                for name in packageNames {
                    places += ((try? JSONPathScanner(bytes: file.bytes).places(at: [table, name])) ?? []).filter {
                        $0.value == held
                    }
                }
            }
            if !places.isEmpty {
                entries[index].companions.append(
                    Companion(path: entries[index].path, bytes: file.bytes, places: places))
            }
        }
    }

    /// The crates moved together pin each other's versions beside their paths, as do the
    /// members of a workspace whose Cargo.lock moves with it (as `cargo set-version` does):
    /// those move too.
    private static func moveCargoPins(
        among entries: inout [Entry], members: [String], followerFiles: [(String, [UInt8])], in project: Project
    ) {
        let cargo = entries.indices.filter { entries[$0].file?.format == .cargo }
        let names = Set(
            cargo.compactMap {
                entries[$0].file.flatMap { TOMLManifest(bytes: $0.bytes).string("name", inFirstOf: ["package"]) }
            }
                + members)
        for index in cargo {
            guard let file = entries[index].file, let held = file.version else { continue }
            let manifests =
                [(entries[index].path, file.bytes)]
                + (Self.isWorkspaceRoot(file.bytes) ? followerFiles : [])
            let workspace = entries[index].companions.filter { $0.path.hasSuffix("Cargo.lock") }.flatMap { lock in
                let real = ProjectBoundary.real(lock.path)
                return CargoWorkspace.manifests(root: String(real.dropLast("Cargo.lock".count))).compactMap {
                    member -> (String, [UInt8])? in
                    guard project.boundary.problem(with: member, from: .repository, what: "workspace member") == nil,
                        let bytes = ContentFingerprint.contents(of: member)
                    else { return nil }
                    return (Self.fromHere(member), bytes)
                }
            }
            for (path, bytes) in manifests + workspace {
                let places = TOMLManifest(bytes: bytes).pathDependencyVersions(on: names).filter { $0.value == held }
                if !places.isEmpty {
                    entries[index].companions.append(Companion(path: path, bytes: bytes, places: places))
                }
            }
        }
    }

    /// Files that only name build settings write nothing: the file setting them must be listed.
    private static func unsetBuildSettings(in entries: [Entry]) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        if !entries.isEmpty, !entries.contains(where: { $0.file?.version != nil }) {
            for entry in entries {
                let key = entry.file?.format.key(of: .version)
                guard let file = entry.file,
                    let reference = file.references.first(where: { $0.key == key }) ?? file.references.first
                else { continue }
                let problem = VersionFileProblem(
                    at: reference.range.lowerBound,
                    "`\(reference.key)` is \(reference.value), a build setting, and no file of version-files sets it; list the file that does (an .xcconfig or project.pbxproj)"
                )
                findings.append(problem.diagnostic(path: entry.path, bytes: file.bytes))
            }
        }
        return findings
    }

    /// What a release may write besides the listed files, whatever the files say now: a release
    /// cut short leaves them half moved, and recovery must know every one.
    private static func everyCompanion(
        of entries: [Entry], followerFiles: [(String, [UInt8])], in project: Project
    ) -> Set<String> {
        var companionPaths = Set(
            entries.flatMap { $0.companions.map { ProjectBoundary.real($0.path) } } + entries.compactMap(\.lock))
        companionPaths.formUnion(followerFiles.map { ProjectBoundary.real($0.0) })
        for lock in entries.compactMap(\.lock) where lock.hasSuffix("/Cargo.lock") {
            companionPaths.formUnion(
                CargoWorkspace.manifests(root: String(lock.dropLast("Cargo.lock".count))).filter { member in
                    project.boundary.problem(with: member, from: .repository, what: "workspace member") == nil
                }.map(ProjectBoundary.real))
        }
        return companionPaths
    }

    /// The lock files beside (or above, up to the project's folder) a manifest at `path` that
    /// record its package at the version it holds now.
    private static func companions(
        of file: VersionFile, at path: String, in project: Project, members: [String], findings: inout [Diagnostic],
        lock found: inout String?
    ) -> [Companion] {
        guard let held = file.version else { return [] }
        let lockName: String
        switch file.format {
        case .cargo: lockName = "Cargo.lock"
        case .packageJSON: lockName = "package-lock.json"
        default: return []
        }
        let manifestFolder = ProjectBoundary.real(parentFolder(of: path))
        let root = project.boundary.root
        var folder = manifestFolder
        while folder.hasPrefix(root) {
            let lock = folder + "/" + lockName
            if FileKind(of: lock) == .regularFile,
                project.boundary.problem(with: lock, from: .repository, what: "lock file") == nil,
                let bytes = ContentFingerprint.contents(of: lock)
            {
                found = lock
                let member = manifestFolder == folder ? "" : String(manifestFolder.dropFirst(folder.count + 1))
                var places: [VersionPlace] = []
                if file.format == .cargo {
                    // The crate itself and, for a workspace's manifest, the members that follow it.
                    let own = TOMLManifest(bytes: file.bytes).string("name", inFirstOf: ["package"]).map { [$0] } ?? []
                    let follows = Self.isWorkspaceRoot(file.bytes) ? members : []
                    places = (own + follows).flatMap { LockFile.cargoPlaces(in: bytes, package: $0) }
                } else {
                    do throws(VersionFileProblem) {
                        places = try LockFile.npmPlaces(in: bytes, member: member)
                    } catch {
                        findings.append(error.diagnostic(path: lock, bytes: bytes))
                    }
                }
                // Only entries that agree with the manifest: a stale lock is `npm install`'s to mend.
                places = places.filter { $0.value == held }
                return places.isEmpty ? [] : [Companion(path: Self.fromHere(lock), bytes: bytes, places: places)]
            }
            let parent = parentFolder(of: folder)
            guard folder != root, parent != folder else { break }
            folder = parent
        }
        return []
    }

    /// A member's Cargo.toml that takes its version from the workspace (`version.workspace = true`).
    fileprivate static func followsWorkspace(_ bytes: [UInt8]) -> Bool {
        do throws(VersionFileProblem) {
            _ = try VersionFile(bytes: bytes, format: .cargo)
            return false
        } catch {
            return error.followsWorkspace
        }
    }

    /// A Cargo.toml that keeps its members' version (`[workspace.package] version`).
    fileprivate static func isWorkspaceRoot(_ bytes: [UInt8]) -> Bool {
        TOMLManifest(bytes: bytes).string("version", inFirstOf: ["workspace.package"]) != nil
    }

    /// An absolute path named from here, as the version files are, when it is below here.
    fileprivate static func fromHere(_ path: String) -> String {
        let here = ProjectBoundary.real(".") + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }

    /// The files a unit's version is written to: `version-files:`; for a package that lists
    /// none, its manifest (package.json, Cargo.toml, pyproject.toml) when that holds a version
    /// of its own, as npm, Cargo and Python packages keep it.
    package static func settings(of project: Project) -> [VersionFileSetting] {
        guard let own = project.unit.own, !own.written.contains("version-files"), let folder = own.folder else {
            return project.config?.versionFiles ?? []
        }
        for manifest in ["package.json", "Cargo.toml", "pyproject.toml"] {
            let written = (folder.hasSuffix("/") ? folder : folder + "/") + manifest
            let path = project.resolve(written) ?? written
            guard let format = VersionFileFormat(path: path, pattern: nil),
                let bytes = ContentFingerprint.contents(of: path),
                (try? VersionFile(bytes: bytes, format: format))?.version != nil
            else { continue }
            let place = project.unit.place
            return [VersionFileSetting(path: written, pattern: nil, line: place?.line ?? 1, column: place?.column ?? 1)]
        }
        return []
    }

    /// Where a version file is, absolute with links resolved; nil when that is outside the
    /// project (the folder of `.whatsnew.yml`) or inside `.git`.
    package static func place(of setting: VersionFileSetting, in project: Project) -> String? {
        let path = project.resolve(setting.path) ?? setting.path
        guard project.boundary.problem(with: path, from: .repository, what: "version file") == nil else { return nil }
        // As the journal names it, so the two compare equal.
        return ProjectBoundary.real(path)
    }

    /// The version the files hold, when they agree on one.
    package var version: String? {
        let versions = Set(entries.compactMap { $0.file?.version })
        return versions.count == 1 ? versions.first : nil
    }

    /// The changes a release of `version` makes, with `build` as the build number (nil: the
    /// build numbers stay; `increment`: one more than the largest the files hold). A file that
    /// holds a newer version is refused unless `allowsBehind`.
    package func changes(version: ReleaseVersion, build: String?, incrementsBuild: Bool, allowsBehind: Bool = false)
        throws(CommandFailure)
        -> [Change]
    {
        if !findings.isEmpty { throw CommandFailure(findings, notes: ["nothing was changed"]) }
        guard !entries.isEmpty else { return [] }
        let here = SourceLocation(path: entries[0].path)
        guard VersionFile.canHold(version.text) else {
            throw CommandFailure(
                Diagnostic(
                    .versionFile, at: here,
                    "`\(version.text)` cannot be written as a version: it holds more than letters, digits, `.`, `-`, `+` and `_`"
                ))
        }
        // Every file takes the version in a form its ecosystem accepts, or none is written.
        let refused = entries.compactMap { entry -> Diagnostic? in
            guard let file = entry.file, let refusal = file.refusal(of: version) else { return nil }
            let message =
                "\(version.text) cannot be written here: \(refusal.reason); release a version this file's ecosystem accepts"
            return VersionFileProblem(at: file.versionPlaces.first?.range.lowerBound, message).diagnostic(
                path: entry.path, bytes: file.bytes)
        }
        if !refused.isEmpty { throw CommandFailure(refused, notes: ["nothing was changed"]) }
        if !allowsBehind {
            let ahead = entries.compactMap { entry in aheadProblem(entry, of: version) }
            if !ahead.isEmpty { throw CommandFailure(ahead, notes: ["nothing was changed"]) }
        }
        let number = try buildNumber(given: build, incrementsBuild: incrementsBuild)
        // Every edit of one file, as ranges of the bytes read, applied together: a lock file or
        // a manifest may take edits for several packages.
        var files: [String: (path: String, before: [UInt8], edits: [(range: Range<Int>, text: String)])] = [:]
        var order: [String] = []
        func edit(_ path: String, _ bytes: [UInt8], _ more: [(range: Range<Int>, text: String)]) {
            let key = ProjectBoundary.real(path)
            if files[key] == nil {
                files[key] = (path, bytes, [])
                order.append(key)
            }
            files[key]!.edits += more
        }
        for entry in entries {
            guard let file = entry.file else { continue }
            let text = file.text(of: version)
            edit(entry.path, file.bytes, file.edits(version: text, build: number))
            for companion in entry.companions {
                edit(
                    companion.path, companion.bytes,
                    companion.places.map { (range: $0.range, text: $0.replacement(text)) })
            }
        }
        return order.compactMap { key in
            let (path, before, edits) = files[key]!
            let after = VersionFile.applying(edits, to: before)
            return after == before ? nil : Change(path: path, before: before, after: after)
        }
    }

    /// The build number a release writes: `build` as given, or with `incrementsBuild` one more
    /// than the largest the files hold; nil when neither.
    package func buildNumber(given build: String?, incrementsBuild: Bool) throws(CommandFailure) -> String? {
        let here = SourceLocation(path: entries.first?.path ?? ProjectConfig.fileName)
        var number = build
        if number == nil, incrementsBuild, !entries.isEmpty {
            let builds = entries.compactMap { $0.file?.build }
            guard !builds.isEmpty, let largest = builds.compactMap({ Int($0) }).max(),
                builds.allSatisfy({ Int($0) != nil })
            else {
                throw CommandFailure(
                    Diagnostic(
                        .versionFile, at: here,
                        builds.isEmpty
                            ? "`build: increment` finds no build number in version-files (CURRENT_PROJECT_VERSION, CFBundleVersion)"
                            : "`build: increment` needs whole numbers, but the build numbers are \(Set(builds).sorted().joined(separator: ", ")); give --build"
                    ))
            }
            number = String(largest + 1)
        }
        if let number,
            !number.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }) || number.isEmpty
        {
            throw CommandFailure(
                Diagnostic(.versionFile, at: here, "a build number is digits and dots, not `\(number)`"))
        }
        return number
    }

    /// The files a release of the project may write beside its version files, absolute: the
    /// lock files, and the manifests of a workspace whose lock moves.
    package let companionPaths: Set<String>

    /// What a release of `version` would refuse because a file is ahead of it, as warnings for
    /// `next`, which says so before anyone runs the release.
    package func ahead(of version: ReleaseVersion) -> [Diagnostic] {
        entries.compactMap { aheadProblem($0, of: version, consequence: "releasing it would move the file back") }.map {
            problem in
            var warning = problem
            warning.severity = .warning
            return warning
        }
    }

    /// Why `entry` would move back: it already holds a version newer than `version` as it
    /// would be written there. A file holding the version a pre-release leads to (2.5.0 or
    /// Poetry's 2.5.0.dev0 for 2.5.0-beta.1) is where that pre-release belongs.
    private func aheadProblem(
        _ entry: Entry, of version: ReleaseVersion, consequence: String = "the release would move it back"
    ) -> Diagnostic? {
        guard let file = entry.file, let place = file.versionPlaces.first, let held = ReleaseVersion(place.value),
            let wanted = ReleaseVersion(file.text(of: version)), held.compare(to: wanted) == .newer
        else { return nil }
        if !wanted.prerelease.isEmpty, let numbers = ReleaseVersion(held.numbersText),
            let leads = ReleaseVersion(wanted.numbersText),
            numbers.compare(to: leads) == .same
        {
            return nil
        }
        let problem = VersionFileProblem(
            at: place.range.lowerBound,
            "`\(place.key)` says \(place.value), newer than the release \(wanted.text), so \(consequence); release \(held.numbersText) or newer, or pass --allow-behind to write \(wanted.text) anyway"
        )
        return problem.diagnostic(path: entry.path, bytes: file.bytes)
    }

    /// Files whose version is not the notes' latest release (`MARKETING_VERSION` says 1.4.1, the
    /// notes 1.4.0) nor the one they plan next, with the files' own problems first.
    package func lint(latest: ReleaseVersion?, planned: ReleaseVersion? = nil) -> [Diagnostic] {
        guard let latest else { return findings }
        var found = findings
        for entry in entries {
            guard let file = entry.file, let place = file.versionPlaces.first else { continue }
            // As a release would write it there (an App Store app's file holds the numbers alone).
            let expected = file.text(of: latest)
            guard let written = ReleaseVersion(place.value), let wanted = ReleaseVersion(expected),
                written.compare(to: wanted) != .same
            else { continue }
            // A file already at the version the notes plan is ahead on purpose.
            if let planned, let next = ReleaseVersion(file.text(of: planned)), written.compare(to: next) == .same {
                continue
            }
            let form = expected == latest.text ? "" : " (\(expected) in this file)"
            let problem = VersionFileProblem(
                at: place.range.lowerBound,
                "`\(place.key)` says \(place.value), but the notes' latest release is \(latest.text)\(form); release with `whatsnew release`, which writes both"
            )
            found.append(problem.diagnostic(path: entry.path, bytes: file.bytes, rule: .versionMismatch))
        }
        return found
    }

    /// A warning when a build number is given but no file keeps one.
    package func unwrittenBuild(_ build: String?, settings: String) -> Diagnostic? {
        guard let build, !entries.isEmpty, !entries.contains(where: { !($0.file?.buildPlaces.isEmpty ?? true) }) else {
            return nil
        }
        var warning = Diagnostic(
            .versionFile, at: SourceLocation(path: settings),
            "build \(build) is written nowhere: no file of version-files keeps a build number (CURRENT_PROJECT_VERSION, CFBundleVersion)"
        )
        warning.severity = .warning
        return warning
    }

    /// A change as a diff of the lines it touches, for `--dry-run`.
    package static func diff(_ change: Change) -> String {
        let old = change.before.split(separator: 0x0A, omittingEmptySubsequences: false)
        let new = change.after.split(separator: 0x0A, omittingEmptySubsequences: false)
        var text = "--- a/\(change.path)\n+++ b/\(change.path)\n"
        for (index, (before, after)) in zip(old, new).enumerated() where before != after {
            text += "@@ -\(index + 1) +\(index + 1) @@\n"
            text += "-" + String(decoding: before, as: UTF8.self) + "\n"
            text += "+" + String(decoding: after, as: UTF8.self) + "\n"
        }
        return text
    }
}

/// The files of `version-files:` read one by one, with what reading them found.
private struct VersionFileReading {
    let project: Project
    let settingsPath: String
    /// The notes and the fragments are the release's own files, written another way.
    let notes: String
    let fragments: String
    var findings: [Diagnostic] = []
    /// Members that follow their workspace: said only if the workspace's own manifest is not
    /// listed as well.
    var followers: [Diagnostic] = []
    var members: [String] = []
    var followerFiles: [(String, [UInt8])] = []
    var seen: Set<String> = []

    init(project: Project) {
        self.project = project
        settingsPath = project.config?.path ?? ProjectConfig.fileName
        notes = ProjectBoundary.real(project.notesPath)
        fragments = ProjectBoundary.real(project.fragmentsPath) + "/"
    }

    /// One listed file, read; what is wrong with it is among the findings.
    mutating func read(_ setting: VersionFileSetting) -> VersionFiles.Entry {
        let path = project.resolve(setting.path) ?? setting.path
        let here = SourceLocation(path: settingsPath, line: setting.line, column: setting.column)
        var entry = VersionFiles.Entry(setting: setting, path: path, file: nil)
        guard
            let format = VersionFileFormat(
                path: path, pattern: setting.pattern.flatMap(VersionTemplate.init), targets: setting.targets)
        else {
            findings.append(
                Diagnostic(
                    .versionFile, at: here,
                    "whatsnew does not know where \(setting.path) keeps its version; give it a pattern: `{ file: \(setting.path), pattern: 'version = \"{version}\"' }`"
                ))
            return entry
        }
        // The settings come with the repository, so a file they name stays inside it.
        guard let real = VersionFiles.place(of: setting, in: project) else {
            findings.append(
                Diagnostic(
                    .versionFile, at: here,
                    "version file \(setting.path) is outside the project or inside .git; whatsnew writes versions in the project's own files only"
                ))
            return entry
        }
        guard real != notes, !real.hasPrefix(fragments) else {
            findings.append(
                Diagnostic(
                    .versionFile, at: here,
                    "version file \(setting.path) is \(real == notes ? "the notes file" : "in the fragments folder"), which a release writes as notes; list the file that keeps the version"
                ))
            return entry
        }
        guard seen.insert(real).inserted else {
            findings.append(
                Diagnostic(
                    .versionFile, at: here, "version file \(setting.path) is listed twice; list each file once"))
            return entry
        }
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            let bytes = ContentFingerprint.contents(of: path)
        else {
            let reason = ProjectFiles.exists(path) ? "cannot be read as a file" : "does not exist"
            findings.append(Diagnostic(.versionFile, at: here, "version file \(setting.path) \(reason)"))
            return entry
        }
        // Renaming over a read-only file would succeed; a file made read-only is left alone.
        if status.st_mode & 0o222 == 0 || access(path, W_OK) != 0 {
            findings.append(
                Diagnostic(
                    .versionFile, at: SourceLocation(path: path),
                    "is read-only, so the release cannot write its version; make it writable or leave it out of version-files"
                ))
        }
        do throws(VersionFileProblem) {
            entry.file = try VersionFile(bytes: bytes, format: format, form: VersionForm(path: path))
        } catch  where error.followsWorkspace {
            // Said only if the workspace's own manifest is not listed as well (followWorkspaces).
            followers.append(error.diagnostic(path: path, bytes: bytes))
            if let name = TOMLManifest(bytes: bytes).string("name", inFirstOf: ["package"]) { members.append(name) }
            followerFiles.append((path, bytes))
        } catch {
            findings.append(error.diagnostic(path: path, bytes: bytes))
        }
        return entry
    }

    /// A member that follows its workspace is written through the workspace's manifest: when
    /// a listed Cargo manifest is a workspace's root, the listed followers leave the findings
    /// and the entries, and every member that follows it moves with it, listed or not, as
    /// `cargo set-version --workspace` moves them (its Cargo.lock entry and the pins on it).
    /// Whether a workspace is listed.
    mutating func followWorkspaces(in entries: inout [VersionFiles.Entry]) -> Bool {
        let roots = entries.filter { entry in
            entry.file.map { $0.format == .cargo && VersionFiles.isWorkspaceRoot($0.bytes) } == true
        }
        guard !roots.isEmpty else {
            findings += followers
            return false
        }
        entries.removeAll { entry in entry.file == nil && followers.contains { $0.location.path == entry.path } }
        for root in roots {
            let folder = ProjectBoundary.real(parentFolder(of: root.path))
            var known = Set(followerFiles.map { ProjectBoundary.real($0.0) })
            for manifest in CargoWorkspace.manifests(root: folder + "/").dropFirst()
            where known.insert(ProjectBoundary.real(manifest)).inserted {
                guard project.boundary.problem(with: manifest, from: .repository, what: "workspace member") == nil,
                    let bytes = ContentFingerprint.contents(of: manifest), VersionFiles.followsWorkspace(bytes)
                else { continue }
                if let name = TOMLManifest(bytes: bytes).string("name", inFirstOf: ["package"]) { members.append(name) }
                followerFiles.append((VersionFiles.fromHere(manifest), bytes))
            }
        }
        return true
    }
}
