import WhatsNewModel

/// A release as the sheet shows it: the release with the rows shown, whether it is scheduled,
/// and, for a size family, what the family left out. It reads as the release it shows.
@dynamicMemberLookup
public struct PresentedRelease: Sendable, Hashable {
    /// The release, with only the rows the sheet shows.
    public var release: Release
    /// Dated after the day the sheet is made: announced, not out yet.
    public var isScheduled: Bool
    /// How a size family fitted the release; nil for the whole sheet.
    public var fitting: Fitting?

    /// How a size family fitted a release: which family, how many rows it left out, and which
    /// of the rows it shows it shortened.
    public struct Fitting: Sendable, Hashable {
        /// The family fitted to.
        public var family: SizeFamily
        /// How many rows the family left out.
        public var omitted: Int
        /// The rows shortened to fit, by their index in the release's sections.
        public var truncatedRows: Set<Int>
        /// Whether the release fills the room the release above it left in the family's card
        /// (an earlier release, headed by its version), rather than being the one it shows.
        public var fills = false

        /// A fitting to `family` that left out `omitted` rows and shortened `truncatedRows`.
        public init(family: SizeFamily, omitted: Int = 0, truncatedRows: Set<Int> = []) {
            self.family = family
            self.omitted = omitted
            self.truncatedRows = truncatedRows
        }
    }

    /// A release shown whole, scheduled or not.
    public init(_ release: Release, isScheduled: Bool = false, fitting: Fitting? = nil) {
        self.release = release
        self.isScheduled = isScheduled
        self.fitting = fitting
    }

    /// The release's own facts: `version`, `sections`, `date`… Inlinable, so a renderer's
    /// `release.version` compiles to the field itself, not a key path applied at run time.
    @inlinable public subscript<Value>(dynamicMember keyPath: KeyPath<Release, Value>) -> Value {
        release[keyPath: keyPath]
    }

    // The facts every renderer reads for every release, forwarded by name: through the key
    // path above, each read copied the whole release (16 copies a release in HTML and JSON).
    /// The release's version.
    public var version: ReleaseVersion? { release.version }
    /// The release's date.
    public var date: ReleaseDate? { release.date }
    /// The release's title.
    public var title: String { release.title }
    /// The release's summary.
    public var summary: MarkdownContent? { release.summary }
    /// The rows shown.
    public var sections: [Section] { release.sections }
    /// Whether the release is not out yet.
    public var isUnreleased: Bool { release.isUnreleased }
    /// The locale its words are in, in a sheet shown in one.
    public var locale: String? { release.locale }
    /// The release's comparison link.
    public var compare: String? { release.compare }
    /// The release's build number.
    public var build: String? { release.build }
    /// The release's show rule.
    public var show: ShowRule? { release.show }
    /// The version Sparkle compares.
    public var sparkleVersion: String? { release.sparkleVersion }

    /// The size family its rows were chosen for, when the sheet is made for one.
    public var size: SizeFamily? { fitting?.family }

    /// With a size family, how many rows it left out.
    public var omitted: Int { fitting?.omitted ?? 0 }

    /// Whether the release fills room a size family's card had left (``Fitting/fills``).
    public var fills: Bool { fitting?.fills ?? false }

    /// Whether a size family shortened the row at `index` of the release's sections.
    public func isTruncated(row index: Int) -> Bool { fitting?.truncatedRows.contains(index) ?? false }
}
