/// What `whatsnew --format timeline` writes: dated entries a widget's timeline provider can
/// hand to the system as they are, each with the release fitted to every size family.
///
/// ```swift
/// let timeline = try JSONDecoder().decode(Timeline.self, from: data)
/// let entries = timeline.entries.map { entry in
///     (date: entry.date.flatMap(ISO8601DateFormatter.date) ?? .now, rows: entry.families.medium.sections)
/// }
/// ```
public struct Timeline: Codable, Sendable, Hashable {
    /// The schema this document follows: `1`.
    public var schemaVersion: Int
    /// The notes' title, or nil when they have none.
    public var title: String?
    /// Oldest first: the newest releases that are out, then every scheduled one.
    public var entries: [Entry]

    /// A timeline of the given entries.
    public init(schemaVersion: Int = 1, title: String?, entries: [Entry]) {
        self.schemaVersion = schemaVersion
        self.title = title
        self.entries = entries
    }

    /// One release, when it takes effect, and its fit to every size family.
    public struct Entry: Codable, Sendable, Hashable {
        /// The day the entry takes effect, `YYYY-MM-DD`: the release's date; nil for an undated
        /// release, which takes effect at once.
        public var date: String?
        /// The whole release.
        public var release: Sheet.Release
        /// The release fitted to each family.
        public var families: Families

        /// An entry for a release on a day.
        public init(date: String?, release: Sheet.Release, families: Families) {
            self.date = date
            self.release = release
            self.families = families
        }
    }

    /// One release per size family, in the table's order.
    public struct Families: Codable, Sendable, Hashable {
        /// For `systemSmall`: the heading and the first rows that fit.
        public var small: Sheet.Release
        /// For `systemMedium`.
        public var medium: Sheet.Release
        /// For `systemLarge`.
        public var large: Sheet.Release
        /// For `systemExtraLarge`.
        public var extraLarge: Sheet.Release
        /// For `accessoryRectangular`: a heading and row titles, without icons.
        public var rectangular: Sheet.Release
        /// For `accessoryInline`: one line.
        public var inline: Sheet.Release

        /// The release as each family shows it.
        public init(
            small: Sheet.Release, medium: Sheet.Release, large: Sheet.Release, extraLarge: Sheet.Release,
            rectangular: Sheet.Release, inline: Sheet.Release
        ) {
            self.small = small
            self.medium = medium
            self.large = large
            self.extraLarge = extraLarge
            self.rectangular = rectangular
            self.inline = inline
        }

        private enum CodingKeys: String, CodingKey {
            case small, medium, large
            case extraLarge = "extra-large"
            case rectangular, inline
        }
    }
}

// Decoded as the sheet is: a schema this library does not read is refused, not guessed.
extension Timeline {
    private enum CodingKeys: String, CodingKey { case schemaVersion, title, entries }

    /// Decodes a timeline of schema 1 (`schemaVersion` absent is 1); any other schema throws
    /// ``UnsupportedSchema``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try UnsupportedSchema.version(in: container, forKey: .schemaVersion)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        entries = try container.decode([Entry].self, forKey: .entries)
    }
}
