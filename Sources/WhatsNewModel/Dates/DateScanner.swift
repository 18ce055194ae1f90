/// Finds a calendar date in a heading's tokens, in the forms release notes use:
/// `2024-05-02`, `2020-12-1`, `2026.06.03`, `2024/05/02`, `31 July 2022`, `6th December, 2024`,
/// `July 1, 2025`, `Sept. 3 2024`, `31.07.2022`, and `26-07-2022` or `11/27/2017`, whose order
/// the file's other dates decide.
package struct DateScanner {
    package struct Match {
        /// Nil when the text has the shape of a date but no such day exists (`2024-02-30`).
        package var date: ReleaseDate?
        /// The token indices the date covers.
        package var range: Range<Int>
        /// `2024.05.02`: dotted, so it might be a calendar version instead.
        package var isDotted: Bool
        package var text: String
        /// `26-07-2022`, `11/27/2017`: which number is the day only the file's convention says.
        package var order: NumericOrder? = nil

        /// This match read with the day or the month first, when its own numbers leave it open.
        package func settled(by convention: NumericOrder.Convention) -> Match {
            guard let order, case .either(let dayFirst, let monthFirst) = order else { return self }
            var settled = self
            switch convention {
            case .dayFirst: settled.date = dayFirst
            case .monthFirst: settled.date = monthFirst
            case .unknown: break
            }
            return settled
        }

        /// Neither the numbers nor the file's convention say which is the day.
        package var isUndecided: Bool {
            if date == nil, case .either? = order { return true }
            return false
        }
    }

    /// How a date with two small numbers before the year reads.
    package enum NumericOrder: Hashable {
        /// A number over 12 shows the day comes first (`26-07-2022`).
        case dayFirst
        /// A number over 12 in second place shows the month comes first (`11-27-2017`).
        case monthFirst
        /// Both readings name a real day (`03-04-2022`).
        case either(dayFirst: ReleaseDate, monthFirst: ReleaseDate)

        /// What a file's decided dates say about its undecided ones.
        package enum Convention { case dayFirst, monthFirst, unknown }

        /// The one order the decided dates agree on.
        package static func convention(of orders: [NumericOrder]) -> Convention {
            let dayFirst = orders.contains(.dayFirst)
            let monthFirst = orders.contains(.monthFirst)
            if dayFirst && !monthFirst { return .dayFirst }
            if monthFirst && !dayFirst { return .monthFirst }
            return .unknown
        }
    }

    let tokens: [HeadingToken]

    package init(tokens: [HeadingToken]) {
        self.tokens = tokens
    }

    /// Every date in the tokens, left to right.
    package func matches() -> [Match] {
        var found: [Match] = []
        var index = 0
        while index < tokens.count {
            if let match = numericDate(at: index) ?? dayMonthYear(at: index) ?? monthDayYear(at: index) {
                found.append(match)
                index = match.range.upperBound
            } else {
                index += 1
            }
        }
        return found
    }

    /// A whole string that is one date and nothing else, as front matter writes it.
    package static func date(in text: String) -> Match? {
        let tokens = HeadingToken.tokenize(text.trimmedWhitespace())
        guard let match = DateScanner(tokens: tokens).matches().first, match.range == 0..<tokens.count else {
            return nil
        }
        return match
    }

    // MARK: - Forms

    /// `YYYY-M-D` with one separator throughout, or `D.M.YYYY`.
    private func numericDate(at start: Int) -> Match? {
        guard let first = number(at: start), let separator = symbol(at: start + 1),
            ["-", ".", "/"].contains(separator),
            let second = number(at: start + 2), symbol(at: start + 3) == separator, let third = number(at: start + 4)
        else { return nil }
        let end = start + 5
        // A fourth dotted part means a version such as 2024.1.2.3, not a date.
        if symbol(at: end) == separator, number(at: end + 1) != nil { return nil }
        let digits = (
            tokens[start].text.utf8.count, tokens[start + 2].text.utf8.count, tokens[start + 4].text.utf8.count
        )
        if digits.0 == 4, digits.1 <= 2, digits.2 <= 2 {
            // `2026.2.2-3`, `2026.2.2-beta`, `2026.2.2b1`: a calendar version with a suffix, not a day.
            if separator == ".", end < tokens.count,
                tokens[end].kind == .word || tokens[end].isSymbol("+")
                    || (tokens[end].isSymbol("-") && end + 1 < tokens.count
                        && (tokens[end + 1].kind == .number || tokens[end + 1].kind == .word))
            {
                return nil
            }
            return match(start..<end, year: first, month: second, day: third, dotted: separator == ".")
        }
        if separator == ".", digits.0 <= 2, digits.1 <= 2, digits.2 == 4 {
            return match(start..<end, year: third, month: second, day: first, dotted: false)
        }
        if digits.0 <= 2, digits.1 <= 2, digits.2 == 4 {
            return dayOrMonthFirst(start..<end, first: first, second: second, year: third)
        }
        return nil
    }

    /// `26-07-2022`, `17/06/2022`, `11-27-2017`: decided by a number over 12, else left open.
    private func dayOrMonthFirst(_ range: Range<Int>, first: Int, second: Int, year: Int) -> Match {
        let dayFirst = ReleaseDate(year: year, month: second, day: first)
        let monthFirst = ReleaseDate(year: year, month: first, day: second)
        var found = match(range, year: year, month: second, day: first, dotted: false)
        switch (dayFirst, monthFirst) {
        case (let day?, let month?) where day == month:
            found.date = day
        case (let day?, let month?):
            found.date = nil
            found.order = .either(dayFirst: day, monthFirst: month)
        case (let day?, nil):
            found.date = day
            found.order = .dayFirst
        case (nil, let month?):
            found.date = month
            found.order = .monthFirst
        case (nil, nil):
            found.date = nil
        }
        return found
    }

    /// `31 July 2022`, `6th December, 2024`, `1 Jul. 2025`, `05-Nov-2022`.
    private func dayMonthYear(at start: Int) -> Match? {
        guard let day = number(at: start), tokens[start].text.utf8.count <= 2 else { return nil }
        var index = skipOrdinal(after: start + 1)
        let hyphenated = tokens.indices.contains(index) && tokens[index].isSymbol("-")
        index = hyphenated ? index + 1 : skip(.space, at: index)
        guard let month = month(at: index) else { return nil }
        if hyphenated {
            guard tokens.indices.contains(index + 1), tokens[index + 1].isSymbol("-") else { return nil }
            index += 1
        }
        index = skipPunctuation(after: index + 1)
        guard let year = year(at: index) else { return nil }
        return match(start..<(index + 1), year: year, month: month, day: day, dotted: false)
    }

    /// `July 1, 2025`, `Sept. 3rd 2024`.
    private func monthDayYear(at start: Int) -> Match? {
        guard let month = month(at: start) else { return nil }
        var index = skip(.symbol("."), at: start + 1)
        index = skip(.space, at: index)
        guard let day = number(at: index), tokens[index].text.utf8.count <= 2 else { return nil }
        index = skipPunctuation(after: skipOrdinal(after: index + 1))
        guard let year = year(at: index) else { return nil }
        return match(start..<(index + 1), year: year, month: month, day: day, dotted: false)
    }

    // MARK: - Pieces

    private func match(_ range: Range<Int>, year: Int, month: Int, day: Int, dotted: Bool) -> Match {
        Match(
            date: ReleaseDate(year: year, month: month, day: day), range: range, isDotted: dotted,
            text: tokens[range].map(\.text).joined())
    }

    private func number(at index: Int) -> Int? {
        // A number token is ASCII digits: its bytes are its characters.
        guard index < tokens.count, tokens[index].kind == .number, tokens[index].text.utf8.count <= 4 else {
            return nil
        }
        return Int(tokens[index].text)
    }

    private func year(at index: Int) -> Int? {
        guard index < tokens.count, tokens[index].text.utf8.count == 4 else { return nil }
        return number(at: index)
    }

    private func symbol(at index: Int) -> Unicode.Scalar? {
        guard index < tokens.count, tokens[index].kind == .symbol else { return nil }
        return tokens[index].first
    }

    private func month(at index: Int) -> Int? {
        guard index < tokens.count, tokens[index].kind == .word else { return nil }
        return MonthNames.number(tokens[index].text)
    }

    private enum Skippable { case space, symbol(Unicode.Scalar) }

    private func skip(_ what: Skippable, at index: Int) -> Int {
        guard index < tokens.count else { return index }
        switch what {
        case .space: return tokens[index].kind == .space ? index + 1 : index
        case .symbol(let character): return tokens[index].isSymbol(character) ? index + 1 : index
        }
    }

    /// `st`, `nd`, `rd`, `th` right after a day number.
    private func skipOrdinal(after index: Int) -> Int {
        guard index < tokens.count, tokens[index].kind == .word,
            ["st", "nd", "rd", "th"].contains(tokens[index].text.lowercased())
        else { return index }
        return index + 1
    }

    /// The `.`, `,` and spaces between a month or day and the year.
    private func skipPunctuation(after index: Int) -> Int {
        var index = skip(.symbol("."), at: index)
        index = skip(.symbol(","), at: index)
        return skip(.space, at: index)
    }
}

extension DateScanner.Match: Hashable {
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.range == rhs.range && lhs.text == rhs.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
