import WhatsNewModel
import WhatsNewReading
import WhatsNewSheet

/// What a command asks of the notes: which file, which releases, for whom, on which day, in
/// which language. Every command and every format reads its notes through one of these, so
/// the same options choose the same releases and rows everywhere; what the command line leaves
/// unsaid, the project's settings say (``resolved(in:)``).
package struct NotesRequest: Sendable {
    /// The notes file, or `-` for standard input; nil for the project's notes.
    package var input: String?
    /// `--release`: latest, unreleased, all or a version.
    package var release: String?
    /// `--since`: every release newer than this version.
    package var since: String?
    /// `--locale`: the sheet's language.
    package var locale: String?
    /// `--locales-dir`: a folder of translations named by locale.
    package var localesDirectory: String?
    /// `--audience`: the reader's audience.
    package var audience: String?
    /// `--platform`: the reader's platform.
    package var platform: String?
    /// `--hide`: kinds of row to leave out, comma-separated.
    package var hide: String?
    /// `--today`: the day the sheet is made, `YYYY-MM-DD`; nil for today.
    package var today: String?
    /// `--keep-order`: a release written as a plain list is shown as written.
    package var keepsListOrder = false
    /// `--icons`: an icon map on top of the built-in tables.
    package var iconMap: String?
    /// `--max-size`: the largest notes file read; nil for `.whatsnew.yml`'s `max-size:`.
    package var maximumSize: Int?
    /// The limit in force: the request's, the settings', else 8 MB.
    package var sizeLimit: Int { maximumSize ?? SourceFile.defaultMaximumSize }
    /// `--build`: build numbers over the notes' and the project's.
    package var builds: [BuildNumber] = []
    /// Whether the project's fragments are shown as the release in progress.
    package var includesFragments = true
    /// `--draft`: notes drafted from the commits since the latest release join the fragments.
    package var drafting: DraftRequest?
    /// Whether a run that shows a few releases may read only them in full
    /// (`WHATSNEW_READ_WHOLE=1` turns it off, so the two readings can be compared).
    package var readsInPart = ProcessEnvironment.variables["WHATSNEW_READ_WHOLE"] != "1"

    package init() {}

    /// One `--build 1.4.0=1248`.
    package struct BuildNumber: Sendable, Hashable {
        package var version: String
        package var build: String

        /// `--build 1.4.0=1248`: a version and its build number, checked by ``isBuild(_:)``.
        package static func parse(_ written: String) throws(CommandFailure) -> BuildNumber {
            let parts = written.split(separator: "=", maxSplits: 1).map { $0.trimmedWhitespace() }
            guard parts.count == 2, ReleaseVersion(parts[0]) != nil, isBuild(parts[1]) else {
                throw .usage("--build takes a version and its build number, such as 1.4.0=1248, not \(written)")
            }
            return BuildNumber(version: parts[0], build: parts[1])
        }

        /// The one rule for a build number, from the command line or `builds:`: text an appcast
        /// carries as it is, with no space, quote, `<` or `&`.
        package static func isBuild(_ text: String) -> Bool {
            !text.isEmpty && !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == "&" })
        }
    }

    /// The request with the project's settings where it says nothing: `input:`, `release:`,
    /// `locale:`, `locales-dir:` and `icons:` as a file.
    package func resolved(in project: Project) -> NotesRequest {
        var request = self
        guard let settings = project.settings else { return request }
        let config = settings.config
        request.maximumSize = request.maximumSize ?? config.maxSize
        if request.release == nil && request.since == nil { request.release = config.release }
        request.locale = request.locale ?? config.locale
        request.localesDirectory = request.localesDirectory ?? settings.resolve(config.localesDir)
        request.iconMap = request.iconMap ?? settings.resolve(config.iconsFile)
        return request
    }

    /// The notes file to read: the one asked for, else the project's.
    package func notesPath(in project: Project) -> String { input ?? project.notesPath }

    /// The one rule for what shows a single release (a store's texts, a preview): `all`, in any
    /// case, and `--since` are refused with a usage error naming `what`.
    package func oneRelease(_ what: String) throws(CommandFailure) {
        if release?.lowercased() == "all" || since != nil {
            throw .usage(
                "\(what) takes the notes of one release; name it with --release (latest, unreleased or a version)")
        }
    }

    /// The releases asked for; `fallback` when the request names none.
    package func selection(or fallback: ReleaseSelection = .latest) -> ReleaseSelection {
        if let since { return .since(since) }
        return release.map(ReleaseSelection.init(release:)) ?? fallback
    }

    /// The locale asked for, checked to be a BCP 47 tag.
    package func localeTag() throws(CommandFailure) -> LocaleTag? {
        guard let locale else { return nil }
        guard let tag = LocaleTag(locale) else {
            throw .usage("--locale takes a BCP 47 tag such as de, pt-BR or zh-Hans, not \(locale)")
        }
        return tag
    }

    /// The day the sheet is made: `--today`, else `now`.
    package func day(now: ReleaseDate) throws(CommandFailure) -> ReleaseDate {
        today == nil ? now : try ReleaseDay.parse(today, option: "--today")
    }

    /// `--hide`'s kinds; a name that is no kind is a usage error with the nearest one.
    package func hiddenKinds() throws(CommandFailure) -> Set<SectionKind> {
        guard let hide else { return [] }
        var kinds: Set<SectionKind> = []
        for name in hide.split(separator: ",").map({ $0.trimmedWhitespace().lowercased() }) where !name.isEmpty {
            guard let kind = SectionKind(rawValue: name) else {
                let names = SectionKind.allCases.map(\.rawValue)
                let near = Suggestion.question(for: name, among: names).map { "; \($0)" } ?? ""
                throw .usage(
                    "--hide takes kinds of row, and `\(name)` is none\(near); the kinds are \(names.joined(separator: ", "))."
                )
            }
            kinds.insert(kind)
        }
        return kinds
    }

    /// The rows for the reader; a name the project does not list is a typo, not an audience
    /// nobody is in, and a usage error with the nearest listed name.
    package func filter(in project: Project) throws(CommandFailure) -> RowFilter {
        for (name, known, what) in [
            (audience, project.config?.audiences, "audience"), (platform, project.config?.platforms, "platform"),
        ] {
            if let name, let known, !known.contains(name.lowercased()) {
                let near = Suggestion.question(for: name, among: known).map { "\($0) " } ?? ""
                throw .usage("unknown \(what) `\(name)`; \(near).whatsnew.yml lists \(known.joined(separator: ", ")).")
            }
        }
        return RowFilter(audience: audience, platform: platform, hidden: try hiddenKinds())
    }
}
