import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command's words go: its output (standard output) and what it says about the run
/// (standard error). Tests hand the use cases one that keeps both.
package struct Console: Sendable {
    /// Writes output; the error number when it could not all be written.
    package var output: @Sendable (String) -> Int32?
    /// Says something about the run, a line at a time.
    package var report: @Sendable (String) -> Void
    /// Told each file read as notes, when a run is asked to show what it reads.
    package var readTrace: (@Sendable (String) -> Void)?
    /// Told, when a run is asked to show what it reads, how much of the notes it read in full.
    package var partTrace: (@Sendable (String) -> Void)?

    package init(
        output: @escaping @Sendable (String) -> Int32?, report: @escaping @Sendable (String) -> Void,
        readTrace: (@Sendable (String) -> Void)? = nil
    ) {
        self.output = output
        self.report = report
        self.readTrace = readTrace
    }

    /// The process's own standard output and standard error; with `WHATSNEW_TRACE_READS=1`, a
    /// line on standard error for each file read as notes (`whatsnew: read CHANGELOG.md`).
    package static let standard: Console = {
        var console = Console(output: { StandardOutput.write($0) }, report: { StandardError.write($0) })
        if ProcessEnvironment.variables["WHATSNEW_TRACE_READS"] == "1" {
            console.readTrace = { path in StandardError.write("whatsnew: read \(path)") }
            console.partTrace = { line in StandardError.write("whatsnew: \(line)") }
        }
        return console
    }()

    /// Writes the command's result: a reader that closed the stream ends the run quietly
    /// (`whatsnew lint | head`), a stream that cannot take it (a full disk) is an error.
    package func deliver(_ text: String) throws(CommandFailure) {
        guard let error = output(text) else { return }
        if error == EPIPE { throw .brokenPipe }
        throw CommandFailure(
            Diagnostic(
                .unwritableOutput, at: SourceLocation(path: "<stdout>"), "cannot write: \(describe(errno: error))"))
    }

    /// Findings, one a line.
    package func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        report(diagnostics.map { "\($0)\n" }.joined())
    }
}
