import WhatsNewRendering

/// `--width`, `--color`, `--cjk` and `--links`: how the sheet is laid out as text.
package struct TextChoices: Sendable {
    /// `--width`: the text's line width.
    package var width: Int?
    /// `--color`.
    package var color: ColorChoice = .auto
    /// `--cjk`: ambiguous-width characters take two cells.
    package var cjk = false
    /// `--links`.
    package var links: LinkDisplay = .short

    package init() {}
}

/// `--standalone`, `--style` and `--template`: the shape of the HTML.
package struct HTMLChoices: Sendable {
    /// `--standalone`: a whole HTML document.
    package var standalone = false
    /// `--style`; nil for the settings' `style:`, else inline.
    package var style: HTMLStyle?
    /// `--template`; nil for the settings' `template:`, else the built-in templates.
    package var template: String?

    package init() {}
}

/// `--entries` and `--feed-url`: how long a timeline or a feed is, and the feed's address.
package struct FeedChoices: Sendable {
    /// `--entries`: how many releases a timeline or a feed holds.
    package var entries: Int?
    /// `--feed-url`: the feed's own address.
    package var feedURL: String?

    package init() {}
}
