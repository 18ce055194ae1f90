import WhatsNewModel

/// Decides what a heading is from its plain text.
///
/// A version alone is not enough (`Upgrading to 2.0`, `Fix parsing in TypeScript 5.0`), so the
/// words around it count: a date makes it a release; without one, at most three words may
/// lead (`Swift`, `Version`, `man-db`) and only a name, a parenthesis or a few known words may
/// follow.
package enum HeadingClassifier {
    package static func role(of text: String) -> HeadingRole {
        plainVersion(text) ?? classify(text)
    }

    /// `1.4.0`, `0.21`: numbers of one to three digits joined by dots, two to four of them, and
    /// nothing else, as generated changelogs head most releases. Such a text is never a year
    /// or a date, so it is a release without the token scan, which costs far more per heading.
    static func plainVersion(_ text: String) -> HeadingRole? {
        var numbers: [Int] = []
        numbers.reserveCapacity(4)
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            if (0x30...0x39).contains(byte) {
                digits += 1
                guard digits <= 3 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            } else if byte == UInt8(ascii: "."), digits > 0, numbers.count < 3 {
                numbers.append(value)
                value = 0
                digits = 0
            } else {
                return nil
            }
        }
        guard digits > 0, !numbers.isEmpty else { return nil }
        numbers.append(value)
        let version = ReleaseVersion(plain: text, numbers: numbers)
        return .release(
            ReleaseHeading(version: version, isWeak: false, date: nil, name: nil, product: nil, isUnreleased: false))
    }

    /// The whole reading of a heading's words.
    static func classify(_ text: String) -> HeadingRole {
        // Versions and dates need digits; most category headings have none.
        guard text.utf8.contains(where: { (0x30...0x39).contains($0) }) else {
            let words = text.lowercased().split { !$0.isLetter }.map(String.init)
            return isUnreleasedName(words) ? .unreleased : .other
        }
        let tokens = HeadingToken.tokenize(text)
        var dates = DateScanner(tokens: tokens).matches()
        // `2026.2.2 - 2026-02-03`: beside a date written as one, the dotted one is the version.
        if dates.contains(where: \.isDotted), dates.contains(where: { !$0.isDotted }) {
            dates.removeAll(where: \.isDotted)
        }
        let taken = TakenTokens(dates.map(\.range))
        let (versions, hasSeries) = VersionScanner(tokens: tokens, taken: taken).scan()

        guard let version = chooseVersion(versions, tokens: tokens) else {
            if hasSeries { return .series }
            let words = tokens.filter { $0.kind == .word }.map { $0.text.lowercased() }
            if isUnreleasedName(words) { return .unreleased }
            if let date = dates.first {
                let others = words.filter { !dateOnlyWords.contains($0) && !isMonth($0) }
                if date.isDotted, others.isEmpty, dates.count == 1, let calendarVersion = ReleaseVersion(date.text) {
                    // `## 2024.05.02` alone is a calendar version; the date it spells is not asserted.
                    return .release(
                        ReleaseHeading(
                            version: calendarVersion, isWeak: false, date: nil, name: nil, product: nil,
                            isUnreleased: false))
                }
                return others.isEmpty || outsideParentheses(tokens, excluding: taken).isEmpty ? .dateOnly(date) : .other
            }
            return isPeriod(tokens) ? .period : .other
        }

        // In `0.5 to 0.6` the words before the range lead, not the range's own first version.
        let leadEnd = versions.first.map { min($0.range.lowerBound, version.range.lowerBound) } ?? 0
        let prefix = tokens.indices[..<leadEnd].filter { !taken.contains($0) }.map { tokens[$0] }
        let suffix = tokens.indices[version.range.upperBound...].filter { !taken.contains($0) }.map { tokens[$0] }
        let lead = Lead(prefix)
        let trail = Trail(suffix)
        let hasDate = !dates.isEmpty
        guard hasDate || (lead.isAcceptable && trail.isAcceptable) else { return .other }
        return .release(
            ReleaseHeading(
                version: version.version, isWeak: version.isWeak, date: dates.first, name: trail.name,
                product: lead.isAcceptable ? lead.product : nil,
                isUnreleased: isMarkedUnreleased(tokens) || ReleaseInProgress.isWorkInProgress(version.version)))
    }

    /// The release's version: the later of `between 3.0.18 and 3.0.19`, else the first.
    private static func chooseVersion(_ versions: [VersionScanner.Match], tokens: [HeadingToken]) -> VersionScanner
        .Match?
    {
        let strong = versions.filter { !$0.isWeak }
        let candidates = strong.isEmpty ? versions : strong
        guard candidates.count >= 2, let first = candidates.first, let last = candidates.last else {
            return candidates.first
        }
        // A connective between the two (`3.0.18 and OpenSSL 3.0.19`), with at most the product
        // named again, not a name of something else (`0.1.0 / … / Rust and V8`).
        let lead = Set(tokens[..<first.range.lowerBound].filter { $0.kind == .word }.map { $0.text.lowercased() })
        let between = tokens[first.range.upperBound..<last.range.lowerBound].filter { $0.kind != .space }
            .map { $0.text.lowercased() }
        guard between.contains(where: { ["and", "to", "→"].contains($0) }),
            between.allSatisfy({ ["and", "to", "→"].contains($0) || lead.contains($0) })
        else { return first }
        return last
    }

    /// `2.9.4 (unreleased)`, `5.0.0 - TBD`, `2.15.0 (not yet released)`.
    private static func isMarkedUnreleased(_ tokens: [HeadingToken]) -> Bool {
        let words = tokens.filter { $0.kind == .word }.map { $0.text.lowercased() }
        if words.contains(where: unreleasedMarkers.contains) { return true }
        guard let not = words.firstIndex(of: "not") else { return false }
        return words[(not + 1)...].prefix(2).contains("released")
    }

    /// `Unreleased`, `Upcoming`, `TBD`, `master (unreleased)`.
    private static func isUnreleasedName(_ words: [String]) -> Bool {
        guard let first = words.first else { return false }
        if first == "unreleased" || unreleasedNames.contains(words.joined(separator: " ")) { return true }
        // R's `# dplyr (development version)`.
        if let last = words.last, last == "version", words.count >= 2,
            ["development", "dev", "devel"].contains(words[words.count - 2])
        {
            return words.count <= 4
        }
        return unreleasedNames.contains(first) && words.dropFirst().allSatisfy(unreleasedMarkers.contains)
    }

    private static func isMonth(_ word: String) -> Bool { MonthNames.number(word) != nil }

    /// A year or a month, or a span of them, before any `/`, `:` or dash and a name:
    /// `2021`, `November 2021`, `2007-2017 / Prehistory`, `Jan – Mar 2024: Winter`.
    private static func isPeriod(_ tokens: [HeadingToken]) -> Bool {
        var sawYear = false
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .number:
                guard VersionScanner.isYear(token.text) else { return false }
                sawYear = true
            case .word:
                guard isMonth(token.text) || ["to", "and"].contains(token.text.lowercased()) else {
                    return false
                }
            case .space:
                break
            case .symbol:
                if token.isSymbol("/") || token.isSymbol(":") || token.isSymbol("—") || token.isSymbol("(") {
                    return sawYear  // a name may follow
                }
                guard token.isSymbol("-") || token.isSymbol("–") || token.isSymbol(",") || token.isSymbol(".") else {
                    return false
                }
            }
            index += 1
        }
        return sawYear
    }

    /// Word and number tokens outside `(…)` and not part of a date.
    private static func outsideParentheses(_ tokens: [HeadingToken], excluding taken: TakenTokens) -> [String] {
        let parenthesised = HeadingToken.enclosure(of: tokens, opening: ["("], closing: [")"])
        return tokens.indices.filter { index in
            !parenthesised[index] && !taken.contains(index) && [.word, .number].contains(tokens[index].kind)
        }.map { tokens[$0].text }
    }

    static let unreleasedNames: Set<String> = [
        "unreleased", "main", "master", "head", "next", "upcoming", "trunk", "develop", "development",
        "next release", "next version", "upcoming release", "not yet released", "not released yet",
        "in development", "in progress", "vnext", "latest changes", "tbd", "tba", "to be released", "not released",
        "dev", "devel",
    ]
    /// `yyyy` is a date not filled in yet: `0.1.0.0 -- YYYY-mm-dd`.
    static let unreleasedMarkers: Set<String> = ["unreleased", "upcoming", "unpublished", "wip", "tbd", "tba", "yyyy"]
    private static let dateOnlyWords: Set<String> = ["released", "release", "on", "date", "st", "nd", "rd", "th"]
}

