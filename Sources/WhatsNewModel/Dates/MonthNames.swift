/// The English month names: the one table dates are read (`31 July 2022`, `Sept. 3 2024`) and
/// written (`18 March 2024`, a file's own `July 1, 2025`) with.
package enum MonthNames {
    /// `January` … `December`.
    package static let long = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `Jan` … `Dec`.
    package static func short(_ month: Int) -> String { String(long[month - 1].prefix(3)) }

    /// 1–12 for a month's name or its three-letter abbreviation (and `Sept`), in any case.
    package static func number(_ word: String) -> Int? { numbers[word.lowercased()] }

    private static let numbers: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, name) in long.enumerated() {
            table[name.lowercased()] = index + 1
            table[String(name.lowercased().prefix(3))] = index + 1
        }
        table["sept"] = 9
        return table
    }()
}

extension ReleaseDate {
    /// `18 March 2024`: the day first and the month in words, so no reader misreads it.
    public var longText: String { "\(day) \(MonthNames.long[month - 1]) \(year)" }
}
