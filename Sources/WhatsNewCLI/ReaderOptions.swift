import ArgumentParser
import WhatsNewProject

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
        let request = apply(to: NotesRequest())
        try perform { () throws(CommandFailure) in
            _ = try request.day(now: .today)
            _ = try request.hiddenKinds()
        }
    }

    /// The request with these options.
    func apply(to request: NotesRequest) -> NotesRequest {
        var request = request
        request.audience = audience
        request.platform = platform
        request.hide = hide
        request.today = today
        return request
    }
}

extension ReaderOptions {
    /// Validation runs before any command, so a failure here is always a usage error.
    fileprivate func perform(_ body: () throws(CommandFailure) -> Void) throws {
        do {
            try body()
        } catch {
            throw ValidationError(error.notes.joined(separator: "\n"))
        }
    }
}
