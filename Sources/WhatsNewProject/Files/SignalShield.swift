#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signals a cancelled job or Ctrl-C sends held back while files change together, so a
/// commit that takes milliseconds is never cut in half by them; they take effect right after.
/// A `SIGKILL` cannot be held back: the release journal covers that.
package enum SignalShield {
    /// Runs `body` with SIGINT, SIGTERM, SIGHUP and SIGQUIT blocked.
    package static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// A write to a closed pipe returns EPIPE instead of killing the process, so each
    /// writer decides: output ends quietly, diagnostics are dropped, files are reported.
    package static func reportBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
