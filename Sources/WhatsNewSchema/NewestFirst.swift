/// Releases put in order by version or by day: the one sort every part uses (an app's
/// ``Sheet/releasedNewestFirst()``, the timeline and the feed through the sheet's selection,
/// the pre-releases a release gathers, the newest release a rule reads). Items that tie keep
/// the order they are given in, which is the notes' own.
package enum NewestFirst {
    /// `items` newest first by ``ReleaseVersion`` precedence.
    package static func byVersion<Item>(_ items: some Sequence<Item>, _ version: (Item) -> ReleaseVersion) -> [Item] {
        sorted(items) { version($0).compare(to: version($1)) }
    }

    /// `items` oldest first by ``ReleaseVersion`` precedence.
    package static func oldestByVersion<Item>(_ items: some Sequence<Item>, _ version: (Item) -> ReleaseVersion)
        -> [Item]
    {
        sorted(items) { version($1).compare(to: version($0)) }
    }

    /// The newest of `items` by precedence, the first given among equals; nil when empty.
    package static func newest<Item>(_ items: some Sequence<Item>, _ version: (Item) -> ReleaseVersion) -> Item? {
        items.reduce(nil) { best, item in
            guard let best else { return item }
            return version(item).compare(to: version(best)) == .newer ? item : best
        }
    }

    /// `items` newest first by day.
    package static func byDay<Item, Day: Comparable>(_ items: some Sequence<Item>, _ day: (Item) -> Day) -> [Item] {
        sorted(items) { order(day($0), day($1)) }
    }

    /// `items` oldest first by day.
    package static func oldestByDay<Item, Day: Comparable>(_ items: some Sequence<Item>, _ day: (Item) -> Day)
        -> [Item]
    {
        sorted(items) { order(day($1), day($0)) }
    }

    /// How one day stands to another, as versions do.
    private static func order<Day: Comparable>(_ one: Day, _ other: Day) -> ReleaseVersion.Order {
        one > other ? .newer : one < other ? .older : .same
    }

    /// A stable sort: `first` before `second` when `order(first, second)` is `.newer`.
    private static func sorted<Item>(
        _ items: some Sequence<Item>, by order: (Item, Item) -> ReleaseVersion.Order
    ) -> [Item] {
        items.enumerated().sorted { left, right in
            switch order(left.element, right.element) {
            case .newer: true
            case .older: false
            case .same: left.offset < right.offset
            }
        }.map(\.element)
    }
}
