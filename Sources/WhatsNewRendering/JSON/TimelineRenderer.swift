import WhatsNewModel
import WhatsNewSchema
import WhatsNewSheet

/// `--format timeline`: the newest releases that are out (as many as `entries`) and every
/// scheduled one, oldest first, each with the release fitted to every size family.
public struct TimelineRenderer: SheetRenderer {
    /// How many releases that are out the timeline holds, newest ones.
    public var entries: Int
    /// How text is measured when rows are fitted to each family.
    public var displayWidth: DisplayWidth

    /// A timeline of the five newest releases unless said otherwise.
    public init(entries: Int = 5, displayWidth: DisplayWidth = DisplayWidth()) {
        self.entries = entries
        self.displayWidth = displayWidth
    }

    /// The timeline as JSON.
    public func render(_ sheet: Presentation, to output: inout some TextOutputStream) {
        output.write((try? JSONTextEncoder().encode(timeline(sheet))) ?? "")
    }

    /// The timeline as an app decodes it.
    public func timeline(_ sheet: Presentation) -> Timeline {
        let chosen = sheet.timelineReleases(newest: entries)
        let json = JSONRenderer()
        func alone(_ release: PresentedRelease) -> Sheet.Release {
            json.sheet(Presentation(document: sheet.document, releases: .init([release]), words: sheet.words)).releases[
                0]
        }
        let entries = chosen.map { release -> Timeline.Entry in
            func fitted(_ family: SizeFamily) -> Sheet.Release {
                alone(RowBudget(family: family, displayWidth: displayWidth, words: sheet.words).apply(to: release))
            }
            return Timeline.Entry(
                date: release.date?.iso, release: alone(release),
                families: Timeline.Families(
                    small: fitted(.small), medium: fitted(.medium), large: fitted(.large),
                    extraLarge: fitted(.extraLarge), rectangular: fitted(.rectangular), inline: fitted(.inline)))
        }
        return Timeline(title: sheet.document.title, entries: entries)
    }
}
