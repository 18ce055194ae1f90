import WhatsNewModel

/// The one line of the inline family, `What's New in 1.4: Collections, Night Mode +2`, and the
/// heading line of the small families.
package enum InlineSheet {
    package static func line(heading: String, titles: [String], more: Int) -> String {
        heading + (titles.isEmpty ? "" : ": " + titles.joined(separator: ", ")) + (more > 0 ? " +\(more)" : "")
    }
}

extension Release {
    /// `What's New in 1.4` in English; the locale's title and version elsewhere.
    package func sizedHeading(_ words: SheetWords) -> String {
        guard let version else { return words.whatsNew + " · " + displayName(words) }
        return words.whatsNew(in: version.text)
    }
}
