import WhatsNewModel
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

    /// Width and styling from these choices, the environment and the terminal, in that order,
    /// for output to `output` (nil for standard output); `fixedWidth` overrides all.
    package func terminalOptions(output: String?, terminal: TerminalEnvironment, fixedWidth: Int? = nil)
        -> TerminalOptions
    {
        let toTerminal = output == nil && terminal.standardOutputIsTerminal
        return TerminalOptions(
            width: fixedWidth
                ?? max(
                    20,
                    TerminalOptions.width(
                        option: width, environment: terminal.variables,
                        terminalColumns: toTerminal ? terminal.columns : nil)),
            styling: color.styles(environment: terminal.variables, outputIsTerminal: toTerminal),
            colorDepth: ColorDepth.from(environment: terminal.variables),
            displayWidth: DisplayWidth(ambiguousIsWide: cjk), links: links)
    }
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