/// The tokens a date covers, as the dates' ranges: a heading has a date or two, so asking
/// is a comparison or two rather than hashing into a set.
struct TakenTokens {
    let ranges: [Range<Int>]

    init(_ ranges: [Range<Int>]) { self.ranges = ranges }

    func contains(_ index: Int) -> Bool { ranges.contains { $0.contains(index) } }
}

/// The words before a version: `Swift`, `Version`, `man-db`, or a sentence that rules it out.
private struct Lead {
    var isAcceptable: Bool
    var product: String?

    init(_ tokens: [HeadingToken]) {
        var words = tokens.filter { $0.kind == .word || $0.kind == .number }.map { $0.text.lowercased() }
        var phraseLength = 0
        for phrase in Self.releasePhrases where words.starts(with: phrase) {
            words.removeFirst(phrase.count)
            phraseLength = phrase.count
            break
        }
        let meaningful = words.filter { !Self.stopWords.contains($0) }
        isAcceptable = meaningful.count <= 3 && !meaningful.contains { Self.connectives.contains($0) }
        // The product starts after `Release notes for` and the like: `Elixir` in
        // `Release notes for Elixir 1.14`.
        var wordsToSkip = phraseLength
        guard isAcceptable, !meaningful.isEmpty,
            let firstIndex = tokens.firstIndex(where: { token in
                guard token.kind == .word || token.kind == .number else { return false }
                if wordsToSkip > 0 {
                    wordsToSkip -= 1
                    return false
                }
                return token.kind == .word && !Self.stopWords.contains(token.text.lowercased())
            })
        else { return }
        let text = tokens[firstIndex...].map(\.text).joined()
        let trimmed = text.trimmingCharacters(from: " ,:;-–—/[(`'\"")
        product = trimmed.isEmpty ? nil : trimmed
    }

