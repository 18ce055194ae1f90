import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ReleaseDate {
    /// Today in the local time zone (`TZ`, else the system's), on the Gregorian calendar as
    /// release dates are written, whatever calendar the locale uses. The C library's clock:
    /// Foundation's calendar would load ICU's data at start-up for one date.
    package static var today: ReleaseDate {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
            let date = ReleaseDate(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return ReleaseDate(year: 1970, month: 1, day: 1)! }
        return date
    }
}
