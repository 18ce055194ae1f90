import ArgumentParser
import WhatsNewProject
import WhatsNewRendering

/// `--width`, `--color`, `--cjk` and `--links`: how the sheet is laid out as text.
struct TextOptions: ParsableArguments {
    @Option(help: "The line width for text (default: COLUMNS, else the terminal's width, else 80).")
    var width: Int?

    @Option(
        help:
            "Colour and styling for text: auto, always or never (auto follows NO_COLOR, FORCE_COLOR and the terminal).")
    var color: ColorChoice = .auto

    @Flag(help: "Count East Asian ambiguous-width characters as two cells, as CJK terminals draw them.")
    var cjk = false

    @Option(
        help:
            "Plain text's links: short (issue, pull request, commit and @user references and comparison links show their words only) or full (every address)."
    )
    var links: LinkDisplay = .short

    /// What they ask, for the project layer.
    var choices: TextChoices {
        var choices = TextChoices()
        (choices.width, choices.color, choices.cjk, choices.links) = (width, color, cjk, links)
        return choices
    }
}
