import WhatsNewModel

/// What a reader is shown of the notes: the releases chosen, their rows filtered and, for a size
/// family, fitted; which of them are scheduled; and whatsnew's own words. Every renderer reads
/// this and nothing else, so every format shows the same sheet.
public struct Presentation: Sendable {
    /// The notes the sheet is made from: its title, subtitle, accent and archives, and every release.
    public var document: Document
    /// The notes' path as diagnostics name it.
    public var path: String
    /// The releases shown, in the notes' order.
    public var releases: Releases
    /// whatsnew's own words and date form, in the sheet's locale.
    public var words: SheetWords

    /// A sheet of `releases` as they are (none scheduled, none fitted).
    public init(document: Document, releases: [Release], path: String = "", words: SheetWords = .english) {
        self.init(
            document: document, releases: Releases(releases.map { PresentedRelease($0) }), path: path, words: words)
    }

    /// A sheet of releases presented already (fitted to a size family, say).
    public init(document: Document, releases: [PresentedRelease], path: String = "", words: SheetWords = .english) {
        self.init(document: document, releases: Releases(releases), path: path, words: words)
    }

    /// A sheet of releases already presented.
    public init(document: Document, releases: Releases, path: String = "", words: SheetWords = .english) {
        self.document = document
        self.path = path
        self.releases = releases
        self.words = words
    }

    /// The sheet `options` ask for: the releases chosen as of their day, the rows their reader
    /// may see, each fitted to the size family when there is one. A selection the notes cannot
    /// give (a version they do not have) is a diagnostic naming the versions they do.
    public init(_ document: Document, path: String, options: SheetOptions = SheetOptions()) throws(Diagnostic) {
        let schedule = ReleaseSchedule(today: options.today)
        let chosen = options.filter.apply(
            to: try options.selection.releases(from: document, schedule: schedule, path: path))
        var releases = Releases(chosen, schedule: schedule)
        var earlier: [PresentedRelease] = []
        switch options.selection {
        case .latest, .version:
            // One release shown: a card fills the room it leaves with the releases before it.
            if options.size != nil || options.fillsCards, let first = releases.first, releases.count == 1,
                !first.isUnreleased
            {
                let before = ReleaseSelection.releases(
                    before: first.release, in: document.releases, schedule: schedule, limit: Self.earlierLimit)
                earlier = options.filter.apply(to: before).map { PresentedRelease($0) }
            }
        default:
            break
        }
        if let size = options.size {
            let budget = RowBudget(family: size, displayWidth: options.displayWidth, words: options.words)
            if let first = releases.first, releases.count == 1 {
                releases = Releases(budget.apply(to: first, filling: earlier))
            } else {
                releases = Releases(releases.map(budget.apply))
            }
        }
        self.init(document: document, releases: releases, path: path, words: options.words)
        self.earlier = earlier
    }

    /// The most releases a card may take in to fill its room: the largest card's rows.
    static let earlierLimit = SizeFamily.extraLarge.rows

    /// When the sheet shows one release (the latest, or a version) fitted to a size family or
    /// for cards (``SheetOptions/fillsCards``), the releases before it in the notes' order,
    /// newest first, their rows filtered as the sheet's: what a card shows in the room the
    /// release leaves (``RowBudget/apply(to:filling:)``).
    public var earlier: [PresentedRelease] = []

    /// Whether the sheet shows every release of the notes (an empty Unreleased heading is none):
    /// a whole changelog, which the older notes kept elsewhere
    /// (``/WhatsNewModel/Document/archives``) close.
    public var showsEveryRelease: Bool {
        !releases.isEmpty && releases.count == document.releases.count { !ReleaseSelection.isPlaceholder($0) }
    }

    /// The size family every release was fitted to; nil for the whole sheet.
    public var size: SizeFamily? {
        // Releases as the notes have them are fitted to none: no need to look at each.
        guard releases.isPresented, let family = releases.first?.size, releases.allSatisfy({ $0.size == family })
        else { return nil }
        return family
    }

    /// The releases shown, each made as it is reached: a long changelog's releases are not
    /// copied to say which are scheduled.
    public struct Releases: RandomAccessCollection, Sendable {
        private let releases: [Release]
        private let schedule: ReleaseSchedule?
        private let presented: [PresentedRelease]?

        /// Releases as the notes have them, scheduled as of `schedule`'s day.
        public init(_ releases: [Release], schedule: ReleaseSchedule? = nil) {
            self.releases = releases
            self.schedule = schedule
            presented = nil
        }

        /// Releases already presented (fitted to a size family, say).
        public init(_ presented: [PresentedRelease]) {
            releases = []
            schedule = nil
            self.presented = presented
        }

        /// The first position.
        public var startIndex: Int { 0 }
        /// One past the last position.
        public var endIndex: Int { presented?.count ?? releases.count }

        /// Whether the releases were presented already (fitted, say), rather than as the notes have them.
        var isPresented: Bool { presented != nil }

        /// Each row of each release shown, without making each release's presentation.
        package func forEachSection(_ body: (Section) -> Void) {
            if let presented {
                for release in presented { release.release.sections.forEach(body) }
            } else {
                for release in releases { release.sections.forEach(body) }
            }
        }

        /// The release at `position`, as the sheet shows it.
        public subscript(position: Int) -> PresentedRelease {
            if let presented { return presented[position] }
            let release = releases[position]
            return PresentedRelease(release, isScheduled: schedule?.isScheduled(release) ?? false)
        }
    }
}

/// What a sheet is asked to show: `--release` or `--since`, the day it is made, who reads it,
/// and the size family it fits.
public struct SheetOptions: Sendable {
    /// Which releases.
    public var selection: ReleaseSelection
    /// The day the sheet is made: releases dated later are scheduled. Nil schedules none.
    public var today: ReleaseDate?
    /// Whose rows, and which kinds are left out.
    public var filter: RowFilter
    /// The size family to fit each release to; nil for the whole sheet.
    public var size: SizeFamily?
    /// How text is measured when rows are fitted.
    public var displayWidth: DisplayWidth
    /// whatsnew's own words and date form.
    public var words: SheetWords

    /// Whether the sheet keeps the releases before the one it shows for cards to fill their
    /// room with (``Presentation/earlier``), though it fits none itself: a preview of every family.
    public var fillsCards = false

    /// The options; the latest release, whole, in English, unless said otherwise.
    public init(
        selection: ReleaseSelection = .latest, today: ReleaseDate? = nil, filter: RowFilter = RowFilter(),
        size: SizeFamily? = nil, displayWidth: DisplayWidth = DisplayWidth(), words: SheetWords = .english,
        fillsCards: Bool = false
    ) {
        self.fillsCards = fillsCards
        self.selection = selection
        self.today = today
        self.filter = filter
        self.size = size
        self.displayWidth = displayWidth
        self.words = words
    }
}
