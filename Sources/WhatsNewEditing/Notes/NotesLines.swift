import WhatsNewModel
import WhatsNewReading

/// A notes file as lines to edit, each with its own line ending, so an edit leaves every line
/// it does not touch byte for byte as it was.
struct NotesLines: Sendable {
    private(set) var lines: [String]
    private var endings: [String]
    /// The ending new lines take: the file's most common.
    let newline: String

    init(_ bytes: [UInt8]) {
        var lines: [String] = []
        var endings: [String] = []
        for line in SourceLines.lines(of: bytes) {
            lines.append(String(decoding: bytes[line.content], as: UTF8.self))
            endings.append(String(decoding: bytes[line.content.upperBound..<line.whole.upperBound], as: UTF8.self))
        }
        let crlf = endings.filter { $0 == "\r\n" }.count
        let cr = endings.filter { $0 == "\r" }.count
        // Classic Mac OS files end lines with CR alone; a release written there does too.
        newline = crlf * 2 > endings.count ? "\r\n" : cr * 2 > endings.count ? "\r" : "\n"
        self.lines = lines
        self.endings = endings
    }

    var count: Int { lines.count }

    /// The text of a 1-based line.
    subscript(line: Int) -> String { lines[line - 1] }

    func isBlank(_ line: Int) -> Bool { lines[line - 1].allSatisfy { $0 == " " || $0 == "\t" } }

    /// Lines `range` (1-based, inclusive) replaced by `new`.
    mutating func replace(_ range: ClosedRange<Int>, with new: [String]) {
        let endsFile = range.upperBound == lines.count
        let lastEnding = endings[range.upperBound - 1]
        lines.replaceSubrange((range.lowerBound - 1)..<range.upperBound, with: new)
        var newEndings = Array(repeating: newline, count: new.count)
        if endsFile, !new.isEmpty { newEndings[new.count - 1] = lastEnding.isEmpty ? newline : lastEnding }
        endings.replaceSubrange((range.lowerBound - 1)..<range.upperBound, with: newEndings)
    }

    /// `new` put before 1-based line `line` (`count + 1` puts it at the end).
    mutating func insert(_ new: [String], before line: Int) {
        if line > lines.count, let last = endings.indices.last, endings[last].isEmpty { endings[last] = newline }
        lines.insert(contentsOf: new, at: line - 1)
        endings.insert(contentsOf: Array(repeating: newline, count: new.count), at: line - 1)
    }

    /// Several edits made against the lines as they stand, applied from the bottom up so each
    /// one's line numbers stay good.
    mutating func apply(_ edits: [LineEdit]) {
        for edit in edits.sorted(by: { $0.position > $1.position }) {
            switch edit {
            case .replace(let range, let new): replace(range, with: new)
            case .insert(let line, let new): insert(new, before: line)
            }
        }
    }

    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        for (line, ending) in zip(lines, endings) {
            bytes += line.utf8
            bytes += ending.utf8
        }
        return bytes
    }
}

/// One change to a notes file's lines, by its line numbers before any change.
enum LineEdit {
    case replace(ClosedRange<Int>, [String])
    case insert(before: Int, [String])

    var position: Int {
        switch self {
        case .replace(let range, _): range.lowerBound
        case .insert(let line, _): line
        }
    }
}
