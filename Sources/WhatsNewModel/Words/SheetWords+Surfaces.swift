/// whatsnew's words on the smaller surfaces: a count of rows left out, a scheduled release, a
/// link to the full notes, the heading of a card. Data, like every word of the sheet.
extension SheetWords {
    /// The surfaces' columns of the table.
    struct Surfaces: Sendable {
        /// `What's New in %@`; empty where the locale says the title and the version apart.
        var whatsNewIn: String
        /// `+%@ more`: the count of rows left out.
        var more: String
        /// The words of a link to a release's full notes.
        var fullNotes: String
        /// Said of a release dated after today.
        var scheduled: String
    }

    /// `+2 more` in English; `+2` in the locales that say it that way.
    package func more(_ count: Int) -> String { surfaces.more.replacing("%@", with: String(count)) }

    /// The words of a link to a release's full notes: `Full notes` in English, an arrow elsewhere.
    package var fullNotes: String { surfaces.fullNotes }

    /// Said of a release dated after today: `⏱ Scheduled` in English, the clock alone elsewhere.
    package var scheduled: String { surfaces.scheduled }

    /// A card's heading for a version: `What's New in 1.4`, or the title and the version.
    package func whatsNew(in version: String) -> String {
        surfaces.whatsNewIn.isEmpty ? whatsNew + " · " + version : surfaces.whatsNewIn.replacing("%@", with: version)
    }
}
