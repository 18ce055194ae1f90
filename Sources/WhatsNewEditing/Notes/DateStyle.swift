import WhatsNewModel

/// How a notes file writes its dates (`2024-05-02`, `May 2, 2024`, `2 May 2024`), read off a
/// date it has written, so a new release's date looks like the others.
struct DateStyle: Sendable, Hashable {
    private let format: Format

    private enum Format: CaseIterable {
        case iso, isoSlashes, isoDots, isoUnpadded
        case monthDayYear, monthDayYearShort, monthDayNoCommaYear, monthOrdinalYear, monthOrdinalNoCommaYear,
            monthShortOrdinalNoCommaYear, monthShortDayNoCommaYear
        case dayMonthYear, dayMonthYearShort, paddedDayMonthYear, dayMonthCommaYear, dayOrdinalMonthCommaYear,
            dayOrdinalMonthYear
        case dayFirstDots, dayFirstSlashes, monthFirstSlashes
    }

    static let iso = DateStyle(format: .iso)

    private init(format: Format) {
        self.format = format
    }

    /// The style that writes `date` exactly as `written`; nil when none does.
    init?(written: String, date: ReleaseDate) {
        guard let format = Format.allCases.first(where: { DateStyle(format: $0).text(date) == written }) else {
            return nil
        }
        self.format = format
    }

    func text(_ date: ReleaseDate) -> String {
        let (year, month, day) = (String(date.year), date.month, date.day)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let long = MonthNames.long[month - 1]
        let short = MonthNames.short(month)
        switch format {
        case .iso: return date.iso
        case .isoSlashes: return "\(year)/\(two(month))/\(two(day))"
        case .isoDots: return "\(year).\(two(month)).\(two(day))"
        case .isoUnpadded: return "\(year)-\(month)-\(day)"
        case .monthDayYear: return "\(long) \(day), \(year)"
        case .monthDayYearShort: return "\(short) \(day), \(year)"
        case .monthDayNoCommaYear: return "\(long) \(day) \(year)"
        case .monthOrdinalYear: return "\(long) \(day)\(Self.ordinalSuffix(day)), \(year)"
        case .monthOrdinalNoCommaYear: return "\(long) \(day)\(Self.ordinalSuffix(day)) \(year)"
        case .monthShortOrdinalNoCommaYear: return "\(short) \(day)\(Self.ordinalSuffix(day)) \(year)"
        case .monthShortDayNoCommaYear: return "\(short) \(day) \(year)"
        case .dayMonthYear: return "\(day) \(long) \(year)"
        case .dayMonthYearShort: return "\(day) \(short) \(year)"
        case .paddedDayMonthYear: return "\(two(day)) \(long) \(year)"
        case .dayMonthCommaYear: return "\(day) \(long), \(year)"
        case .dayOrdinalMonthCommaYear: return "\(day)\(Self.ordinalSuffix(day)) \(long), \(year)"
        case .dayOrdinalMonthYear: return "\(day)\(Self.ordinalSuffix(day)) \(long) \(year)"
        case .dayFirstDots: return "\(two(day)).\(two(month)).\(year)"
        case .dayFirstSlashes: return "\(two(day))/\(two(month))/\(year)"
        case .monthFirstSlashes: return "\(two(month))/\(two(day))/\(year)"
        }
    }

    private static func ordinalSuffix(_ day: Int) -> String {
        if (11...13).contains(day) { return "th" }
        switch day % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }
}
