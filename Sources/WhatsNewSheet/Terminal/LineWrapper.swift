import WhatsNewModel

/// Breaks styled text into lines no wider than a measure, counted in terminal cells.
///
/// Lines break at spaces, and between ideographs, which need none (but not before closing
/// punctuation such as `。`). A word wider than the measure is broken between grapheme
/// clusters, never inside one. A `\n` in the text is a hard break.
package struct LineWrapper {
    let width: DisplayWidth
    /// The widest a line may be, in cells; at least 1.
    let measure: Int

    package init(width: DisplayWidth, measure: Int) {
        self.width = width
        self.measure = max(1, measure)
    }

    package func wrap(_ spans: [Span]) -> [[Span]] {
        // One span of printable ASCII words one space apart that fits is the line it already
        // is: most rows of a long sheet, which gathering words cost thousands of instructions.
        if spans.count == 1, Self.isFittingLine(spans[0].text.utf8, measure: measure) { return [spans] }
        var state = State(measure: measure, width: width, spans: spans)
        for (source, span) in spans.enumerated() {
            state.source = source
            let text = span.text
            let utf8 = text.utf8
            var index = utf8.startIndex
            while index < utf8.endIndex {
                let next = utf8.index(after: index)
                switch utf8[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    state.finishWord()
                    state.pendingSpace = source
                    index = next
                case UInt8(ascii: "\n"):
                    state.finishWord()
                    state.finishLine()
                    index = next
                case UInt8(ascii: "\r") where next < utf8.endIndex && utf8[next] == UInt8(ascii: "\n"):
                    state.finishWord()  // `\r\n` is one break; a lone `\r` is a character of no width
                    state.finishLine()
                    index = utf8.index(after: next)
                default:
                    // A word: the text up to the next space or line break. Printable ASCII, the
                    // usual case, is taken whole: one cell a byte, no ideographs, so no grapheme
                    // break or width look-up per character (a quarter less work for text output).
                    var end = next
                    var isASCII = (0x20..<0x7F).contains(utf8[index])
                    var cells = 1
                    while end < utf8.endIndex, !Self.endsWord(utf8[end]) {
                        isASCII = isASCII && (0x20..<0x7F).contains(utf8[end])
                        cells += 1
                        end = utf8.index(after: end)
                    }
                    if isASCII {
                        state.appendASCII(index, end, cells: cells)
                    } else {
                        state.appendCharacters(of: text[index..<end])
                    }
                    index = end
                }
            }
        }
        state.finishWord()
        if !state.line.isEmpty { state.finishLine() }
        return state.lines
    }

    /// Printable ASCII, at most `measure` bytes, with no space first, last or beside another.
    private static func isFittingLine(_ text: String.UTF8View, measure: Int) -> Bool {
        guard (1...measure).contains(text.count), text.first != UInt8(ascii: " "), text.last != UInt8(ascii: " ")
        else { return false }
        var afterSpace = false
        for byte in text {
            guard (0x20..<0x7F).contains(byte), !(afterSpace && byte == UInt8(ascii: " ")) else { return false }
            afterSpace = byte == UInt8(ascii: " ")
        }
        return true
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// East Asian text, which breaks between characters; emoji do not count.
    static func isIdeographic(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return !first.properties.isEmojiPresentation && !(0x1F000...0x1FAFF).contains(first.value)
    }

    /// Punctuation that must not begin a line (kinsoku).
    static func isClosingPunctuation(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
            return false
        }
        return closingPunctuation.contains(first)
    }

    /// A set, not a string to search: this is asked for every CJK character.
    private static let closingPunctuation = Set("、。，．：；！？）」』】〕〉》ー・ぁぃぅぇぉっゃゅょァィゥェォッャュョ".unicodeScalars)

    /// A stretch of one input span's text, as indices into it, so gathering words and lines
    /// copies no strings and retains nothing: words that follow each other in the notes (one
    /// space apart) stay one piece, and a line's text is copied out once, when it is finished.
    private struct Piece {
        /// The input span the piece is a stretch of; `space(of:)` for a space the wrapper adds.
        var source: Int
        var start: String.Index
        var end: String.Index

        /// A single space in the style of span `source`.
        static func space(of source: Int) -> Piece {
            Piece(source: -1 - source, start: spaceText.startIndex, end: spaceText.endIndex)
        }

        var isSpace: Bool { source < 0 }
        /// The span whose style the piece takes.
        var styleSource: Int { source < 0 ? -1 - source : source }

        static let spaceText = " "
    }

    /// The line being filled and the word being gathered.
    private struct State {
        let measure: Int
        let width: DisplayWidth
        let spans: [Span]
        /// The input span being read.
        var source = 0
        var lines: [[Span]] = []
        var line: [Piece] = []
        var lineWidth = 0
        /// The word so far, in pieces of one span each.
        var word: [Piece] = []
        var wordWidth = 0
        /// The span of a space seen since the last word, whose style the space takes.
        var pendingSpace: Int?
        var lastWasIdeographic = false

        init(measure: Int, width: DisplayWidth, spans: [Span]) {
            self.measure = measure
            self.width = width
            self.spans = spans
        }

        mutating func appendASCII(_ start: String.Index, _ end: String.Index, cells: Int) {
            // After an ideograph a line may break before anything but closing punctuation,
            // and no ASCII character is one.
            if lastWasIdeographic { finishWord() }
            append(start, end, cells: cells)
            lastWasIdeographic = false
        }

        /// Text a grapheme cluster at a time.
        mutating func appendCharacters(of text: Substring) {
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(after: index)
                let character = text[index]
                let cells = width.of(character)
                let ideographic = cells == 2 && LineWrapper.isIdeographic(character)
                let mayBreakBefore = ideographic || lastWasIdeographic
                if mayBreakBefore && !LineWrapper.isClosingPunctuation(character) { finishWord() }
                append(index, next, cells: cells)
                lastWasIdeographic = ideographic
                index = next
            }
        }

        private mutating func append(_ start: String.Index, _ end: String.Index, cells: Int) {
            let last = word.count - 1
            if last >= 0, word[last].source == source, word[last].end == start {
                word[last].end = end
            } else {
                word.append(Piece(source: source, start: start, end: end))
            }
            wordWidth += cells
        }

        mutating func finishWord() {
            guard !word.isEmpty else { return }
            defer {
                word.removeAll(keepingCapacity: true)
                wordWidth = 0
                pendingSpace = nil
                lastWasIdeographic = false
            }
            let space = lineWidth > 0 && pendingSpace != nil ? 1 : 0
            if lineWidth + space + wordWidth <= measure {
                if space == 1, let pendingSpace { putSpace(of: pendingSpace) }
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
            for piece in word {
                let text = spans[piece.source].text
                var index = piece.start
                while index < piece.end {
                    let next = text.index(after: index)
                    let cells = width.of(text[index])
                    if lineWidth > 0 && lineWidth + cells > measure { finishLine() }
                    put(Piece(source: piece.source, start: index, end: next))
                    lineWidth += cells
                    index = next
                }
            }
        }

        mutating func finishLine() {
            var result: [Span] = []
            var styleSource = -1
            for piece in line {
                let text = piece.isSpace ? Piece.spaceText[...] : spans[piece.source].text[piece.start..<piece.end]
                if styleSource >= 0, sameStyle(styleSource, piece.styleSource) {
                    result[result.count - 1].text += text
                } else {
                    styleSource = piece.styleSource
                    result.append(Span(String(text), spans[styleSource].style))
                }
            }
            lines.append(result)
            line.removeAll(keepingCapacity: true)
            lineWidth = 0
            pendingSpace = nil
        }

        private mutating func putWord() {
            for piece in word { put(piece) }
            lineWidth += wordWidth
        }

        /// The space between two words: the one written in the notes when it is a single
        /// space between them in one span, so the piece before it runs on over it.
        private mutating func putSpace(of spaceSource: Int) {
            let last = line.count - 1
            if last >= 0, let first = word.first, line[last].source == spaceSource, first.source == spaceSource {
                let utf8 = spans[spaceSource].text.utf8
                let afterLast = line[last].end
                if afterLast < first.start, utf8[afterLast] == UInt8(ascii: " "),
                    utf8.index(after: afterLast) == first.start
                {
                    line[last].end = first.start
                    return
                }
            }
            put(.space(of: spaceSource))
        }

        /// Adds a piece to the line, joining it to the last one when it continues that stretch.
        private mutating func put(_ piece: Piece) {
            let last = line.count - 1
            if last >= 0, !piece.isSpace, line[last].source == piece.source, line[last].end == piece.start {
                line[last].end = piece.end
            } else {
                line.append(piece)
            }
        }

        /// Whether two spans look the same; a span always looks like itself.
        private func sameStyle(_ first: Int, _ second: Int) -> Bool {
            first == second || spans[first].style == spans[second].style
        }
    }
}
