import WhatsNewModel

/// The releases a timeline and a feed hold, chosen here with the rest of the selection so that
/// no format sorts or cuts releases its own way.
extension Presentation {
    /// A timeline's: the `count` newest releases out that have something to show and a version
    /// (by precedence), and every scheduled one; all by day, oldest first, an undated one first.
    public func timelineReleases(newest count: Int) -> [PresentedRelease] {
        let out = releases.filter { !$0.isUnreleased && !$0.isScheduled && $0.hasContent && $0.version != nil }
        let newest = NewestFirst.byVersion(out) { $0.version! }.prefix(count)
        return NewestFirst.oldestByDay(Array(newest) + releases.filter(\.isScheduled)) { $0.date?.iso ?? "" }
    }

    /// A feed's: the `count` newest releases out that have a date, newest first by day;
    /// releases of one day in the notes' order.
    public func feedReleases(newest count: Int) -> [PresentedRelease] {
        let dated = releases.filter { $0.date != nil && !$0.isUnreleased && !$0.isScheduled }
        return Array(NewestFirst.byDay(dated) { $0.date! }.prefix(count))
    }
}
