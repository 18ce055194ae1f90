import ArgumentParser
import WhatsNew

/// Who the sheet is for and on which day it is made: `--audience`, `--platform`, `--today`.
struct ReaderOptions: ParsableArguments {
    @Option(help: "Show only the rows for this audience (rows that name none are for everyone).")
    var audience: String?

    @Option(help: "Show only the rows for this platform (rows that name none are for every platform).")
    var platform: String?

    @Option(help: "The day the sheet is made, YYYY-MM-DD (default: today); releases dated later are scheduled.")
    var today: String?

    func validate() throws {
        if let today, ReleaseDate(iso: today) == nil {
            throw ValidationError("--today takes a real day as YYYY-MM-DD, not \(today)")
        }
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
        return RowFilter(audience: audience, platform: platform)
    }
}
