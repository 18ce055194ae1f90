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

    /// The items of a part whose result is handed on as soon as it is done: the renderers'
    /// runs of releases, small enough that few are held at a time.
    static let streamedPartLength = 64

    /// `total` items cut into parts of about `streamedPartLength` (never fewer parts than
    /// cores, none under half that), for work whose results are handed on, not kept.
    static func streamingRanges(of total: Int) -> [Range<Int>] {
        ranges(of: total, minimum: streamedPartLength / 2, parts: max(processorCount, total / streamedPartLength))
    }

    /// `body` run for each part on every core, each result handed to `handOn` with `output`
    /// as soon as the parts before it are done, in part order and one at a time. A long
    /// output is never held whole: a core that finishes a part while another is handing
    /// results on waits for it, so none runs far ahead of what has been consumed.
    static func forEach<Result: Sendable, Output: Sendable>(
        parts: Int, into output: inout Output, _ body: @Sendable (Int) -> Result,
        inOrder handOn: @escaping @Sendable (inout Output, Result) -> Void
    ) {
        guard parts > 1 else {
            if parts == 1 { handOn(&output, body(0)) }
            return
        }
        // Moved, not copied: a copy left here would make the first write there copy the buffer.
        let handOff = InOrderHandOff(consume output, handOn)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            handOff.finish(part, with: body(part))
        }
        output = handOff.takeOutput()
    }

    /// `background` run on another thread while `foreground` runs on this one: work that does
    /// not depend on the other's result and is best spread over the cores together.
    static func alongside<Background: Sendable, Foreground>(
        _ background: @escaping @Sendable () -> Background, _ foreground: () -> Foreground
    ) -> (Background, Foreground) {
        let result = Mutex<Background?>(nil)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let value = background()
            result.withLock { $0 = value }
        }
        let other = foreground()
        group.wait()
        return (result.withLock { $0.take()! }, other)
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

/// Results of parts that finish in any order, handed on in part order: each as soon
/// as every part before it is in, one at a time. A part that finishes while another is being
/// handed on waits for it, so finished results cannot pile up far ahead of the output.
final class InOrderHandOff<Result: Sendable, Output: Sendable>: Sendable {
    private let finished = Mutex((next: 0, results: [Int: Result]()))
    private let target: Mutex<Output?>
    private let handOn: @Sendable (inout Output, Result) -> Void

    init(_ output: consuming Output, _ handOn: @escaping @Sendable (inout Output, Result) -> Void) {
        target = Mutex(output)
        self.handOn = handOn
    }

    /// How many parts, from the first, have been handed on.
    var handedOn: Int { finished.withLock { $0.next } }

    /// The output with everything handed on; the hand-off is done with after this.
    func takeOutput() -> Output { target.withLock { $0.take()! } }

    func finish(_ part: Int, with result: Result) {
        finished.withLock { $0.results[part] = result }
        target.withLock { output in
            while let result = nextInOrder() { handOn(&output!, result) }
        }
    }

    private func nextInOrder() -> Result? {
        finished.withLock { finished in
            guard let result = finished.results.removeValue(forKey: finished.next) else { return nil }
            finished.next += 1
            return result
        }
    }
}
