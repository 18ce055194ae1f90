import WhatsNewSchema
import WhatsNewModel
import WhatsNewSheet

/// `--format timeline`: the newest releases that are out (as many as `entries`) and every
/// scheduled one, oldest first, each with the release fitted to every size family.
public struct TimelineRenderer: Sendable {
    /// How many releases that are out the timeline holds, newest ones.
    public var entries: Int
    /// whatsnew's own words, for headings fitted to the families.
    public var words: SheetWords
    /// How text is measured when rows are fitted to each family.
    public var displayWidth: DisplayWidth

    /// A timeline of the five newest releases, in English, unless said otherwise.
    public init(entries: Int = 5, words: SheetWords = .english, displayWidth: DisplayWidth = DisplayWidth()) {
        self.entries = entries
        self.words = words
        self.displayWidth = displayWidth
    }

    /// The timeline as JSON.
    public func render(_ document: Document, releases: [Release]) -> String {
        (try? JSONTextEncoder().encode(timeline(document, releases: releases))) ?? ""
    }

    /// The timeline as an app decodes it.
    public func timeline(_ document: Document, releases: [Release]) -> Timeline {
        let out = releases.filter { !$0.isUnreleased && !$0.isScheduled && $0.hasContent && $0.version != nil }
            .sorted { $0.version! > $1.version! }.prefix(entries)
        let scheduled = releases.filter(\.isScheduled)
        let chosen = (Array(out) + scheduled).sorted { ($0.date?.iso ?? "") < ($1.date?.iso ?? "") }
        let json = JSONRenderer()
        let entries = chosen.map { release -> Timeline.Entry in
            func fitted(_ family: SizeFamily) -> Sheet.Release {
                json.sheet(document, releases: [RowBudget(family: family, displayWidth: displayWidth, words: words).apply(to: release)])
                    .releases[0]
            }
            return Timeline.Entry(
                date: release.date?.iso, release: json.sheet(document, releases: [release]).releases[0],
                families: Timeline.Families(
                    small: fitted(.small), medium: fitted(.medium), large: fitted(.large),
                    extraLarge: fitted(.extraLarge), rectangular: fitted(.rectangular), inline: fitted(.inline)))
        }
        return Timeline(title: document.title, entries: entries)
    }
}
