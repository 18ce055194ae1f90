/// The sizes a sheet is made in besides the whole sheet, after WidgetKit's families: each a
/// budget of rows and summary lines, and a width, never a clip. Eight rows fill the
/// extra-large card's height with one summary line each; with two they would not fit.
///
/// | family | rows | title lines | summary lines | text width (cells) | card (CSS px at 100 % text) |
/// | --- | --- | --- | --- | --- | --- |
/// | `small` | 3 | 1 | 0 (icon and title) | 20 | 170 × 170 |
/// | `medium` | 3 | 1 | 1 | 44 | 364 × 170 |
/// | `large` | 5 | 1 | 2 | 44 | 364 × 382 |
/// | `extra-large` | 8 | 1 | 1 | 88 | 715 × 382 |
/// | `rectangular` | 2 under a heading line, icons one cell wide at most | 1 | 0 | 24 | 172 × 76 |
/// | `inline` | one line: `What's New in 1.4: Collections, Night Mode +2` | – | 0 | 30 | 260 × 24 |
public enum SizeFamily: String, Sendable, Hashable, CaseIterable {
    /// WidgetKit's `systemSmall`.
    case small
    /// WidgetKit's `systemMedium`.
    case medium
    /// WidgetKit's `systemLarge`.
    case large
    /// WidgetKit's `systemExtraLarge`.
    case extraLarge = "extra-large"
    /// WidgetKit's `accessoryRectangular`, on the Lock Screen and watch faces.
    case rectangular
    /// WidgetKit's `accessoryInline`: one line of text.
    case inline

    /// The most rows the family shows.
    public var rows: Int {
        switch self {
        case .small, .medium: 3
        case .large: 5
        case .extraLarge: 8
        case .rectangular: 2
        case .inline: .max
        }
    }

    /// Lines a row's title may take before it is shortened.
    public var titleLines: Int { 1 }

    /// Lines of summary under each row's title.
    public var summaryLines: Int {
        switch self {
        case .medium, .extraLarge: 1
        case .large: 2
        case .small, .rectangular, .inline: 0
        }
    }

    /// The line width in terminal cells that the budget is measured at.
    public var width: Int {
        switch self {
        case .small: 20
        case .medium, .large: 44
        case .extraLarge: 88
        case .rectangular: 24
        case .inline: 30
        }
    }

    /// The card the HTML sheet draws in, in CSS pixels at 100 % text size.
    public var card: (width: Int, height: Int) {
        switch self {
        case .small: (170, 170)
        case .medium: (364, 170)
        case .large: (364, 382)
        case .extraLarge: (715, 382)
        case .rectangular: (172, 76)
        case .inline: (260, 24)
        }
    }

    /// The room for rows in the family's card, in em of the card's text: its height less its
    /// padding and heading line. Rows of earlier releases fill it (``RowBudget/apply(to:filling:)``).
    public var room: Double {
        Double(card.height) / (16 * textScale) - Room.padding - Room.heading - Room.spare
    }

    /// What each part of a card takes of its height, in em of the card's text, as the HTML
    /// card draws it (`whatsnew.css`): the one measure of a card's room for every format.
    public enum Room {
        /// The card's padding above and below.
        static let padding = 1.3
        /// The card's heading line and the space under it.
        static let heading = 1.65
        /// A line of text.
        static let line = 1.25
        /// The rows left out (`+3 more`) and the space above it.
        static let moreLine = 1.45
        /// An earlier release's version line, with the rule and space that part it from the
        /// release above.
        static let releaseHeading = 2.7

        /// Room left spare for what rounds up in a browser's line boxes.
        static let spare = 0.0
        /// The gap between two rows.
        static let rowGap = 0.3

        /// A row: its title and summary lines (or its icon, when taller), and the gap after it.
        static func row(summaryLines: Int) -> Double {
            let text = Double(1 + summaryLines) * line + (summaryLines > 0 ? 0.1 : 0)
            return max(1.95, text) + rowGap
        }
    }

    /// The card's text size against the sheet's: widgets set their text a little smaller.
    public var textScale: Double { self == .extraLarge ? 0.875 : 0.8125 }

    /// The widest icon the family draws, in cells; nil when any icon will do.
    public var widestIcon: Int? {
        switch self {
        case .rectangular: 1
        case .inline: 0
        default: nil
        }
    }
}
