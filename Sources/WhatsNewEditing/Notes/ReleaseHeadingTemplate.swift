import WhatsNewModel
import WhatsNewReading

/// How a notes file writes a release's heading, read off a release it has: its level and
/// shape, what stands around the version, how it writes the date and whether the version links
/// somewhere, so a new release's heading looks like the others.
struct ReleaseHeadingTemplate: Sendable {
    enum Shape: Sendable, Hashable {
        /// `## [1.4.0] - 2024-05-02`; the text holds the hashes.
        case atx(level: Int)
        /// The text over a line of `=` or `-`: as long as the text, or `length` long whatever
        /// the text (a file that underlines every release with 61 `=`).
        case setext(underline: Character, length: Int?)
        /// A paragraph of its own: `v2.1.0 - March 3, 2024` over the changes.
        case line
    }

    var shape: Shape
    /// The heading with the placeholders below in place of the version, the version before it
    /// and the date.
    var text: String
    var dateStyle: DateStyle
    /// The paragraph under the heading that carries the date (`Released on 2024-05-02.`), when
    /// the heading has none, line by line.
    var dateLines: [String]?
    /// Blank lines between the heading and what follows it: most files leave one, some none.
    var blankLines = 1
    /// How the heading writes the build number, with ``buildNumber`` in its place
    /// (` (\u{E004})` of `### 1.5.2 (53)`); it stands at ``build`` in the text.
    var buildGroup: String?

    static let version = "\u{E000}"
    static let previous = "\u{E001}"
    static let date = "\u{E002}"
    static let build = "\u{E003}"
    static let buildNumber = "\u{E004}"

    /// Keep a Changelog's: `## [1.4.0] - 2024-05-02`.
    static func keepAChangelog(level: Int = 2) -> ReleaseHeadingTemplate {
        ReleaseHeadingTemplate(
            shape: .atx(level: level), text: String(repeating: "#", count: level) + " [\(version)] - \(date)",
            dateStyle: .iso)
    }

    /// The heading's lines, and the date line with the blank line before it; the build number
    /// where the notes write one (`### 1.6.0 (56)`), left out when the release has none.
    func lines(version: String, previous: String?, date: ReleaseDate?, build: String? = nil) -> [String] {
        func fill(_ template: String) -> String {
            var text = template.replacing(Self.version, with: version)
            let group = buildGroup.flatMap { group in build.map { group.replacing(Self.buildNumber, with: $0) } }
            text = text.replacing(Self.build, with: group ?? "")
            text = text.replacing(Self.previous, with: previous ?? version)
            return text.replacing(Self.date, with: date.map(dateStyle.text) ?? "")
        }
        var lines = headingLines(fill(text))
        if let dateLines, date != nil { lines += Array(repeating: "", count: blankLines) + dateLines.map(fill) }
        return lines
    }

    /// The unreleased heading in the same shape: `## [Unreleased]`, `Unreleased` over `===`.
    func unreleasedLines() -> [String] {
        switch shape {
        case .atx(let level):
            let bracketed = text.contains(text: "[\(Self.version)]")
            return [String(repeating: "#", count: level) + (bracketed ? " [Unreleased]" : " Unreleased")]
        case .setext: return headingLines("Unreleased")
        case .line: return ["## Unreleased"]
        }
    }

    private func headingLines(_ text: String) -> [String] {
        guard case .setext(let underline, let length) = shape else { return [text] }
        return [text, String(repeating: underline, count: length ?? max(3, DisplayWidth().of(text)))]
    }

