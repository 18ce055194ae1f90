import ArgumentParser
import WhatsNewModel

/// `--date`: the release's day, for `release` and for `next`'s calendar versions.
struct ReleaseDayOption: ParsableArguments {
    @Option(help: "The release date, YYYY-MM-DD (default: today).")
    var date: String?

    func validate() throws {
        if let date, ReleaseDate(iso: date) == nil {
            throw ValidationError("--date takes a real day as YYYY-MM-DD, not \(date)")
        }
    }
}
