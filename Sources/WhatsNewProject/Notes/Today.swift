import Foundation
import WhatsNewModel

extension ReleaseDate {
    /// Today in the local time zone.
    package static var today: ReleaseDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return ReleaseDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)!
    }
}
