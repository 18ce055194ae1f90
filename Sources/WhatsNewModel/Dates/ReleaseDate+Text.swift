extension ReleaseDate {
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `18 March 2024`: the day first and the month in words, so no reader misreads it.
    public var longText: String { "\(day) \(Self.monthNames[month - 1]) \(year)" }
}