    static let stopWords: Set<String> = ["version", "release", "rel", "ver", "v", "v.", "changelog", "notes"]
    static let releasePhrases: [[String]] = [
        ["what", "s", "new", "in"], ["new", "in"], ["changes", "in"], ["changes", "for"],
        ["release", "notes", "for"], ["notes", "for"], ["changelog", "for"],
    ]
    static let connectives: Set<String> = [
        "to", "from", "since", "between", "of", "with", "and", "on", "at", "by", "the", "for", "after", "before",
        "until", "in", "into", "about", "than", "prior", "upgrading", "upgrade", "migrating", "migration", "guide",
        "support", "supported", "supports", "requires", "require", "drop", "dropped", "removed", "added", "fixed",
        "fix", "fixes", "add", "update", "updated", "bump", "bumped", "use", "using", "deprecated", "breaking",
        "compatible", "compatibility", "is", "are", "was",
    ]
}

/// The words after a version: a name after `:` or a dash, brackets, mentions and a few
/// release words are fine; a sentence is not.
private struct Trail {
    var isAcceptable = true
    var name: String?

    init(_ tokens: [HeadingToken]) {
        let visible = Self.outsideBrackets(tokens)
        let firstMark = visible.firstIndex { $0.kind != .space }
        // `0.2.0 / 2018.11.27 / Mildly usable`: after a date, a slash introduces the name too.
        if let firstMark, let mark = visible[firstMark].text.first, [":", "-", "–", "—", "/"].contains(mark) {
            let rest = visible[(firstMark + 1)...].map(\.text).joined()
            let cleaned = rest.trimmingCharacters(from: " ,:;-–—/|·'\"").collapsingWhitespace()
            // `1.0.0 - Unreleased` and `2.0 - TBD` say how the release stands, not what it is called.
            let isStatus = cleaned.split { !$0.isLetter }.allSatisfy { Self.releaseWords.contains($0.lowercased()) }
            name = cleaned.contains(where: \.isLetter) && !isStatus ? cleaned : nil
            return
        }
        var index = 0
        while index < visible.count {
            let token = visible[index]
            if token.isSymbol("@") {
                index += 1
                while index < visible.count, visible[index].kind != .space { index += 1 }
                continue
            }
            if token.isSymbol("'") || token.isSymbol("\"") || token.isSymbol("‘") || token.isSymbol("“") {
                index += 1
                while index < visible.count, !(visible[index].kind == .symbol && "'\"’”".contains(visible[index].text))
                {
                    index += 1
                }
                index += 1
                continue
            }
            if token.kind == .word, !Self.releaseWords.contains(token.text.lowercased()) {
                isAcceptable = false
                return
            }
            index += 1
        }
    }

    /// The tokens outside `(…)` and `[…]`.
    static func outsideBrackets(_ tokens: [HeadingToken]) -> [HeadingToken] {
        let enclosed = HeadingToken.enclosure(of: tokens, opening: ["(", "["], closing: [")", "]"])
        return tokens.indices.filter { !enclosed[$0] }.map { tokens[$0] }
    }

    static let releaseWords: Set<String> = [
        "release", "released", "releases", "notes", "lts", "current", "stable", "maintenance", "final", "yanked",
        "unreleased", "upcoming", "tbd", "tba", "wip", "in", "progress", "development", "on", "hotfix", "beta",
        "alpha", "rc", "preview", "prerelease", "nightly", "version", "edition", "security", "patch", "minor",
        "major", "update", "yyyy", "mm", "dd",
        // A link's text after the version: `2.29.3 [See full changelog](…)`.
        "see", "full", "changelog", "changes", "diff", "compare", "series",
    ]
}
