import Foundation
import Testing

/// Checks that take long or need tools a newcomer has not installed: browsers, tmux, the Nu
/// checker, docs sites, Python's validators, the static build, an app's own package build,
/// the largest inputs. `swift test` reports them as skipped; `.ci/run`'s second stage sets
/// WHATSNEW_SLOW_CHECKS=1 (and WHATSNEW_REQUIRE_TOOLS=1), and there they run and must pass.
enum SlowChecks {
    static let areOn = ProcessInfo.processInfo.environment["WHATSNEW_SLOW_CHECKS"] == "1"
    static let reason: Comment = "a slow check: .ci/run's second stage runs it (WHATSNEW_SLOW_CHECKS=1)"
}

extension Trait where Self == ConditionTrait {
    /// Runs only in `.ci/run`'s second stage.
    static var slowCheck: Self { .enabled(if: SlowChecks.areOn, SlowChecks.reason) }
}
