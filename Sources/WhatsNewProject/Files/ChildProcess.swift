#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another program started by whatsnew (git, the user's editor), with posix_spawn and waited
/// for with waitpid: no shell reads its words and no event loop stands between this run and it.
struct ChildProcess {
    /// The process's id.
    let id: pid_t

    /// Starts `words` (its program found on PATH when `searchesPath`) with `redirections` as
    /// `(descriptor, becomes)` pairs and `closing` shut in the child, or fails with the errno.
    /// It starts as a shell would start it: SIGPIPE back to its default (whatsnew ignores it for
    /// itself) and no signal blocked, so a child started inside `SignalShield.run` would not be
    /// shielded: none is.
    static func start(
        _ words: [String], searchesPath: Bool, redirections: [(Int32, Int32)] = [], closing: [Int32] = []
    ) -> Result<ChildProcess, SpawnError> {
        let cWords = words.map { strdup($0) } + [nil]
        defer { for word in cWords { free(word) } }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, target) in redirections { posix_spawn_file_actions_adddup2(&actions, descriptor, target) }
        for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        var none = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        let spawned =
            searchesPath
            ? posix_spawnp(&child, words[0], &actions, &attributes, cWords, environ)
            : posix_spawn(&child, words[0], &actions, &attributes, cWords, environ)
        return spawned == 0 ? .success(ChildProcess(id: child)) : .failure(SpawnError(number: spawned))
    }

    /// Waits for the process to end: its exit status, or 128 plus the signal that ended it, as
    /// a shell reports it.
    func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(id, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Why a program could not be started: posix_spawn's error number.
    struct SpawnError: Error {
        var number: Int32
    }
}
