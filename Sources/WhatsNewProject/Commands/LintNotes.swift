import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering
import WhatsNewSchema

/// `whatsnew lint`: every problem in the notes, their translations and their fragments, and
/// in the project's settings.
package struct LintNotes {
    /// The files to check; none for the project's notes.
    package var inputs: [String] = []
    /// `--strict`: warnings fail too.
    package var strict = false
    /// `--format json`: the report as JSON.
    package var json = false
    /// `--icons`.
    package var iconMap: String?
    /// `--max-size`.
    package var maximumSize: Int?
    /// `--locales-dir`.
    package var localesDirectory: String?

    package init() {}

    /// Writes the report; fails (exit 1) on an error, or with `strict` on a warning.
    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        var diagnostics: [Diagnostic] = []
        var linter = Linter()
        // The project's settings are checked with the notes, and supply what the command line does not.
        var asked = NotesRequest()
        (asked.iconMap, asked.localesDirectory, asked.maximumSize) = (self.iconMap, self.localesDirectory, maximumSize)
        let request = asked.resolved(in: project)
        let (iconMap, localesDirectory) = (request.iconMap, request.localesDirectory)
        var strict = self.strict
        if let settings = project.settings {
            diagnostics += settings.diagnostics
            strict = strict || settings.config.strictLint == true
            linter.audiences = settings.config.audiences
            linter.platforms = settings.config.platforms
            linter.icons = linter.icons.adding(settings.config.icons)
            diagnostics += linter.unknownIcons(in: settings.config.icons, path: settings.config.path)
        }
        // Each file read is the project's own, or one the command line names (``ProjectBoundary``).
        let boundary = project.boundary
        let origin: ProjectBoundary.Origin = self.inputs.isEmpty ? .repository : .commandLine
        // A path from the settings was reported with the settings; it is only not read.
        func admitted(_ path: String, _ what: String, from origin: ProjectBoundary.Origin, reported: Bool = true)
            -> Bool
        {
            guard path != "-", let problem = boundary.problem(with: path, from: origin, what: what) else { return true }
            if reported { diagnostics.append(Diagnostic(.outsideProject, at: SourceLocation(path: path), problem)) }
            return false
        }
        // Each unit's notes (every package's, or those --package names), else the files given.
        let units = Dictionary(project.each.map { ($0.notesPath, $0) }) { first, _ in first }
        let inputs = (self.inputs.isEmpty ? project.each.map(\.notesPath) : self.inputs).filter { input in
            let project = units[input] ?? project
            let folderOrigin = Project.same(input, project.notesPath) ? .repository : origin
            return admitted(input, "the notes file", from: origin)
                && project.fragmentsFolder(for: input).map {
                    admitted(
                        $0, "the fragments folder", from: folderOrigin,
                        reported: folderOrigin == .commandLine || project.config?.fragments == nil)
                } != false
        }
        let limit = request.sizeLimit
        // A release cut short hides its fragments: what lint would pass is not what is.
        let folders = Set(inputs.compactMap { (units[$0] ?? project).fragmentsFolder(for: $0) })
        diagnostics += folders.sorted().flatMap { UnfinishedRelease.find(in: $0).map(\.diagnostic) }
        if let iconMap,
            admitted(
                iconMap, "the icon map", from: project.origin(of: iconMap, setting: project.config?.iconsFile),
                reported: self.iconMap != nil)
        {
            do {
                let overrides = try IconMapFile.load(path: iconMap)
                diagnostics += linter.unknownIcons(in: overrides, path: iconMap)
                linter.icons = linter.icons.adding(overrides)
            } catch {
                diagnostics.append(error)
            }
        }
        var files = inputs.count
        // Packages share one fragments folder: it is read, counted and reported once.
        var readFolders: [String: (fragments: [Fragment], diagnostics: [Diagnostic])] = [:]
        for input in inputs {
            let project = units[input] ?? project
            let fragmentsFolder = project.fragmentsFolder(for: input)
            if fragmentsFolder != nil, Self.isFragment(input, project: project) {
                let (fragment, found) = FragmentFolder.read(input, with: project.fragmentReader)
                diagnostics += found + FragmentLinter(icons: linter.icons).check(fragment.map { [$0] } ?? [])
                continue
            }
            do {
                let source = try SourceFile.load(path: input, maximumSize: limit)
                let reader = Notes.reader(
                    linter.icons, project, console: console, notes: fragmentsFolder == nil ? "-" : input)
                let file = NotesFile(source, reader: reader)
                let findings = file.reading.diagnostics + linter.check(file.document, path: source.path)
                diagnostics += findings.sorted(by: Diagnostic.inFileOrder)
                diagnostics += translationFindings(
                    of: file.document, at: source.path, linter: linter, project: project,
                    projectNotes: self.inputs.isEmpty || Project.same(input, project.notesPath),
                    localesDirectory: input == inputs.first ? localesDirectory : nil, reader: reader, limit: limit)
                if let fragmentsFolder {
                    let folder = FragmentFolder(path: fragmentsFolder)
                    let key = Project.canonical(folder.path)
                    let known = readFolders[key]
                    let (all, found) = known ?? folder.read(with: project.fragmentReader)
                    readFolders[key] = (all, found)
                    if known == nil {
                        files += folder.paths().count
                        diagnostics += found
                    }
                    let read = all.filter(project.owns)
                    diagnostics += FragmentLinter(icons: linter.icons).check(
                        read, unreleased: file.document.releaseInProgress)
                    if Project.same(input, project.notesPath) {
                        let (read, untagged) = UntaggedRelease.reading(
                            file, in: project, tags: project.tags(near: input))
                        diagnostics += untagged.map { [$0] } ?? []
                        let released = read.document.releases.filter { !$0.isUnreleased }.compactMap(\.version)
                        let planned = read.document.releaseInProgress?.version.map(
                            ReleaseInProgress.plannedRelease(of:))
                        diagnostics += VersionFiles(project: project).lint(
                            latest: NewestFirst.newest(released) { $0 }, planned: planned)
                    }
                    // What only writing them into these notes shows: a title that reads as a release.
                    do {
                        _ = try Notes.writer(reader, project).preview(file, fragments: read)
                    } catch {
                        diagnostics.append(error)
                    }
                }
            } catch {
                diagnostics.append(error)
            }
        }
        var seen: Set<String> = []
        let report = LintReport(diagnostics.filter { seen.insert($0.description).inserted })
        if json {
            try console.deliver(report.json())
        } else {
            try console.deliver(report.text())
            if !diagnostics.isEmpty { console.report(Self.summary(report, files: files)) }
        }
        if report.errors > 0 || (strict && report.warnings > 0) { throw CommandFailure([]) }
    }

    /// Every translation beside the notes (and in the locales folder) read, linted and
    /// compared with them; a file named like a translation whose locale is no language is reported.
    private func translationFindings(
        of original: Document, at path: String, linter: Linter, project: Project, projectNotes: Bool,
        localesDirectory: String?, reader: DocumentReader,
        limit: Int
    ) -> [Diagnostic] {
        guard path != "<stdin>" else { return [] }
        var findings: [Diagnostic] = []
        let files = TranslationFiles(input: path, localesDirectory: localesDirectory)
        let matcher = TranslationMatcher(originalLocale: files.originalLocale, originalPath: path)
        for candidate in files.candidates {
            guard let locale = candidate.locale, locale.isKnownLanguage else {
                // Beside the notes, only a name that reads as a tag counts (`CHANGELOG.xx.md`,
                // `CHANGELOG.en-XX.md`); `CHANGELOG.old.md` is an archive, not a translation.
                let inFolder = localesDirectory.map { candidate.path.hasPrefix($0) } ?? false
                let tagLike = candidate.name.count == 2 || candidate.name.contains("-") || candidate.name.contains("_")
                if inFolder || tagLike {
                    findings.append(
                        Diagnostic(
                            .translationUnknownLocale, at: SourceLocation(path: candidate.path, line: 1, column: 1),
                            "`\(candidate.name)` names no language (BCP 47, such as de, pt-BR or zh-Hans), so this is not read as a translation of \(path)"
                        ))
                }
                continue
            }
            let origin = project.origin(
                ofTranslation: candidate.path, localesDirectory: localesDirectory, projectNotes: projectNotes)
            if let problem = project.boundary.problem(with: candidate.path, from: origin, what: "the translation") {
                findings.append(Diagnostic(.outsideProject, at: SourceLocation(path: candidate.path), problem))
                continue
            }
            do {
                let source = try SourceFile.load(path: candidate.path, maximumSize: limit)
                // Translations are read with the sheet's own kinds, as rendering reads them.
                var translationReader = reader
                translationReader.kinds = []
                let reading = translationReader.read(source)
                var fileFindings = reading.diagnostics + linter.check(reading.document, path: source.path)
                let translation = Translation(locale: locale, path: source.path, document: reading.document)
                fileFindings += matcher.apply(translation, to: original).findings
                findings += fileFindings.sorted(by: Diagnostic.inFileOrder)
            } catch {
                findings.append(error)
            }
        }
        return findings
    }

    /// A file in the project's fragments folder, or in any `.changes` folder, is linted as a fragment.
    private static func isFragment(_ input: String, project: Project) -> Bool {
        let folder = Project.canonical(Project.sibling(".", of: input))
        let name = String(input.split(separator: "/").last ?? "")
        guard FragmentFolder.isFragmentName(name) else { return false }
        if project.settings != nil, Project.same(project.fragmentsPath, folder) { return true }
        return folder.hasSuffix("/.changes")
    }

    private static func summary(_ report: LintReport, files: Int) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(report.errors, "error")), \(count(report.warnings, "warning")) in \(count(files, "file"))\n"
    }
}
