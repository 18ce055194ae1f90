import ArgumentParser
import WhatsNewSchema
import WhatsNewModel
import WhatsNewReading

/// `whatsnew lint`: every problem in the notes as `path:line:column: severity: message [rule]`.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check release notes; exit 1 on errors (and on warnings with --strict)."
    )

    @Argument(help: "The release notes to check (default: .whatsnew.yml's input, else CHANGELOG.md).")
    var inputs: [String] = []

    @Flag(help: "Treat warnings as failures.")
    var strict = false

    @Option(help: "The report format: text or json.")
    var format: LintFormat = .text

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    @OptionGroup var translations: TranslationOptions

    @OptionGroup var settings: ConfigOption

    func run() throws {
        var diagnostics: [Diagnostic] = []
        var linter = Linter()
        // The project's settings are checked with the notes, and supply what the command line does not.
        let loaded = try settings.load()
        var icons = self.icons
        var inputs = self.inputs
        var localesDir = translations.localesDir
        var strict = self.strict
        if let loaded {
            diagnostics += loaded.diagnostics
            icons.iconMap = icons.iconMap ?? loaded.resolve(loaded.settings.iconsFile)
            if inputs.isEmpty, let input = loaded.resolve(loaded.settings.input) { inputs = [input] }
            localesDir = localesDir ?? loaded.resolve(loaded.settings.localesDir)
            strict = strict || loaded.settings.strictLint == true
            linter.audiences = loaded.settings.audiences
            linter.platforms = loaded.settings.platforms
            linter.icons = linter.icons.adding(loaded.settings.icons)
            diagnostics += linter.unknownIcons(in: loaded.settings.icons, path: loaded.settings.path)
        }
        if inputs.isEmpty { inputs = ["CHANGELOG.md"] }
        do {
            let overrides = try icons.overrides()
            diagnostics += linter.unknownIcons(in: overrides, path: icons.iconMap ?? "")
            linter.icons = linter.icons.adding(overrides)
        } catch {
            diagnostics.append(error)
        }
        var files = inputs.count
        for input in inputs {
            let fragments = ProjectFragments.forNotes(input, config: loaded)
            if let project = fragments, Self.isFragment(input, project: project, config: loaded) {
                let (fragment, found) = FragmentFolder.read(input, with: FragmentReader(kinds: project.kinds))
                diagnostics += found + FragmentLinter(icons: linter.icons).check(fragment.map { [$0] } ?? [])
                continue
            }
            do {
                let source = try SourceFile.load(path: input, maximumSize: limit.bytes)
                var reader = DocumentReader(icons: linter.icons)
                reader.kinds = fragments?.projectKinds ?? []
                let reading = reader.read(source)
                let findings = reading.diagnostics + linter.check(reading.document, path: source.path)
                diagnostics += findings.sorted(by: Diagnostic.inFileOrder)
                diagnostics += translationFindings(
                    of: reading.document, at: source.path, linter: linter,
                    localesDirectory: input == inputs.first ? localesDir : nil, limit: limit.bytes)
                if let fragments {
                    let (read, found) = fragments.folder.read(with: FragmentReader(kinds: fragments.kinds))
                    files += fragments.folder.paths().count
                    diagnostics += found
                    diagnostics += FragmentLinter(icons: linter.icons).check(
                        read, unreleased: reading.document.releases.first(where: \.isUnreleased))
                    // What only writing them into these notes shows: a title that reads as a release.
                    do {
                        _ = try fragments.writer(reader: reader).preview(source, fragments: read)
                    } catch {
                        diagnostics.append(error)
                    }
                }
            } catch {
                diagnostics.append(error)
            }
        }
        let report = LintReport(diagnostics)
        switch format {
        case .json: StandardOutput.write(report.json())
        case .text:
            StandardOutput.write(report.text())
            if !diagnostics.isEmpty { StandardError.write(summary(report, files: files)) }
        }
        if report.errors > 0 || (strict && report.warnings > 0) { throw ExitCode(1) }
    }

    /// Every translation beside the notes (and in the locales folder) read, linted and
    /// compared with them; a file named like a translation whose locale is no language is reported.
    private func translationFindings(
        of original: Document, at path: String, linter: Linter, localesDirectory: String?, limit: Int
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
            do {
                let source = try SourceFile.load(path: candidate.path, maximumSize: limit)
                let reading = DocumentReader(icons: linter.icons).read(source)
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
    private static func isFragment(_ input: String, project: ProjectFragments, config: LoadedConfig?) -> Bool {
        let folder = ProjectPaths.canonical(ProjectPaths.sibling(".", of: input))
        let name = String(input.split(separator: "/").last ?? "")
        guard FragmentFolder.isFragmentName(name) else { return false }
        if let config, ProjectPaths.same(config.fragmentsPath, folder) { return true }
        return folder.hasSuffix("/.changes")
    }

    private func summary(_ report: LintReport, files: Int) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(report.errors, "error")), \(count(report.warnings, "warning")) in "
            + "\(count(files, "file"))\n"
    }
}

enum LintFormat: String, ArgumentChoice {
    case text, json
}
