import Foundation
import Testing
import WhatsNewModel

/// Dates in a locale's long form come from data (`long-dates.tsv`) rather than ICU, so the
/// binary links no ICU: the data, read by `LongDates`, writes every date as ICU itself does
/// through Foundation's DateFormatter, for every locale it has and every month.
struct LongDatesTests {
    @Test func everyLocaleWritesEveryDateAsICUDoes() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let locales = LongDates.locales
        #expect(locales.count > 400)
        var checked = 0
        for tag in locales {
            let locale = try #require(LocaleTag(tag), "\(tag)")
            let ours = try #require(LongDates.formatter(for: locale))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: tag)
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.dateStyle = .long
            formatter.timeStyle = .none
            for (year, month, day) in [(2024, 1, 1), (2024, 2, 29), (1999, 3, 9), (2031, 4, 30)]
                + (5...12).map({ (2025, $0, 15) })
            {
                let date = try #require(ReleaseDate(year: year, month: month, day: day))
                let day = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day)))
                #expect(ours(date) == formatter.string(from: day), "\(tag) \(date.iso)")
                checked += 1
            }
        }
        #expect(checked >= 4800)
    }

    @Test func aLocaleTakesItsLanguagesFormAndAnUnknownLanguageNone() throws {
        let date = try #require(ReleaseDate(year: 2024, month: 3, day: 2))
        #expect(LongDates.formatter(for: try #require(LocaleTag("de")))?(date) == "2. März 2024")
        // de-CH has no row of its own: German's form.
        #expect(LongDates.formatter(for: try #require(LocaleTag("de-CH")))?(date) == "2. März 2024")
        #expect(LongDates.formatter(for: try #require(LocaleTag("de-AT")))?(date) == "2. März 2024")
        #expect(LongDates.formatter(for: try #require(LocaleTag("ja")))?(date) == "2024年3月2日")
        #expect(LongDates.formatter(for: try #require(LocaleTag("zh-TW")))?(date) == "2024年3月2日")
        #expect(LongDates.formatter(for: try #require(LocaleTag("xx"))) == nil)
        // A region whose script differs from its language's first: as ICU reads the tag.
        #expect(LongDates.formatter(for: try #require(LocaleTag("sr-ME")))?(date) == "2. mart 2024.")
        #expect(LongDates.formatter(for: try #require(LocaleTag("sr")))?(date) == "2. март 2024.")
    }

    @Test func latinMarksFoldToASCII() {
        #expect("Café Ünïcode Ærø Łódź straße".foldingLatinMarks() == "Cafe Unicode AEro Lodz strasse")
        // Letters with combining marks written apart fold the same.
        #expect("Cafe\u{301}".foldingLatinMarks() == "Cafe")
        #expect("日本語 Ελληνικά".foldingLatinMarks() == "日本語 Ελληνικά")
    }
}
