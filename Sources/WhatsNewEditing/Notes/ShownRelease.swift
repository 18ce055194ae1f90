import WhatsNewModel

/// What the preview's unreleased release shows, to find each fragment in: its rows' titles and
/// the words of each row's text, as a reader gets them.
///
/// A fragment's last words are looked up in one pass over the release's words, made once for
/// all the fragments: searching the whole release's text once per fragment made a release of n
/// fragments cost n² (issue 42). Words the pass does not find where a word starts are searched
/// for in the text as before, so every answer is the search's.
struct ShownRelease {
    private let titles: Set<String>
    private let texts: [String]
    /// Last words of fragments (their UTF-8) that the pass found, each checked in place.
    private let located: Set<ArraySlice<UInt8>>

    /// The release the preview shows (nil when it shows none), read for `fragments`' last words.
    init(_ release: Release?, fragments: [Fragment]) {
        let sections = release?.sections ?? []
        titles = Set(sections.compactMap(\.title))
        let words = sections.map { Self.words(of: $0.content.plainText) }
        texts = words.map(Self.spaced)
        var sought: Set<ArraySlice<UInt8>> = []
        var lengths: Set<Int> = []
        var byteCounts: Set<Int> = []
        for fragment in fragments where fragment.title == nil {
            let last = Self.lastWords(of: fragment)
            guard !last.isEmpty else { continue }
            let run = ArraySlice(Self.spaced(last).utf8)
            sought.insert(run)
            lengths.insert(last.count)
            byteCounts.insert(run.count)
        }
        var located: Set<ArraySlice<UInt8>> = []
        for (row, text) in zip(words, texts) where !sought.isEmpty {
            Self.locate(sought, lengths: lengths, byteCounts: byteCounts, in: row, text: text, into: &located)
        }
        self.located = located
    }

    /// Whether a row has the title.
    func shows(title: String) -> Bool { titles.contains(title) }

    /// Whether a row's words, one space between each, hold `words` (a fragment's last words joined).
    func shows(words: String) -> Bool {
        located.contains(ArraySlice(words.utf8)) || texts.contains { $0.contains(words) }
    }

    /// A fragment's last five words, as the release would show them.
    static func lastWords(of fragment: Fragment) -> ArraySlice<Substring> {
        words(of: MarkdownContent(blocks: fragment.body.blocks).plainText).suffix(5)
    }

    /// The words of a text, brackets left out: a kind marker the notes read off an item's start
    /// (`**New**:`) is gone, and `[#240]` links once the notes define it.
    static func words(of text: String) -> [Substring] {
        // No character spans a line feed but CR LF, whitespace as CR alone is, so each line breaks
        // into characters on its own, and an ASCII line, a character per byte, byte by byte.
        var words: [Substring] = []
        for line in Array(text.utf8).split(separator: 0x0A) {
            guard line.allSatisfy({ $0 < 0x80 }) else {
                words += unicodeWords(of: String(decoding: line, as: UTF8.self))
                continue
            }
            let kept = line.filter { !Self.brackets.contains($0) }
            for word in kept.split(whereSeparator: { Unicode.Scalar($0).isWhitespace }) {
                words.append(Substring(String(decoding: word, as: UTF8.self)))
            }
        }
        return words
    }

    /// Words with one space between each, as the release's text joins them: bytes appended,
    /// then one string (`joined(separator:)` took 700 instructions a word).
    static func spaced<Words: Collection<Substring>>(_ words: Words) -> String {
        var bytes: [UInt8] = []
        for (index, word) in words.enumerated() {
            if index > 0 { bytes.append(0x20) }
            bytes += word.utf8
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `[`, `]`, `(` and `)`.
    private static let brackets = ByteSet("[]()".utf8)

    /// A line's words character by character, in one pass: each character that is a bracket
    /// left out, each that opens with a white-space scalar (as `Character.isWhitespace` asks;
    /// the model's scalar rule, which skips Unicode's tables for ASCII) ending a word. Taking a bracket out never joins a space to what follows it, so this is
    /// the line without brackets split at white space; filtering, then splitting, cost 2,000
    /// instructions a character.
    private static func unicodeWords(of line: String) -> [Substring] {
        var words: [Substring] = []
        var word = ""
        for character in line {
            if character.utf8.count == 1, brackets.contains(character.utf8.first!) { continue }
            if character.unicodeScalars.first!.isWhitespace {
                if !word.isEmpty { words.append(Substring(word)) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(Substring(word)) }
        return words
    }

    /// Every sought run of words found in a row, word by word, kept when the text holds it there
    /// as the search would find it.
    private static func locate(
        _ sought: Set<ArraySlice<UInt8>>, lengths: Set<Int>, byteCounts: Set<Int>, in words: [Substring], text: String,
        into located: inout Set<ArraySlice<UInt8>>
    ) {
        let bytes = Array(text.utf8)
        var starts: [Int] = []
        var offset = 0
        for word in words {
            starts.append(offset)
            offset += word.utf8.count + 1
        }
        for length in lengths where length <= words.count {
            for first in 0...(words.count - length) {
                let last = first + length - 1
                let end = starts[last] + words[last].utf8.count
                // A run of no sought length in bytes is none of them: most are skipped unhashed.
                guard byteCounts.contains(end - starts[first]) else { continue }
                let run = bytes[starts[first]..<end]
                guard sought.contains(run), !located.contains(run) else { continue }
                // With the spaces around it, the run breaks into characters as it does in the text.
                let lower = first > 0 ? starts[first] - 1 : starts[first]
                let upper = last + 1 < words.count ? end + 1 : end
                // ASCII text is a character per byte: the run is one as it stands.
                let around = bytes[lower..<upper]
                if around.allSatisfy({ $0 < 0x80 })
                    || String(decoding: around, as: UTF8.self).contains(String(decoding: run, as: UTF8.self))
                {
                    located.insert(run)
                }
            }
        }
    }
}
