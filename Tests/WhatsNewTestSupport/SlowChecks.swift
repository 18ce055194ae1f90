import Foundation
import Testing

/// Checks that take long or need tools a newcomer has not installed: browsers, tmux, the Nu
/// checker, docs sites, Python's validators, the static build, an app's own package build,
/// the largest inputs. `swift test` reports them as skipped; `.ci/run`'s second stage sets
/// WHATSNEW_SLOW_CHECKS=1 (and WHATSNEW_REQUIRE_TOOLS=1), and there they run and must pass.
public enum SlowChecks {
    /// Whether this run is `.ci/run`'s second stage.
    public static let areOn = ProcessInfo.processInfo.environment["WHATSNEW_SLOW_CHECKS"] == "1"
    /// Why a slow check is skipped in a plain `swift test`.
    public static let reason: Comment = "a slow check: .ci/run's second stage runs it (WHATSNEW_SLOW_CHECKS=1)"
    /// Whether a missing tool fails its checks instead of skipping them (WHATSNEW_REQUIRE_TOOLS=1,
    /// which `.ci/run` sets, so CI can never skip one).
    public static let toolsAreRequired = ProcessInfo.processInfo.environment["WHATSNEW_REQUIRE_TOOLS"] == "1"

    /// Whether a program of that name is on the PATH.
    public static func hasProgram(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)")
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs only in `.ci/run`'s second stage.
    public static var slowCheck: Self { .enabled(if: SlowChecks.areOn, SlowChecks.reason) }

    /// A slow check that runs when `tool` is there, or when the tools are required; skipped
    /// otherwise, saying why.
    public static func needs(_ tool: Bool, _ what: String) -> Self {
        .enabled(
            if: SlowChecks.areOn && (tool || SlowChecks.toolsAreRequired),
            SlowChecks.areOn ? Comment(rawValue: "\(what) is not installed") : SlowChecks.reason)
    }
}
