// Writes long-dates.tsv: each locale's long date form (CLDR's, as ICU gives it through
// Foundation's DateFormatter) as data, so the binary formats dates in every locale without
// linking ICU. Run from this folder when the data should follow a newer CLDR:
//
//   swift generate-long-dates.swift > long-dates.tsv
//
// A row is written for a locale only where it differs from its language's row (de-AT keeps
// "Jänner"; de-CH is de's), so the file stays small.
import Foundation

var calendar = Calendar(identifier: .gregorian)
calendar.timeZone = TimeZone(identifier: "UTC")!

/// The pattern's fields must be ones LongDates knows; the rest of a pattern is literal text.
func fields(of pattern: String) -> [String] {
    // Scalars, not characters: a quote followed by a combining mark is one character.
    var found: [String] = []
    var quoted = false
    var previous: Unicode.Scalar? = nil
    for scalar in pattern.unicodeScalars {
        if scalar == "'" { quoted.toggle(); previous = nil; continue }
        guard !quoted, scalar.isASCII, scalar.properties.isAlphabetic else { previous = nil; continue }
        if scalar == previous {
            found[found.count - 1].unicodeScalars.append(scalar)
        } else {
            found.append(String(scalar))
        }
        previous = scalar
    }
    return found
}

func row(_ identifier: String) -> [String] {
    let locale = Locale(identifier: identifier)
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.dateStyle = .long
    formatter.timeStyle = .none
    let pattern = formatter.dateFormat ?? ""
    let known: Set<String> = ["d", "dd", "M", "MM", "MMM", "MMMM", "L", "LL", "LLLL", "y", "yyyy", "G", "GGGG"]
    for field in fields(of: pattern) where !known.contains(field) {
        FileHandle.standardError.write(
            Data("\(identifier): the field \(field) of \(pattern) is not one LongDates formats\n".utf8))
        exit(1)
    }
    // The digits as the long form itself writes them (a locale's numbers, and its other date
    // forms, may use others): the zero of a decimal digit in a formatted date, and the nine after it.
    let sample = formatter.string(from: calendar.date(from: DateComponents(year: 2024, month: 3, day: 9))!)
    let digit = sample.unicodeScalars.first { $0.properties.numericType == .decimal }!
    let zero = digit.value - UInt32(digit.properties.numericValue!)
    let digits = String(String.UnicodeScalarView((0...9).map { Unicode.Scalar(zero + $0)! }))
    // Only what the pattern uses: short months for MMM, standalone ones for L, the era for G.
    let used = Set(fields(of: pattern))
    return [
        pattern,
        used.contains("MMMM") ? formatter.monthSymbols.joined(separator: "|") : "",
        used.contains("MMM") ? formatter.shortMonthSymbols.joined(separator: "|") : "",
        used.contains("LLLL") || used.contains("LLL") ? formatter.standaloneMonthSymbols.joined(separator: "|") : "",
        used.contains("G") || used.contains("GGGG") ? formatter.eraSymbols.last ?? "" : "",
        digits == "0123456789" ? "" : digits,
    ]
}

print("# Each locale's long date (CLDR through ICU, by generate-long-dates.swift): locale, pattern,")
print("# months (format), months (short), months (standalone), the era of today's dates, the digits")
print("# when not 0-9. A locale missing here takes its language's row; a language missing, ISO 8601.")
var languages: [String: [String]] = [:]
var written: Set<String> = []
for identifier in Locale.availableIdentifiers.sorted() {
    let tag = identifier.replacingOccurrences(of: "_", with: "-")
    let values = row(identifier)
    if values[0].isEmpty { continue }
    let language = String(tag.split(separator: "-").first ?? "")
    if tag == language {
        languages[language] = values
    } else if languages[language] == nil {
        languages[language] = row(language)
        print(([language] + languages[language]!).joined(separator: "\t"))
    }
    if tag != language, languages[language] == values { continue }
    print(([tag] + values).joined(separator: "\t"))
    written.insert(tag)
}
// A tag written without its script (sr-ME, pa-PK) is what ICU makes of it (sr-Latn-ME, pa-Arab-PK),
// not its language's row: such tags get rows of their own where they differ.
for identifier in Locale.availableIdentifiers.sorted() {
    let parts = identifier.split(separator: "_")
    guard parts.count == 3, parts[1].count == 4 else { continue }
    let tag = "\(parts[0])-\(parts[2])"
    guard !written.contains(tag), let language = languages[String(parts[0])] else { continue }
    let values = row("\(parts[0])_\(parts[2])")
    if values[0].isEmpty || values == language { continue }
    print(([tag] + values).joined(separator: "\t"))
    written.insert(tag)
}
