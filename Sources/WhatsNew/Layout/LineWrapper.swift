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
        var state = State(measure: measure, width: width)
        for (source, span) in spans.enumerated() {
            state.source = source
            let text = span.text
            let utf8 = text.utf8
            var index = utf8.startIndex
            while index < utf8.endIndex {
                switch utf8[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    state.finishWord()
                    state.pendingSpace = span.style
                    index = utf8.index(after: index)
                case UInt8(ascii: "\n"):
                    state.finishWord()
                    state.finishLine()
                    index = utf8.index(after: index)
                case UInt8(ascii: "\r"):
                    // `\r\n` is one break; a lone `\r` is a character of no width.
                    let next = utf8.index(after: index)
                    if next < utf8.endIndex, utf8[next] == UInt8(ascii: "\n") {
                        state.finishWord()
                        state.finishLine()
                        index = utf8.index(after: next)
                    } else {
                        state.appendCharacters(of: text[index..<next], style: span.style)
                        index = next
                    }
                default:
                    // A run of text up to the next space or line break, taken whole when it is
                    // printable ASCII (one cell a byte, no ideographs): the usual case, without a
                    // grapheme break or width look-up per character.
                    var end = index
                    var isASCII = true
                    while end < utf8.endIndex {
                        let byte = utf8[end]
                        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                            || byte == UInt8(ascii: "\r")
                        {
                            break
                        }
                        if byte >= 0x7F || byte < 0x20 { isASCII = false }
                        end = utf8.index(after: end)
                    }
                    if isASCII {
                        state.appendASCII(text[index..<end], style: span.style)
                    } else {
                        state.appendCharacters(of: text[index..<end], style: span.style)
                    }
                    index = end
                }
            }
        }
        state.finishWord()
        if !state.line.isEmpty { state.finishLine() }
        return state.lines
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

    /// A stretch of one span's text, kept as a slice until its line is finished: words that
    /// follow each other in the notes (one space apart) stay one slice, so a line is usually
    /// copied out once rather than appended to word by word.
    private struct Piece {
        var text: Substring
        var cells: Int
        var style: TextStyle
        /// Which input span the text is a slice of; -1 for a space the wrapper supplied.
        var source: Int
    }

    /// The line being filled and the word being gathered.
    private struct State {
        let measure: Int
        let width: DisplayWidth
        /// The input span being read.
        var source = 0
        var lines: [[Span]] = []
        var line: [Piece] = []
        var lineWidth = 0
        /// The word so far, in pieces of one style each.
        var word: [Piece] = []
        var wordWidth = 0
        /// A space seen since the last word, in the style it was written in.
        var pendingSpace: TextStyle?
        var lastWasIdeographic = false

        init(measure: Int, width: DisplayWidth) {
            self.measure = measure
            self.width = width
        }

        mutating func appendASCII(_ text: Substring, style: TextStyle) {
            // After an ideograph a line may break before anything but closing punctuation,
            // and no ASCII character is one.
            if lastWasIdeographic { finishWord() }
            append(text, cells: text.utf8.count, style: style)
            lastWasIdeographic = false
        }

        /// Text with non-ASCII characters in it, a grapheme cluster at a time.
        mutating func appendCharacters(of text: Substring, style: TextStyle) {
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(after: index)
                let character = text[index]
                let cells = width.of(character)
                let ideographic = cells == 2 && LineWrapper.isIdeographic(character)
                let mayBreakBefore = ideographic || lastWasIdeographic
                if mayBreakBefore && !LineWrapper.isClosingPunctuation(character) { finishWord() }
                append(text[index..<next], cells: cells, style: style)
                lastWasIdeographic = ideographic
                index = next
            }
        }

        private mutating func append(_ text: Substring, cells: Int, style: TextStyle) {
            let piece = Piece(text: text, cells: cells, style: style, source: source)
            if let last = word.last, Self.canExtend(last, with: piece) {
                word[word.count - 1].text = last.text.base[last.text.startIndex..<text.endIndex]
                word[word.count - 1].cells += cells
            } else {
                word.append(piece)
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
                if space == 1, let style = pendingSpace { putSpace(style) }
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
                var index = piece.text.startIndex
                while index < piece.text.endIndex {
                    let next = piece.text.index(after: index)
                    let cells = width.of(piece.text[index])
                    if lineWidth > 0 && lineWidth + cells > measure { finishLine() }
                    put(Piece(text: piece.text[index..<next], cells: cells, style: piece.style, source: piece.source))
                    lineWidth += cells
                    index = next
                }
            }
        }

        mutating func finishLine() {
            var spans: [Span] = []
            for piece in line {
                if let last = spans.last, last.style == piece.style {
                    spans[spans.count - 1].text += piece.text
                } else {
                    spans.append(Span(String(piece.text), piece.style))
                }
            }
            lines.append(spans)
            line.removeAll(keepingCapacity: true)
            lineWidth = 0
            pendingSpace = nil
        }

        private mutating func putWord() {
            for piece in word { put(piece) }
            lineWidth += wordWidth
        }

        /// The space between two words: the one written in the notes when it is a single
        /// space, so the slice before it can run on over it.
        private mutating func putSpace(_ style: TextStyle) {
            if let last = line.last, let first = word.first, last.source == first.source, last.style == style,
                first.style == style
            {
                let base = last.text.base
                let gap = base.utf8[last.text.endIndex..<first.text.startIndex]
                if gap.count == 1, gap.first == UInt8(ascii: " ") {
                    line[line.count - 1].text = base[last.text.startIndex..<first.text.startIndex]
                    return
                }
            }
            put(Piece(text: " ", cells: 1, style: style, source: -1))
        }

        /// Adds a piece to the line, joining it to the last one when it continues that slice.
        private mutating func put(_ piece: Piece) {
            if let last = line.last, Self.canExtend(last, with: piece) {
                line[line.count - 1].text = last.text.base[last.text.startIndex..<piece.text.endIndex]
            } else {
                line.append(piece)
            }
        }

        private static func canExtend(_ piece: Piece, with next: Piece) -> Bool {
            piece.source >= 0 && piece.source == next.source && piece.text.endIndex == next.text.startIndex
                && piece.style == next.style
        }
    }
}
