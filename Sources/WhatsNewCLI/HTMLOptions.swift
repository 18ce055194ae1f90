import ArgumentParser
import WhatsNewProject
import WhatsNewRendering

/// `--standalone`, `--style` and `--template`: the shape of the HTML.
struct HTMLOptions: ParsableArguments {
    @Flag(help: "With --format html, a whole HTML5 document rather than a fragment to embed.")
    var standalone = false

    @Option(
        help: ArgumentHelp(
            "With --format html, where the stylesheet goes: inline (a <style> with the sheet) or none (link `whatsnew css` once instead)."
        ))
    var style: HTMLStyle?

    @Option(help: "With --format html, a Mustache template to use instead of the built-in sheet.")
    var template: String?

    /// What they ask, for the project layer.
    var choices: HTMLChoices {
        var choices = HTMLChoices()
        (choices.standalone, choices.style, choices.template) = (standalone, style, template)
        return choices
    }
}