    /// The template a release's heading gives, or nil when it does not give one that reads back
    /// as a release with a new version and date.
    ///
    /// - Parameters:
    ///   - raw: the heading's source lines.
    ///   - release: the release, with its date as read.
    ///   - heading: what the heading's text says, for the date as written and a release name.
    ///   - previous: the version of the release before it, which a comparison link names.
    ///   - firstContent: the first block under the heading, which may carry the date.
    static func derived(
        raw: [String], block: Block, release: Release, heading: ReleaseHeading, previous: String?, firstContent: Block?,
        contentLines: [String]?
    ) -> ReleaseHeadingTemplate? {
        guard let version = release.version?.text, let first = raw.first else { return nil }
        let shape: Shape
        switch block.content {
        case .heading(let level, _):
            if ArraySlice(first.utf8).opensATXHeading {
                shape = .atx(level: level)
            } else {
                let rule = raw.count > 1 ? raw[1].trimmedWhitespace() : ""
                guard let underline = rule.first else { return nil }
                shape = .setext(underline: underline, length: rule.count == DisplayWidth().of(first) ? nil : rule.count)
            }
        case .paragraph: shape = .line
        default: return nil
        }
        var text = first
        var style = DateStyle.iso
        var dateLines: [String]?
        if let match = heading.date, let date = release.date {
            guard let found = text.firstRange(of: match.text) else { return nil }
            text.replaceSubrange(found, with: Self.date)
            style = DateStyle(written: match.text, date: date) ?? .iso
        } else if let date = release.date, let firstContent, var lines = contentLines,
            let match = ReleaseDetailLine.date(in: firstContent), match.date == date,
            let index = lines.firstIndex(where: { $0.contains(text: match.text) }),
            let found = lines[index].firstRange(of: match.text)
        {
            lines[index].replaceSubrange(found, with: Self.date)
            lines = lines.map { VersionText.replacing(version, with: Self.version, in: $0) }
            // The date's sentence alone when what follows names that release by no version (a
            // milestone's number in a link): the next release's would be another.
            if let date = lines[index].firstRange(of: Self.date),
                let stop = lines[index][date.upperBound...].firstIndex(where: { $0 == "." || $0 == "!" }),
                lines[index][lines[index].index(after: stop)...].first.map({ $0 == " " }) ?? (index + 1 < lines.count)
            {
                let rest = String(lines[index][lines[index].index(after: stop)...]) + lines[(index + 1)...].joined()
                if !rest.contains(Self.version) {
                    lines[index] = String(lines[index][...stop])
                    lines = Array(lines[...index])
                }
            }
            dateLines = lines
            style = DateStyle(written: match.text, date: date) ?? .iso
        }
        if let name = heading.name, let found = text.lastRange(of: name) {
            // `0.44.0: Travel Size` names that release alone.
            var start = found.lowerBound
            while start > text.startIndex, " :-–—".contains(text[text.index(before: start)]) {
                start = text.index(before: start)
            }
            text.removeSubrange(start..<found.upperBound)
        }
        text = VersionText.replacing(version, with: Self.version, in: text)
        guard text.contains(Self.version) else { return nil }
        if let previous { text = VersionText.replacing(previous, with: Self.previous, in: text) }
        // A build number after the version is that release's, never the next one's.
        var buildGroup: String?
        if let found = buildRange(in: text) {
            buildGroup = String(text[found.group]).replacing(text[found.digits], with: Self.buildNumber)
            text.replaceSubrange(found.group, with: Self.build)
        }
        var template = ReleaseHeadingTemplate(shape: shape, text: text, dateStyle: style, dateLines: dateLines)
        template.buildGroup = buildGroup
        return template.readsBack(level: block.headingLevel) ? template : nil
    }

    /// ` (53)` or ` (build 53)` after the version placeholder, with its digits apart.
    private static func buildRange(in text: String) -> (group: Range<String.Index>, digits: Range<String.Index>)? {
        guard let version = text.firstRange(of: Self.version),
            let open = text[version.upperBound...].firstIndex(of: "(")
        else { return nil }
        var start = open
        while start > version.upperBound, text[text.index(before: start)] == " " { start = text.index(before: start) }
        // Only blanks between the version (or its closing bracket) and the group.
        guard text[version.upperBound..<start].allSatisfy({ $0 == "]" }) else { return nil }
        var cursor = text.index(after: open)
        for word in ["build ", "Build "] where text[cursor...].hasPrefix(word) {
            cursor = text.index(cursor, offsetBy: word.count)
        }
        let digitsStart = cursor
        while cursor < text.endIndex, text[cursor].isASCII, text[cursor].isNumber { cursor = text.index(after: cursor) }
        guard cursor > digitsStart, cursor < text.endIndex, text[cursor] == ")" else { return nil }
        return (start..<text.index(after: cursor), digitsStart..<cursor)
    }

    /// Whether a heading written from the template is read as a release with that version and date.
    func readsBack(level: Int?) -> Bool {
        let date = ReleaseDate(year: 2031, month: 11, day: 27)!
        let lines = self.lines(version: "97.3.1", previous: "97.3.0", date: date)
        let blocks = MarkdownParser().parse(lines.joined(separator: "\n") + "\n")
        guard let block = blocks.first else { return false }
        let inlines: [Inline]
        switch (block.content, shape) {
        case (.heading(let found, let heading), .atx), (.heading(let found, let heading), .setext):
            guard level == nil || found == level else { return false }
            inlines = heading
        case (.paragraph(let paragraph), .line): inlines = paragraph
        default: return false
        }
        guard case .release(let heading) = HeadingClassifier.role(of: PlainText.of(inlines)),
            heading.version.text == "97.3.1", !heading.isUnreleased
        else { return false }
        if text.contains(Self.date) { return heading.date?.date == date }
        if dateLines != nil, blocks.count > 1 { return ReleaseDetailLine.date(in: blocks[1])?.date == date }
        return true
    }
}

extension Block {
    var headingLevel: Int? {
        if case .heading(let level, _) = content { return level }
        return nil
    }
}
