/// whatsnew's words on the smaller surfaces: a count of rows left out, a scheduled release.
extension SheetWords {
    /// `+2 more` in English; `+2` in every other locale, which reads the same everywhere.
    package func more(_ count: Int) -> String { locale == "en" ? "+\(count) more" : "+\(count)" }

    /// The words of a link to a release's full notes: `Full notes` in English, an arrow elsewhere.
    package var fullNotes: String { locale == "en" ? "Full notes" : "↗" }

    /// Said of a release dated after today: `⏱ Scheduled` in English, the clock alone elsewhere.
    package var scheduled: String { locale == "en" ? "⏱ Scheduled" : "⏱" }
}
