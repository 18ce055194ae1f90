/// A calendar date as release notes give it; always a real day of the Gregorian calendar.
public struct ReleaseDate: Sendable, Hashable, Comparable {
    /// Year, month and day in one word (`year × 512 + month × 32 + day`), ordered as the date
    /// is: a date stands in every release and heading of a changelog, so it is kept small.
    private let packed: Int32

    /// The year, such as 2024.
    public var year: Int { Int(packed >> 9) }
    /// The month, 1–12.
    public var month: Int { Int((packed >> 5) & 0xF) }
    /// The day of the month, 1–31.
    public var day: Int { Int(packed & 0x1F) }

    /// The years a date can name: four million either side of year 0.
    public static let years = -(1 << 22)..<(1 << 22)

    /// Nil unless the day exists (no 30 February, no month 13) in a year of ``years``.
    public init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month),
            (1...Self.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        packed = Int32(year) << 9 | Int32(month) << 5 | Int32(day)
    }

    /// Reads `YYYY-MM-DD` exactly, as options and settings write a day; nil for anything else.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public static func < (lhs: ReleaseDate, rhs: ReleaseDate) -> Bool { lhs.packed < rhs.packed }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
