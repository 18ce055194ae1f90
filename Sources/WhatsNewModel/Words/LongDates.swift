/// A date in a locale's own long form (`2. März 2024`, `2024年3月2日`, `2 de março de 2024`), from
/// CLDR's patterns and month names kept as data (`long-dates.tsv`, written by
/// `generate-long-dates.swift`), so the binary needs no ICU for them.
public enum LongDates {
    /// The long form of `locale`'s dates, or of its language's; nil when the data has neither.
    public static func formatter(for locale: LocaleTag) -> (@Sendable (ReleaseDate) -> String)? {
        for tag in locale.lookupTags {
            if let form = forms[tag] { return { form.format($0) } }
        }
        return nil
    }

    /// The locales the data has a row for (a locale without one takes its language's row).
    public static var locales: [String] { forms.keys.sorted() }

    private static let forms: [String: LongDateForm] = {
        var forms: [String: LongDateForm] = [:]
        for line in PackageResources.long_dates_tsv.split(separator: UInt8(ascii: "\n"))
        where line.first != UInt8(ascii: "#") {
            let columns = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            guard columns.count == 7, let form = LongDateForm(columns: Array(columns.dropFirst())) else { continue }
            forms[columns[0]] = form
        }
        return forms
    }()
}

/// One locale's long date: CLDR's pattern, read once into literal text and fields.
struct LongDateForm: Sendable {
    private enum Piece: Sendable {
        case text(String)
        case day(padded: Bool)
        case month(width: Int, standalone: Bool)
        case year(padded: Bool)
        case era
    }

    private let pieces: [Piece]
    private let months: [String]
    private let shortMonths: [String]
    private let standaloneMonths: [String]
    private let era: String
    /// The locale's digits, 0 to 9; nil for ASCII's.
    private let digits: [Character]?

    /// A row's columns after the locale: pattern, months, short months, standalone months, era, digits.
    init?(columns: [String]) {
        // Split on scalars: a name may open with a joiner, which would make one character of `|` and it.
        func names(_ column: String) -> [String] {
            column.unicodeScalars.split(separator: "|", omittingEmptySubsequences: false).map {
                String(String.UnicodeScalarView($0))
            }
        }
        guard let pieces = Self.pieces(of: columns[0]) else { return nil }
        self.pieces = pieces
        months = names(columns[1])
        shortMonths = names(columns[2])
        standaloneMonths = names(columns[3])
        era = columns[4]
        digits = columns[5].count == 10 ? Array(columns[5]) : nil
    }

    func format(_ date: ReleaseDate) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let literal): text += literal
            case .day(let padded): text += number(date.day, width: padded ? 2 : 1)
            case .year(let padded): text += number(date.year, width: padded ? 4 : 1)
            case .era: text += era
            case .month(let width, let standalone):
                let names = width == 4 ? (standalone ? standaloneMonths : months) : shortMonths
                if width >= 3, names.count == 12 {
                    text += names[date.month - 1]
                } else {
                    text += number(date.month, width: width == 2 ? 2 : 1)
                }
            }
        }
        return text
    }

    private func number(_ value: Int, width: Int) -> String {
        let written = String(value)
        let padded = String(repeating: "0", count: max(0, width - written.count)) + written
        guard let digits else { return padded }
        return String(padded.map { digits[Int($0.asciiValue! - 48)] })
    }

    /// CLDR's pattern syntax: runs of an ASCII letter are fields; text in single quotes, and
    /// any other character, is literal (`''` is a quote). Scalars, since a quote may carry a
    /// combining mark. Nil for a field this form cannot write.
    private static func pieces(of pattern: String) -> [Piece]? {
        var pieces: [Piece] = []
        var literal = ""
        var quoted = false
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                    literal.unicodeScalars.append("'")
                    index += 2
                    continue
                }
                quoted.toggle()
                index += 1
                continue
            }
            guard !quoted, scalar.isASCII, scalar.properties.isAlphabetic else {
                literal.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            var width = 1
            while index + width < scalars.count, scalars[index + width] == scalar { width += 1 }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            switch (scalar, width) {
            case ("d", 1...2): pieces.append(.day(padded: width == 2))
            case ("M", 1...4): pieces.append(.month(width: width, standalone: false))
            case ("L", 1...4): pieces.append(.month(width: width, standalone: true))
            case ("y", 1), ("y", 4): pieces.append(.year(padded: width == 4))
            case ("G", 1...4): pieces.append(.era)
            default: return nil
            }
            index += width
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return pieces
    }
}
