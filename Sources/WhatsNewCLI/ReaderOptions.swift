import ArgumentParser
import WhatsNewModel
import WhatsNewSheet

/// Who the sheet is for, what it leaves out and on which day it is made: `--audience`,
/// `--platform`, `--hide`, `--today`.
struct ReaderOptions: ParsableArguments {
    @Option(help: "Show only the rows for this audience (rows that name none are for everyone).")
    var audience: String?

    @Option(help: "Show only the rows for this platform (rows that name none are for every platform).")
    var platform: String?

    @Option(
        help: ArgumentHelp(
            "Leave out rows of these kinds, comma-separated: dependencies, contributors, pull-requests (the bookkeeping generators add), or any other kind.",
            valueName: "kinds"))
    var hide: String?

    @Option(help: "The day the sheet is made, YYYY-MM-DD (default: today); releases dated later are scheduled.")
    var today: String?

    func validate() throws {
        if let today, ReleaseDate(iso: today) == nil {
            throw ValidationError("--today takes a real day as YYYY-MM-DD, not \(today)")
        }
        _ = try hiddenKinds()
    }

    /// `--hide`'s kinds; a name that is no kind is a usage error with the nearest one.
    func hiddenKinds() throws -> Set<SectionKind> {
        guard let hide else { return [] }
        var kinds: Set<SectionKind> = []
        for name in hide.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
        where !name.isEmpty {
            guard let kind = SectionKind(rawValue: name) else {
                let names = SectionKind.allCases.map(\.rawValue)
                let nearest = names.min { editDistance($0, name) < editDistance($1, name) }
                throw ValidationError(
                    "--hide takes kinds of row, and \(name) is none\(nearest.map { " (did you mean \($0)?)" } ?? ""); the kinds are \(names.joined(separator: ", ")).")
            }
            kinds.insert(kind)
        }
        return kinds
    }

    var day: ReleaseDate { today.flatMap(ReleaseDate.init(iso:)) ?? .today }

    /// The rows for the reader; a name the project does not list is a typo, not an audience
    /// nobody is in, and a usage error with the nearest listed name.
    func filter(config: LoadedConfig?) throws -> RowFilter {
        for (name, known, what) in [
            (audience, config?.settings.audiences, "audience"), (platform, config?.settings.platforms, "platform"),
        ] {
            if let name, let known, !known.contains(name.lowercased()) {
                let nearest = known.min { editDistance($0, name.lowercased()) < editDistance($1, name.lowercased()) }
                throw ValidationError(
                    "unknown \(what) \(name)\(nearest.map { "; did you mean \($0)?" } ?? "") .whatsnew.yml lists \(known.joined(separator: ", ")).")
            }
        }
        return RowFilter(audience: audience, platform: platform, hidden: try hiddenKinds())
    }
}
