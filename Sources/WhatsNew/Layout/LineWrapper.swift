/// Breaks styled text into lines no wider than a measure, counted in terminal cells.
///
/// Lines break at spaces, and between ideographs, which need none (but not before closing
/// punctuation such as `。`). A word wider than the measure is broken between grapheme
/// clusters, never inside one. A `\n` in the text is a hard break.
struct LineWrapper {
    let width: DisplayWidth
    /// The widest a line may be, in cells; at least 1.
    let measure: Int

    init(width: DisplayWidth, measure: Int) {
        self.width = width
        self.measure = max(1, measure)
    }

    func wrap(_ spans: [Span]) -> [[Span]] {
        var state = State(measure: measure)
        for span in spans {
            for character in span.text {
                switch character {
                case " ", "\t":
                    state.finishWord()
                    state.pendingSpace = span.style
                case "\n", "\r\n":
                    state.finishWord()
                    state.finishLine()
                default:
                    let cells = width.of(character)
                    let ideographic = cells == 2 && Self.isIdeographic(character)
                    let mayBreakBefore = ideographic || state.lastWasIdeographic
                    if mayBreakBefore && !Self.isClosingPunctuation(character) { state.finishWord() }
                    state.append(character, cells: cells, style: span.style)
                    state.lastWasIdeographic = ideographic
                }
            }
        }
        state.finishWord()
        if !state.line.isEmpty { state.lines.append(state.line) }
        return state.lines
    }

    /// East Asian text, which breaks between characters; emoji do not count.
    static func isIdeographic(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return !first.properties.isEmojiPresentation && !(0x1F000...0x1FAFF).contains(first.value)
    }

    /// Punctuation that must not begin a line (kinsoku).
    static func isClosingPunctuation(_ character: Character) -> Bool {
        "、。，．：；！？）」』】〕〉》ー・ぁぃぅぇぉっゃゅょァィゥェォッャュョ".contains(character)
    }

    /// The line being filled and the word being gathered.
    private struct State {
        let measure: Int
        var lines: [[Span]] = []
        var line: [Span] = []
        var lineWidth = 0
        var wordCharacters: [(Character, Int, TextStyle)] = []
        var wordWidth = 0
        /// A space seen since the last word, in the style it was written in.
        var pendingSpace: TextStyle?
        var lastWasIdeographic = false

        init(measure: Int) {
            self.measure = measure
        }

        mutating func append(_ character: Character, cells: Int, style: TextStyle) {
            wordCharacters.append((character, cells, style))
            wordWidth += cells
        }

        mutating func finishWord() {
            guard !wordCharacters.isEmpty else { return }
            defer {
                wordCharacters.removeAll(keepingCapacity: true)
                wordWidth = 0
                pendingSpace = nil
                lastWasIdeographic = false
            }
            let space = lineWidth > 0 && pendingSpace != nil ? 1 : 0
            if lineWidth + space + wordWidth <= measure {
                if space == 1, let style = pendingSpace { put(" ", style) }
                lineWidth += space
                putWord()
                return
            }
            if lineWidth > 0 { finishLine() }
            if wordWidth <= measure {
                putWord()
                return
            }
            // Longer than a whole line: break between grapheme clusters.
            for (character, cells, style) in wordCharacters {
                if lineWidth > 0 && lineWidth + cells > measure { finishLine() }
                put(String(character), style)
                lineWidth += cells
            }
        }

        mutating func finishLine() {
            lines.append(line)
            line = []
            lineWidth = 0
            pendingSpace = nil
        }

        private mutating func putWord() {
            for (character, _, style) in wordCharacters { put(String(character), style) }
            lineWidth += wordWidth
        }

        /// Adds text to the line, joining it to the last span when the style is the same.
        private mutating func put(_ text: String, _ style: TextStyle) {
            if let last = line.last, last.style == style {
                line[line.count - 1].text += text
            } else {
                line.append(Span(text, style))
            }
        }
    }
}
