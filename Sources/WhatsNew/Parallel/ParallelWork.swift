import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work shared out over the machine's cores in contiguous parts whose results come back in
/// order, so output made in parts is byte for byte the output made in one go.
enum ParallelWork {
    /// The cores to share work over; more than eight buys nothing at changelog sizes.
    static let processorCount = min(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), 8)

    /// `0..<total` cut into at most `parts` contiguous ranges of at least `minimum` items each;
    /// one range when the work is too small to share.
    static func ranges(of total: Int, minimum: Int, parts: Int = processorCount) -> [Range<Int>] {
        let count = max(1, min(parts, total / max(minimum, 1)))
        return (0..<count).map { part in (total * part / count)..<(total * (part + 1) / count) }
    }

    /// `transform` applied to every item, shared out in parts of at least `minimum` items.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], minimum: Int, _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
        let parts = ranges(of: items.count, minimum: minimum)
        guard parts.count > 1 else { return items.map(transform) }
        return Array(map(parts: parts.count) { part in items[parts[part]].map(transform) }.joined())
    }

    /// `body` run for each part, on as many cores as there are, the results in part order.
    static func map<Result: Sendable>(parts: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        guard parts > 1 else { return parts == 1 ? [body(0)] : [] }
        let results = Mutex([Result?](repeating: nil, count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let result = body(part)
            results.withLock { $0[part] = result }
        }
        return results.withLock { $0 }.map { $0! }
    }
}
