import WhatsNewModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The name a fragment is written under: the time, a few words of the note, and four random
/// letters, so two notes written in the same second with the same words on two branches still
/// differ.
enum FragmentName {
    /// `20240502-143012-dark-mode-3f9a`.
    static func stem(of fragment: Fragment, at date: Date = Date()) -> String {
        timestamp(date) + "-" + slug(of: fragment) + "-" + randomTag()
    }

    /// Four lowercase hexadecimal digits.
    static func randomTag() -> String {
        let value = UInt16.random(in: 0...UInt16.max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// `20240502-143012`, in UTC so every branch's clock counts the same way.
    static func timestamp(_ date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func digits(_ value: Int?, _ count: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(parts.year, 4) + digits(parts.month, 2) + digits(parts.day, 2) + "-" + digits(parts.hour, 2)
            + digits(parts.minute, 2) + digits(parts.second, 2)
    }

    /// The calendar names are stamped in, made once: drafting stamps a name per commit.
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// Up to six words of the title, else of the note, as lowercase ASCII joined by `-`;
    /// the kind when no word survives (a note in Japanese).
    static func slug(of fragment: Fragment) -> String {
        let source = fragment.title ?? MarkdownContent(blocks: fragment.body.blocks).plainText
        let folded = source.foldingLatinMarks().lowercased()
        let words = folded.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.prefix(6)
        var slug = words.joined(separator: "-")
        if slug.count > 48 { slug = String(slug.prefix(48)).trimmingCharacters(from: "-") }
        return slug.isEmpty ? fragment.kind.name : slug
    }
}
