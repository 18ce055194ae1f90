import WhatsNewModel

/// The one rule for a day given on the command line (`--date`, `--today`): `YYYY-MM-DD` and a
/// real day, or a usage error naming the option; none given is today.
package enum ReleaseDay {
    package static func parse(_ written: String?, option: String) throws(CommandFailure) -> ReleaseDate {
        guard let written else { return .today }
        guard let day = ReleaseDate(iso: written) else {
            throw .usage("\(option) takes a real day as YYYY-MM-DD, not \(written)")
        }
        return day
    }
}
