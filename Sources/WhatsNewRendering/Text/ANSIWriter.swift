import WhatsNewModel
import WhatsNewSheet

/// Writes laid-out lines as terminal text. Styled, every line opens the styles it needs and
/// closes them (and any hyperlink) at its end, and a row's text is placed after the icon by an
/// absolute cursor move (CHA), so a terminal that draws an emoji at another width cannot push
/// the text out of line. Plain, the output is text and spaces only: no ESC byte at all.
struct ANSIWriter {
    let options: TerminalOptions

    func write(_ lines: [StyledLine], to output: inout String) {
        for line in lines {
            write(line, to: &output)
            output += "\n"
        }
    }

    private func write(_ line: StyledLine, to output: inout String) {
        let hasText = line.spans.contains { !$0.text.isEmpty }
        if let icon = line.icon {
            if options.styling {
                let style = sgr(icon.style)
                output += style + icon.text
                if !style.isEmpty { output += "\u{1B}[0m" }
                if hasText { output += "\u{1B}[\(line.indent + 1)G" }
            } else {
                output += icon.text
                if hasText { output += Self.spaces(line.indent - options.displayWidth.of(icon.text)) }
            }
        } else if hasText {
            output += Self.spaces(line.indent)
        }
        guard hasText else { return }
        guard options.styling else {
            for span in line.spans { output += span.text }
            return
        }
        var openStyle = ""
        var openLink: String? = nil
        for span in line.spans where !span.text.isEmpty {
            if span.style.link != openLink {
                if openLink != nil { output += Self.closeLink }
                if let link = span.style.link { output += "\u{1B}]8;;" + link + "\u{1B}\\" }
                openLink = span.style.link
            }
            let style = sgr(span.style)
            if style != openStyle {
                if !openStyle.isEmpty { output += "\u{1B}[0m" }
                output += style
                openStyle = style
            }
            output += span.text
        }
        if !openStyle.isEmpty { output += "\u{1B}[0m" }
        if openLink != nil { output += Self.closeLink }
    }

    private static func spaces(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }

    private static let closeLink = "\u{1B}]8;;\u{1B}\\"

    /// The SGR sequence that sets a style from scratch; empty for plain text.
    func sgr(_ style: TextStyle) -> String {
        var parameters: [String] = []
        if style.bold { parameters.append("1") }
        if style.dim { parameters.append("2") }
        if style.italic { parameters.append("3") }
        if style.underline { parameters.append("4") }
        if let color = style.color {
            parameters.append(foreground(color))
        } else if style.code {
            parameters.append("36")
        }
        return parameters.isEmpty ? "" : "\u{1B}[\(parameters.joined(separator: ";"))m"
    }

    /// Named colours by palette index; exact colours in 24 bits where the terminal has them.
    private func foreground(_ color: SheetColor) -> String {
        switch (options.colorDepth, color) {
        case (.trueColor, .rgb(let rgb)): return "38;2;\(rgb.red);\(rgb.green);\(rgb.blue)"
        case (.basic16, _):
            let index = Int(color.ansi16)
            return index < 8 ? "\(30 + index)" : "\(90 + index - 8)"
        default: return "38;5;\(color.ansi256)"
        }
    }
}
