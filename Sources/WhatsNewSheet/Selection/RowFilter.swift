import WhatsNewModel

/// Who and where the sheet is for: rows whose front matter names other audiences or platforms
/// are left out, rows that name none are for everyone; and the kinds of row left out with
/// `--hide` (`dependencies`, `contributors`).
public struct RowFilter: Sendable, Hashable {
    /// `--audience`: a name such as `beta`; nil shows every audience's rows.
    public var audience: String?
    /// `--platform`: a name such as `ios`; nil shows every platform's rows.
    public var platform: String?

    /// `--hide`: kinds of row the sheet leaves out.
    public var hidden: Set<SectionKind>

    /// A filter; by default it shows every row.
    public init(audience: String? = nil, platform: String? = nil, hidden: Set<SectionKind> = []) {
        self.audience = audience?.lowercased()
        self.platform = platform?.lowercased()
        self.hidden = hidden
    }

    /// Whether the filter shows every row.
    public var isEmpty: Bool { audience == nil && platform == nil && hidden.isEmpty }

    /// The releases with only the rows the filter shows.
    public func apply(to releases: [Release]) -> [Release] {
        guard !isEmpty else { return releases }
        return releases.map { release in
            var release = release
            release.sections.removeAll { !shows($0) }
            return release
        }
    }

    func shows(_ section: Section) -> Bool {
        if let kind = section.kind, hidden.contains(kind) { return false }
        if let audience, !section.audiences.isEmpty, !section.audiences.contains(audience) { return false }
        if let platform, !section.platforms.isEmpty, !section.platforms.contains(platform) { return false }
        return true
    }
}

/// Releases dated after the day the sheet is made are scheduled: shown as such, and never the
/// latest before their day.
public struct ReleaseSchedule: Sendable, Hashable {
    /// The day the sheet is made; nil schedules nothing.
    public var today: ReleaseDate?

    /// A schedule as of `today`.
    public init(today: ReleaseDate?) {
        self.today = today
    }

    /// Whether the release is dated after today: announced, not out yet.
    public func isScheduled(_ release: Release) -> Bool {
        !release.isUnreleased && isScheduled(date: release.date)
    }

    /// Whether a release out on `date` is still to come on the schedule's day.
    public func isScheduled(date: ReleaseDate?) -> Bool {
        guard let today, let date else { return false }
        return date > today
    }
}
